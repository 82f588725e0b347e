// The paired tests as the summaries report them: hand-made result rows with known per-query
// ratios give the exact Wilcoxon p-values, the Holm adjustment across planners, the verdict
// texts, the CSV columns and the repetition-noise warning.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "harness/output/report_html.h"
#include "harness/output/summary.h"
#include "harness/output/summary_significance.h"

namespace pathbench {
namespace {

RunRow row(const std::string& planner, int query, double time_us, std::uint64_t expansions) {
  RunRow r;
  r.dataset = "d";
  r.map = "m";
  r.query = query;
  r.bucket = query;
  r.planner = planner;
  r.status = Status::Solved;
  r.valid = true;
  r.cost = r.optimal = 10.0 + query;
  r.suboptimality = 1.0;
  r.time_us = time_us;
  r.counters.expansions = expansions;
  r.time_spread = 0.1;
  return r;
}

// Eight queries. "fast": log ratios 1..8 (all faster, untied: exact p = 2/256). "mixed": log
// ratios {1,-2,3,4,-5,6,7,8} (exact p = 0.1484375, see paired_tests_test). "same": identical.
std::vector<RunRow> rows() {
  const double mixed[] = {1, -2, 3, 4, -5, 6, 7, 8};
  std::vector<RunRow> out;
  for (int q = 0; q < 8; ++q) {
    out.push_back(row("base", q, 100.0, 100));
    out.push_back(row("fast", q, 100.0 / std::exp(q + 1.0), 50));
    out.push_back(row("mixed", q, 100.0 / std::exp(mixed[q]), 100));
    out.push_back(row("same", q, 100.0, 100));
  }
  return out;
}

const SummaryRow& find(const std::vector<SummaryRow>& s, const std::string& planner) {
  for (const SummaryRow& r : s)
    if (r.planner == planner) return r;
  throw std::runtime_error("no row for " + planner);
}

TEST(SummarySignificance, ExactPValuesHolmAndVerdicts) {
  SummaryOptions opt;
  opt.baseline = "base";
  const std::vector<SummaryRow> s = summarize(rows(), opt);
  ASSERT_EQ(s.size(), 4u);
  const SummaryRow& fast = find(s, "fast");
  EXPECT_EQ(fast.time_test.n, 8u);
  EXPECT_DOUBLE_EQ(fast.time_test.statistic, 0);
  EXPECT_DOUBLE_EQ(fast.time_test.p, 2.0 / 256);
  EXPECT_DOUBLE_EQ(fast.time_test.rank_biserial, 1.0);
  const SummaryRow& mixed = find(s, "mixed");
  EXPECT_DOUBLE_EQ(mixed.time_test.p, 0.1484375);
  // Holm over the two tests of the table (base and same have no non-zero difference):
  // 2 * 2/256 = 0.015625; the larger keeps max(0.015625, 1 * 0.1484375).
  EXPECT_DOUBLE_EQ(fast.time_test.p_holm, 0.015625);
  EXPECT_DOUBLE_EQ(mixed.time_test.p_holm, 0.1484375);
  EXPECT_TRUE(std::isnan(find(s, "same").time_test.p));
  EXPECT_EQ(verdict(fast.time_test, "faster", "slower"), "faster, p = 0.016");
  EXPECT_EQ(significance_mark(fast.time_test), "*");
  EXPECT_EQ(verdict(mixed.time_test, "faster", "slower"), "no detectable difference");
  EXPECT_EQ(significance_mark(mixed.time_test), "");
  EXPECT_EQ(verdict(find(s, "same").time_test, "faster", "slower"), "identical");
  EXPECT_EQ(verdict(find(s, "base").expansions_test, "fewer", "more"), "identical");
  // Expansions 100 -> 50 on every query: eight tied differences, normal approximation with
  // the tie correction: var = 8*9*17/24 - (8^3 - 8)/48 = 40.5, z = -18 / sqrt(40.5).
  EXPECT_EQ(fast.expansions_test.n, 8u);
  EXPECT_NEAR(fast.expansions_test.p, std::erfc(18 / std::sqrt(40.5) / std::sqrt(2.0)), 1e-12);
  EXPECT_EQ(verdict(fast.expansions_test, "fewer", "more").rfind("fewer, p = ", 0), 0u);
  // Median of the ratios e^1..e^8 is (e^4 + e^5) / 2; for n = 8, P(B <= 0) = 1/256 <= 0.025 <
  // P(B <= 1) = 9/256, so k = 1: [x(1), x(8)].
  EXPECT_NEAR(fast.median_speedup, (std::exp(4.0) + std::exp(5.0)) / 2, 1e-9);
  EXPECT_NEAR(fast.median_speedup_lo, std::exp(1.0), 1e-9);
  EXPECT_NEAR(fast.median_speedup_hi, std::exp(8.0), 1e-9);
  EXPECT_DOUBLE_EQ(fast.median_time_spread, 0.1);
}

TEST(SummarySignificance, NoBaselineMeansNoTests) {
  const std::vector<SummaryRow> s = summarize(rows(), SummaryOptions{});
  for (const SummaryRow& r : s) {
    EXPECT_EQ(r.time_test.pairs, 0u);
    EXPECT_TRUE(std::isnan(r.time_test.p_holm));
    EXPECT_EQ(verdict(r.time_test, "faster", "slower"), "-");
  }
  // The CSV fields stay aligned with the header even when empty.
  const std::filesystem::path file =
      std::filesystem::path(::testing::TempDir()) / "no_baseline_summary.csv";
  write_summary_csv(file, s);
  std::ifstream in(file);
  std::string header, line;
  ASSERT_TRUE(std::getline(in, header));
  const auto commas = [](const std::string& t) { return std::count(t.begin(), t.end(), ','); };
  while (std::getline(in, line)) EXPECT_EQ(commas(line), commas(header)) << line;
}

TEST(SummarySignificance, NoiseWarningWhenSpreadExceedsDifference) {
  SummaryRow r;
  r.group = "d";
  r.planner = "p";
  r.time_test.n = 10;
  r.median_speedup = 1.05;
  r.median_time_spread = 0.2;  // 20% noise, 5% difference
  EXPECT_TRUE(noise_swamps_difference(r));
  ASSERT_EQ(noise_warnings({r}).size(), 1u);
  EXPECT_NE(noise_warnings({r})[0].find("20.0%"), std::string::npos);
  r.median_speedup = 1.5;
  EXPECT_FALSE(noise_swamps_difference(r));
  r.median_time_spread = std::nan("");  // one repetition: nothing to judge
  r.median_speedup = 1.01;
  EXPECT_FALSE(noise_swamps_difference(r));
}

// summary.md and report.html carry the verdicts and the noise warning.
TEST(SummarySignificance, MarkdownAndHtmlShowVerdictsAndNoiseWarning) {
  std::vector<RunRow> runs = rows();
  for (RunRow& r : runs) r.time_spread = r.planner == "mixed" ? 1e6 : 0.0;  // swamps any ratio
  SummaryOptions opt;
  opt.baseline = "base";
  const auto overall = summarize(runs, opt);
  const auto by_length = summarize_by_length(runs, opt);
  std::ostringstream md;
  write_summary_markdown(md, "t", overall, by_length, opt);
  EXPECT_NE(md.str().find("| faster, p = 0.016 |"), std::string::npos) << md.str();
  EXPECT_NE(md.str().find("| no detectable difference |"), std::string::npos);
  EXPECT_NE(md.str().find("## Warnings: repetition noise"), std::string::npos);
  EXPECT_NE(md.str().find("- d / mixed: repetitions"), std::string::npos) << md.str();
  EXPECT_EQ(md.str().find("- d / fast:"), std::string::npos) << md.str();
  const std::filesystem::path html =
      std::filesystem::temp_directory_path() /
      ("pathbench_significance_test_" + std::to_string(std::random_device{}()) + ".html");
  write_report_html(html, "t", nlohmann::json::object(), overall, by_length, opt, "/nonexistent");
  std::ifstream in(html);
  const std::string page((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::filesystem::remove(html);
  EXPECT_NE(page.find("<ul id=\"noise-warnings\">"), std::string::npos);
  EXPECT_NE(page.find("faster, p = 0.016"), std::string::npos);
}

TEST(PValueText, Formats) {
  EXPECT_EQ(p_text(0.0004), "p < 0.001");
  EXPECT_EQ(p_text(0.01234), "p = 0.012");
  EXPECT_EQ(p_text(0.5), "p = 0.5");
  EXPECT_EQ(p_text(std::nan("")), "-");
}

}  // namespace
}  // namespace pathbench
