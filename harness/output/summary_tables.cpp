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

// A column of the summary tables: its header and what a row shows in it. Each column is defined
// once here and each table lists the ones it shows, so a header cannot drift from its cells.
struct Column {
  const char* header;
  std::string (*cell)(const SummaryRow&);
};

template <double SummaryRow::*field>
std::string number_cell(const SummaryRow& r) {
  return num(r.*field);
}

constexpr Column kGroup{"group", [](const SummaryRow& r) { return r.group; }};
constexpr Column kPlanner{"planner", [](const SummaryRow& r) { return r.planner; }};
constexpr Column kLength{"length", [](const SummaryRow& r) { return r.length_class; }};
constexpr Column kQueries{"queries", [](const SummaryRow& r) { return std::to_string(r.queries); }};
constexpr Column kSolved{"solved %", [](const SummaryRow& r) { return pct(r.solved, r.queries); }};
constexpr Column kValid{"valid %", [](const SummaryRow& r) { return pct(r.valid, r.validated); }};
constexpr Column kOptimal{"optimal %",
                          [](const SummaryRow& r) { return pct(r.optimal, r.with_reference); }};
constexpr Column kMeanExp{"mean exp", number_cell<&SummaryRow::mean_expansions>};
constexpr Column kMedianExp{"median exp", number_cell<&SummaryRow::median_expansions>};
constexpr Column kP95Exp{"p95 exp", number_cell<&SummaryRow::p95_expansions>};
constexpr Column kMeanGen{"mean gen", number_cell<&SummaryRow::mean_generated>};
constexpr Column kMedianGen{"median gen", number_cell<&SummaryRow::median_generated>};
constexpr Column kP95Gen{"p95 gen", number_cell<&SummaryRow::p95_generated>};
constexpr Column kMeanUs{"mean us", number_cell<&SummaryRow::mean_time_us>};
constexpr Column kMedianUs{"median us", number_cell<&SummaryRow::median_time_us>};
constexpr Column kP95Us{"p95 us", number_cell<&SummaryRow::p95_time_us>};
constexpr Column kMedianPathUs{"median path us", number_cell<&SummaryRow::median_path_us>};
constexpr Column kNsPerExp{"ns/exp", number_cell<&SummaryRow::ns_per_expansion>};
constexpr Column kMeanSub{"mean sub", number_cell<&SummaryRow::mean_suboptimality>};
constexpr Column kMaxSub{"max sub", number_cell<&SummaryRow::max_suboptimality>};
constexpr Column kTimeExponent{"time L^k", number_cell<&SummaryRow::time_exponent>};
constexpr Column kExpExponent{"exp L^k", number_cell<&SummaryRow::expansions_exponent>};
constexpr Column kPrepMs{"prep ms", number_cell<&SummaryRow::prep_ms>};
constexpr Column kPrepMb{"prep MB", [](const SummaryRow& r) {
                           return num(static_cast<double>(r.prep_bytes) / (1024.0 * 1024.0));
                         }};
constexpr Column kSpeedup{"speedup [95% CI]", speedup_text};
constexpr Column kExpRatio{"exp ratio", number_cell<&SummaryRow::expansion_ratio>};
// The median time ratio with its CI, the two verdicts and the effect size (see summary_notes).
constexpr Column kMedianRatio{"median ratio [95% CI]", [](const SummaryRow& r) -> std::string {
                                if (std::isnan(r.median_speedup)) return "-";
                                return fmt::format("{} [{}, {}]", num(r.median_speedup),
                                                   num(r.median_speedup_lo),
                                                   num(r.median_speedup_hi));
                              }};
constexpr Column kTimeTest{"time vs baseline", [](const SummaryRow& r) {
                             return verdict(r.time_test, "faster", "slower");
                           }};
constexpr Column kRankBiserial{"r_rb",
                               [](const SummaryRow& r) { return num(r.time_test.rank_biserial); }};
constexpr Column kExpansionsTest{"expansions vs baseline", [](const SummaryRow& r) {
                                   return verdict(r.expansions_test, "fewer", "more");
                                 }};
constexpr Column kSpread{"rep spread %",
                         [](const SummaryRow& r) { return num(100 * r.median_time_spread); }};

TextTable table_of(const std::vector<Column>& columns, const std::vector<SummaryRow>& rows,
                   std::size_t label_columns) {
  TextTable t;
  t.label_columns = label_columns;
  for (const Column& c : columns) t.header.emplace_back(c.header);
  for (const SummaryRow& r : rows) {
    std::vector<std::string>& cells = t.rows.emplace_back();
    for (const Column& c : columns) cells.push_back(c.cell(r));
  }
  return t;
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
  std::vector<Column> columns = {kGroup,     kPlanner, kQueries,   kSolved,   kValid,
                                 kOptimal,   kMeanExp, kMedianExp, kP95Exp,   kMeanGen,
                                 kMedianGen, kP95Gen,  kMeanUs,    kMedianUs, kP95Us};
  // One column for path writing: the rest of the times are the search alone.
  if (has_path_times(rows)) columns.push_back(kMedianPathUs);
  columns.insert(columns.end(), {kNsPerExp, kMeanSub, kMaxSub, kTimeExponent, kExpExponent});
  const bool prep = std::any_of(rows.begin(), rows.end(), [](const SummaryRow& r) {
    return r.prep_ms > 0 || r.prep_bytes > 0;
  });
  if (prep) columns.insert(columns.end(), {kPrepMs, kPrepMb});
  if (has_baseline(rows))
    columns.insert(columns.end(),
                   {kSpeedup, kExpRatio, kMedianRatio, kTimeTest, kRankBiserial, kExpansionsTest});
  if (has_spread(rows)) columns.push_back(kSpread);
  return table_of(columns, rows, 2);
}

TextTable length_table(const std::vector<SummaryRow>& rows) {
  std::vector<Column> columns = {kGroup,     kPlanner, kLength,   kQueries, kSolved, kOptimal,
                                 kMedianExp, kP95Exp,  kMedianUs, kP95Us,   kMeanSub};
  if (has_baseline(rows))
    columns.insert(columns.end(),
                   {kSpeedup, kMedianRatio, kTimeTest, kRankBiserial, kExpansionsTest});
  return table_of(columns, rows, 3);
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
