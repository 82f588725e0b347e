#include "harness/output/summary_significance.h"

#include <fmt/format.h>

#include <cmath>

#include "harness/stats/paired_tests.h"
#include "harness/text/number_format.h"

namespace pathbench {
namespace {

PairedTest test_log_ratios(std::span<const double> ratios) {
  std::vector<double> logs;
  logs.reserve(ratios.size());
  for (double r : ratios) logs.push_back(std::log(r));
  const stats::WilcoxonResult w = stats::wilcoxon_signed_rank(logs);
  PairedTest t;
  t.pairs = logs.size();
  t.n = w.n;
  t.statistic = w.statistic;
  t.p = t.p_holm = w.p_value;
  t.rank_biserial = w.rank_biserial;
  return t;
}

void holm(std::vector<SummaryRow>& rows, PairedTest SummaryRow::*field) {
  std::vector<double> p;
  for (const SummaryRow& r : rows) p.push_back((r.*field).p);
  const std::vector<double> adjusted = stats::holm_adjust(p);
  for (std::size_t i = 0; i < rows.size(); ++i) (rows[i].*field).p_holm = adjusted[i];
}

}  // namespace

void fill_time_tests(std::span<const double> time_ratios, SummaryRow& s) {
  s.time_test = test_log_ratios(time_ratios);
  const stats::MedianCi m = stats::median_with_ci(time_ratios);
  s.median_speedup = m.median;
  s.median_speedup_lo = m.lower;
  s.median_speedup_hi = m.upper;
}

void fill_expansions_test(std::span<const double> expansion_ratios, SummaryRow& s) {
  s.expansions_test = test_log_ratios(expansion_ratios);
}

void adjust_for_multiple_comparisons(std::vector<SummaryRow>& rows) {
  holm(rows, &SummaryRow::time_test);
  holm(rows, &SummaryRow::expansions_test);
}

std::string p_text(double p) {
  if (std::isnan(p)) return "-";
  if (p < 0.001) return "p < 0.001";
  return fmt::format("p = {:.2g}", p);
}

std::string verdict(const PairedTest& t, const char* better, const char* worse) {
  if (t.pairs == 0) return "-";
  if (t.n == 0) return "identical";
  if (!(t.p_holm < kSignificanceLevel)) return "no detectable difference";
  return fmt::format("{}, {}", t.rank_biserial > 0 ? better : worse, p_text(t.p_holm));
}

std::string significance_mark(const PairedTest& t) {
  if (!(t.p_holm < kSignificanceLevel)) return "";
  if (t.p_holm < 0.001) return "***";
  if (t.p_holm < 0.01) return "**";
  return "*";
}

bool noise_swamps_difference(const SummaryRow& r) {
  if (r.time_test.n == 0 || std::isnan(r.median_speedup) || std::isnan(r.median_time_spread))
    return false;
  return r.median_time_spread >= std::fabs(r.median_speedup - 1.0);
}

std::vector<std::string> noise_warnings(const std::vector<SummaryRow>& rows) {
  std::vector<std::string> out;
  for (const SummaryRow& r : rows)
    if (noise_swamps_difference(r))
      out.push_back(fmt::format(
          "{} / {}{}: repetitions of one query spread by {:.1f}% of their median (median over "
          "queries), at least the {:.1f}% difference from the baseline; more repetitions or a "
          "quieter machine are needed before trusting it.",
          r.group, r.planner, r.length_class.empty() ? "" : " / " + r.length_class,
          100 * r.median_time_spread, 100 * std::fabs(r.median_speedup - 1.0)));
  return out;
}

}  // namespace pathbench
