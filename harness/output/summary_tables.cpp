// The summary as text: the table `pathbench run` prints and the cells of summary.md and
// report.html (overall and per path length), with the paragraph that defines their columns.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "harness/output/summary.h"
#include "harness/output/summary_significance.h"
#include "harness/text/number_format.h"

namespace pathbench {
namespace {

// Compact human-readable number: integers for large values, 3 significant digits for small ones.
std::string num(double v) {
  if (std::isnan(v)) return "-";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  const double a = std::fabs(v);
  // Thresholds just below the powers of ten so rounding never drops a digit (0.9999 -> 1.00).
  if (a >= 999.5) return fmt::format("{:.0f}", v);
  if (a >= 99.95) return fmt::format("{:.1f}", v);
  if (a >= 0.995 || a == 0) return fmt::format("{:.2f}", v);
  return fmt::format("{:.3g}", v);
}

std::string pct(std::size_t part, std::size_t whole) { return percent(part, whole, "-"); }

std::string speedup_text(const SummaryRow& r) {
  if (std::isnan(r.speedup)) return "-";
  return fmt::format("{} [{}, {}]", num(r.speedup), num(r.speedup_lo), num(r.speedup_hi));
}

bool has_baseline(const std::vector<SummaryRow>& rows) {
  return std::any_of(rows.begin(), rows.end(),
                     [](const SummaryRow& r) { return !std::isnan(r.speedup); });
}

bool has_path_times(const std::vector<SummaryRow>& rows) {
  return std::any_of(rows.begin(), rows.end(),
                     [](const SummaryRow& r) { return !std::isnan(r.median_path_us); });
}

bool has_spread(const std::vector<SummaryRow>& rows) {
  return std::any_of(rows.begin(), rows.end(),
                     [](const SummaryRow& r) { return !std::isnan(r.median_time_spread); });
}

// Median time ratio with its CI, the two verdicts and the effect size (see summary_notes).
void append_test_cells(const SummaryRow& r, std::vector<std::string>& c) {
  c.push_back(std::isnan(r.median_speedup)
                  ? "-"
                  : fmt::format("{} [{}, {}]", num(r.median_speedup), num(r.median_speedup_lo),
                                num(r.median_speedup_hi)));
  c.push_back(verdict(r.time_test, "faster", "slower"));
  c.push_back(num(r.time_test.rank_biserial));
  c.push_back(verdict(r.expansions_test, "fewer", "more"));
}

}  // namespace

void print_summary_table(std::ostream& out, const std::vector<SummaryRow>& rows) {
  std::size_t gw = 5, pw = 7;
  for (const auto& r : rows) {
    gw = std::max(gw, r.group.size());
    pw = std::max(pw, r.planner.size());
  }
  const bool speed = has_baseline(rows);
  out << fmt::format("{:<{}}  {:<{}} {:>6} {:>6} {:>6} {:>6} {:>9} {:>9} {:>9} {:>9} {:>6} {:>7}",
                     "group", gw, "planner", pw, "n", "solv%", "valid%", "opt%", "mean_exp",
                     "med_exp", "mean_us", "med_us", "ns/exp", "max_sub");
  if (speed) out << "  speedup [95% CI]";
  out << '\n';
  for (const auto& r : rows) {
    out << fmt::format("{:<{}}  {:<{}} {:>6} {:>6} {:>6} {:>6} {:>9} {:>9} {:>9} {:>9} {:>6} {:>7}",
                       r.group, gw, r.planner, pw, r.queries, pct(r.solved, r.queries),
                       pct(r.valid, r.validated), pct(r.optimal, r.with_reference),
                       num(r.mean_expansions), num(r.median_expansions), num(r.mean_time_us),
                       num(r.median_time_us), num(r.ns_per_expansion), num(r.max_suboptimality));
    if (speed) out << "  " << speedup_text(r) << significance_mark(r.time_test);
    out << '\n';
  }
  if (speed)
    out << "(* / ** / ***: Holm-adjusted Wilcoxon p < 0.05 / 0.01 / 0.001 against the baseline)\n";
  if (const std::size_t noisy = noise_warnings(rows).size(); noisy > 0)
    out << fmt::format(
        "warning: on {} row(s) the repetitions of a query spread more than the difference from "
        "the baseline (summary.md lists them)\n",
        noisy);
}

TextTable overall_table(const std::vector<SummaryRow>& rows) {
  const bool speed = has_baseline(rows);
  const bool prep = std::any_of(rows.begin(), rows.end(), [](const SummaryRow& r) {
    return r.prep_ms > 0 || r.prep_bytes > 0;
  });
  TextTable t;
  t.header = {"group",      "planner",  "queries",    "solved %",  "valid %",
              "optimal %",  "mean exp", "median exp", "p95 exp",   "mean gen",
              "median gen", "p95 gen",  "mean us",    "median us", "p95 us",
              "ns/exp",     "mean sub", "max sub",    "time L^k",  "exp L^k"};
  // One column for path writing: the rest of the times are the search alone.
  const bool path = has_path_times(rows);
  if (path) t.header.insert(t.header.begin() + 15, "median path us");
  if (prep) t.header.insert(t.header.end(), {"prep ms", "prep MB"});
  if (speed)
    t.header.insert(t.header.end(), {"speedup [95% CI]", "exp ratio", "median ratio [95% CI]",
                                     "time vs baseline", "r_rb", "expansions vs baseline"});
  const bool spread = has_spread(rows);
  if (spread) t.header.emplace_back("rep spread %");
  for (const SummaryRow& r : rows) {
    std::vector<std::string> c = {r.group,
                                  r.planner,
                                  std::to_string(r.queries),
                                  pct(r.solved, r.queries),
                                  pct(r.valid, r.validated),
                                  pct(r.optimal, r.with_reference),
                                  num(r.mean_expansions),
                                  num(r.median_expansions),
                                  num(r.p95_expansions),
                                  num(r.mean_generated),
                                  num(r.median_generated),
                                  num(r.p95_generated),
                                  num(r.mean_time_us),
                                  num(r.median_time_us),
                                  num(r.p95_time_us),
                                  num(r.ns_per_expansion),
                                  num(r.mean_suboptimality),
                                  num(r.max_suboptimality),
                                  num(r.time_exponent),
                                  num(r.expansions_exponent)};
    if (path) c.insert(c.begin() + 15, num(r.median_path_us));
    if (prep) {
      c.push_back(num(r.prep_ms));
      c.push_back(num(static_cast<double>(r.prep_bytes) / (1024.0 * 1024.0)));
    }
    if (speed) {
      c.push_back(speedup_text(r));
      c.push_back(num(r.expansion_ratio));
      append_test_cells(r, c);
    }
    if (spread) c.push_back(num(100 * r.median_time_spread));
    t.rows.push_back(std::move(c));
  }
  return t;
}

TextTable length_table(const std::vector<SummaryRow>& rows) {
  const bool speed = has_baseline(rows);
  TextTable t;
  t.label_columns = 3;
  t.header = {"group",      "planner", "length",    "queries", "solved %", "optimal %",
              "median exp", "p95 exp", "median us", "p95 us",  "mean sub"};
  if (speed)
    t.header.insert(t.header.end(), {"speedup [95% CI]", "median ratio [95% CI]",
                                     "time vs baseline", "r_rb", "expansions vs baseline"});
  for (const SummaryRow& r : rows) {
    std::vector<std::string> c = {r.group,
                                  r.planner,
                                  r.length_class,
                                  std::to_string(r.queries),
                                  pct(r.solved, r.queries),
                                  pct(r.optimal, r.with_reference),
                                  num(r.median_expansions),
                                  num(r.p95_expansions),
                                  num(r.median_time_us),
                                  num(r.p95_time_us),
                                  num(r.mean_suboptimality)};
    if (speed) {
      c.push_back(speedup_text(r));
      append_test_cells(r, c);
    }
    t.rows.push_back(std::move(c));
  }
  return t;
}

std::string summary_notes(const std::vector<SummaryRow>& rows, const SummaryOptions& options) {
  std::string text = fmt::format(
      "Per {} and planner. Expansions, generated nodes and times (microseconds; each the median "
      "over repetitions) are over solved queries; p95 is the linearly interpolated 95th "
      "percentile; ns/exp is total time / total expansions; sub is cost / optimal; L^k is the "
      "least-squares exponent k of time (or expansions) ~ optimal length^k. Length classes cut "
      "each map's bucket range (optimal length / 4) into thirds.",
      options.by == GroupBy::Map ? "map" : "dataset");
  if (has_path_times(rows))
    text +=
        " Times are the search alone, as peers that stop their clock before walking parents "
        "measure them (speedups and ns/exp too); path us is writing the path and its cost after "
        "the search (runs.csv path_us; summary.csv has mean_total_us, the whole solve).";
  else
    text +=
        " This run has no path_us column (runs.csv before schema version 3): its times include "
        "writing the path.";
  if (has_baseline(rows))
    text += fmt::format(
        " Speedup is the geometric mean over queries of {0} time / planner time (queries solved "
        "by both) with a 95% percentile-bootstrap interval ({1} resamples, seed {2}); exp ratio is "
        "the same for expansions. Median ratio is the median of the same per-query ratios with a "
        "distribution-free 95% interval (order statistics). 'time vs baseline' and 'expansions "
        "vs baseline' are two-sided Wilcoxon signed-rank tests on log({0} / planner) per query "
        "(zero differences dropped; exact null distribution up to 50 pairs without ties, else "
        "the normal approximation with tie correction), p-values Holm-adjusted over the rows of "
        "each table, one family per metric; 'faster, p < 0.001' means significant at 5% after "
        "adjustment, 'identical' that every pair was equal. r_rb is the matched-pairs "
        "rank-biserial correlation (+1: faster on every query, -1: slower on every query).",
        options.baseline, options.bootstrap_resamples, options.seed);
  if (has_spread(rows))
    text +=
        " rep spread % is the median over solved queries of (max - min) / median of the "
        "repetitions' times: the run-to-run noise of one measurement.";
  if (!has_baseline(rows) && !options.baseline.empty())
    text += fmt::format(" No planner is labelled exactly '{}', so there are no speedups.",
                        options.baseline);
  return text;
}

}  // namespace pathbench
