#include "harness/output/summary_schema.h"

#include <array>

#include "harness/text/number_format.h"

namespace pathbench {
namespace {

std::string count(std::size_t n) { return std::to_string(n); }

// Columns that are one number of the row, printed in shortest round-trip form.
#define PB_REAL(member) [](const SummaryRow& r) { return csv_number(r.member); }
#define PB_COUNT(member) [](const SummaryRow& r) { return count(r.member); }

const std::array kSummarySchema = {
    SummaryColumn{"group", "", false, "dataset, or dataset/map with --by-map",
                  [](const SummaryRow& r) { return r.group; }},
    SummaryColumn{"planner", "", false, "the planner's label",
                  [](const SummaryRow& r) { return r.planner; }},
    SummaryColumn{"length_class", "", true,
                  "short, medium or long: the third of its map's bucket range a query is in",
                  [](const SummaryRow& r) { return r.length_class; }},
    SummaryColumn{"queries", "", false, "rows of the cell", PB_COUNT(queries)},
    SummaryColumn{"solved", "", false, "rows with status solved", PB_COUNT(solved)},
    SummaryColumn{"valid", "", false, "rows that passed validation", PB_COUNT(valid)},
    SummaryColumn{"optimal", "", false,
                  "solved rows whose cost equals the reference at its printed precision",
                  PB_COUNT(optimal)},
    SummaryColumn{"with_reference", "", false, "solved rows with a finite reference optimum",
                  PB_COUNT(with_reference)},
    SummaryColumn{"mean_expansions", "", false, "over solved rows", PB_REAL(mean_expansions)},
    SummaryColumn{"median_expansions", "", false, "over solved rows", PB_REAL(median_expansions)},
    SummaryColumn{"p95_expansions", "", false, "type-7 quantile over solved rows",
                  PB_REAL(p95_expansions)},
    SummaryColumn{"mean_generated", "", false, "over solved rows", PB_REAL(mean_generated)},
    SummaryColumn{"median_generated", "", false, "over solved rows", PB_REAL(median_generated)},
    SummaryColumn{"p95_generated", "", false, "type-7 quantile over solved rows",
                  PB_REAL(p95_generated)},
    SummaryColumn{"mean_time_us", "us", false, "search time (runs.csv time_us), solved rows",
                  PB_REAL(mean_time_us)},
    SummaryColumn{"median_time_us", "us", false, "search time, solved rows",
                  PB_REAL(median_time_us)},
    SummaryColumn{"p95_time_us", "us", false, "search time, type-7 quantile, solved rows",
                  PB_REAL(p95_time_us)},
    SummaryColumn{"ns_per_expansion", "ns", false,
                  "total search time / total expansions over solved rows",
                  PB_REAL(ns_per_expansion)},
    SummaryColumn{"mean_suboptimality", "", false, "cost / reference - 1, solved rows with one",
                  PB_REAL(mean_suboptimality)},
    SummaryColumn{"max_suboptimality", "", false, "the largest of those",
                  PB_REAL(max_suboptimality)},
    SummaryColumn{"prep_ms", "ms", false, "preparation summed over the cell's maps",
                  PB_REAL(prep_ms)},
    SummaryColumn{"prep_bytes", "bytes", false, "largest preparation memory over its maps",
                  PB_COUNT(prep_bytes)},
    SummaryColumn{"speedup_pairs", "", false,
                  "queries solved by this planner and the baseline, both with positive times",
                  PB_COUNT(speedup_pairs)},
    SummaryColumn{"speedup_geomean", "", false,
                  "geometric mean over queries of baseline time_us / time_us", PB_REAL(speedup)},
    SummaryColumn{"speedup_ci_lo", "", false, "its 95% percentile-bootstrap CI, lower end",
                  PB_REAL(speedup_lo)},
    SummaryColumn{"speedup_ci_hi", "", false, "its 95% percentile-bootstrap CI, upper end",
                  PB_REAL(speedup_hi)},
    SummaryColumn{"expansion_ratio_geomean", "", false,
                  "geometric mean of baseline expansions / expansions", PB_REAL(expansion_ratio)},
    SummaryColumn{"time_exponent", "", false,
                  "k in time_us ~ optimal length^k (least squares on logs)",
                  PB_REAL(time_exponent)},
    SummaryColumn{"expansions_exponent", "", false, "k in expansions ~ optimal length^k",
                  PB_REAL(expansions_exponent)},
    SummaryColumn{"time_test_pairs", "", false,
                  "queries paired with the baseline for the time test", PB_COUNT(time_test.pairs)},
    SummaryColumn{"time_test_n", "", false, "non-zero differences the Wilcoxon test used",
                  PB_COUNT(time_test.n)},
    SummaryColumn{"time_wilcoxon_T", "", false, "Wilcoxon signed-rank T on log time ratios",
                  PB_REAL(time_test.statistic)},
    SummaryColumn{"time_p", "", false, "its two-sided p-value", PB_REAL(time_test.p)},
    SummaryColumn{"time_p_holm", "", false, "Holm-adjusted over the table's rows",
                  PB_REAL(time_test.p_holm)},
    SummaryColumn{"time_rank_biserial", "", false, "effect size; > 0: faster than the baseline",
                  PB_REAL(time_test.rank_biserial)},
    SummaryColumn{"median_speedup", "", false, "median over queries of baseline time / time",
                  PB_REAL(median_speedup)},
    SummaryColumn{"median_speedup_ci_lo", "", false, "its 95% CI, lower end",
                  PB_REAL(median_speedup_lo)},
    SummaryColumn{"median_speedup_ci_hi", "", false, "its 95% CI, upper end",
                  PB_REAL(median_speedup_hi)},
    SummaryColumn{"expansions_test_n", "", false, "non-zero differences of the expansions test",
                  PB_COUNT(expansions_test.n)},
    SummaryColumn{"expansions_wilcoxon_T", "", false, "Wilcoxon T on log expansion ratios",
                  PB_REAL(expansions_test.statistic)},
    SummaryColumn{"expansions_p", "", false, "its two-sided p-value", PB_REAL(expansions_test.p)},
    SummaryColumn{"expansions_p_holm", "", false, "Holm-adjusted over the table's rows",
                  PB_REAL(expansions_test.p_holm)},
    SummaryColumn{"expansions_rank_biserial", "", false,
                  "effect size; > 0: fewer expansions than the baseline",
                  PB_REAL(expansions_test.rank_biserial)},
    SummaryColumn{"median_time_spread", "", false,
                  "median over solved rows of runs.csv time_spread (empty: one repetition)",
                  PB_REAL(median_time_spread)},
    SummaryColumn{"mean_path_us", "us", false, "path writing (runs.csv path_us), solved rows",
                  PB_REAL(mean_path_us)},
    SummaryColumn{"median_path_us", "us", false, "path writing, solved rows",
                  PB_REAL(median_path_us)},
    SummaryColumn{"mean_total_us", "us", false, "mean of time_us + path_us: the whole solve()",
                  PB_REAL(mean_total_us)},
};

#undef PB_REAL
#undef PB_COUNT

}  // namespace

std::span<const SummaryColumn> summary_columns() { return kSummarySchema; }

ColumnTable summary_schema_table() {
  ColumnTable t{{"column", "unit", "meaning"}, {}};
  for (const SummaryColumn& c : kSummarySchema)
    t.rows.push_back(
        {std::string(c.name), std::string(c.unit),
         std::string(c.meaning) + (c.by_length_only ? " (summary_buckets.csv only)" : "")});
  return t;
}

}  // namespace pathbench
