// The "is it really faster?" part of the summaries: for each (group, planner) cell with a
// baseline, a paired Wilcoxon signed-rank test (harness/stats/paired_tests.h) on the per-query
// log ratios log(baseline / planner) of search times and of expansions, the median of the time
// ratios with a distribution-free 95% CI, the matched-pairs rank-biserial correlation, and the
// Holm-Bonferroni correction over the tests of one table (summary.csv is one family per metric,
// summary_buckets.csv another). Also the repetition-noise warning.
//
// Why log ratios: queries differ in length by orders of magnitude, so raw time differences
// would let the longest queries decide alone; the log ratio is scale-free and symmetric
// (a planner twice as fast and one twice as slow are equally far from zero).
#pragma once

#include <span>
#include <string>
#include <vector>

#include "harness/output/summary.h"

namespace pathbench {

// Significance level of the verdicts, on Holm-adjusted p-values.
inline constexpr double kSignificanceLevel = 0.05;

// Fill time_test and median_speedup* of `s` from the per-query time ratios baseline / planner
// (all > 0), and expansions_test from the expansion ratios; two functions so that a cell's two
// samples need not be in memory together. p_holm is set to p until
// adjust_for_multiple_comparisons runs.
void fill_time_tests(std::span<const double> time_ratios, SummaryRow& s);
void fill_expansions_test(std::span<const double> expansion_ratios, SummaryRow& s);

// Holm-adjusts the time tests of `rows` as one family and the expansions tests as another.
void adjust_for_multiple_comparisons(std::vector<SummaryRow>& rows);

// "faster, p < 0.001", "slower, p = 0.012", "no detectable difference", "identical" (every pair
// equal) or "-" (no pairs). `better` / `worse` name the direction ("faster" / "slower").
std::string verdict(const PairedTest& t, const char* better, const char* worse);
// "***" (p < 0.001), "**" (< 0.01), "*" (< 0.05) on the Holm-adjusted p, else "".
std::string significance_mark(const PairedTest& t);
// "p < 0.001" or "p = 0.012" (two significant digits).
std::string p_text(double p);

// True when the repetitions of one query disagree by more than the effect being reported: the
// median repetition spread of the planner is at least |median speedup - 1|. Rows without a
// baseline comparison or without spreads never warn.
bool noise_swamps_difference(const SummaryRow& r);
// One sentence per warned row, for summary.md and report.html.
std::vector<std::string> noise_warnings(const std::vector<SummaryRow>& rows);

}  // namespace pathbench
