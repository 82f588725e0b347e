// Paired significance tests for "is planner B really faster than A on the same queries?":
// the Wilcoxon signed-rank test, the Holm-Bonferroni correction of a family of p-values, the
// matched-pairs rank-biserial correlation, and a distribution-free CI of a median.
//
// The Wilcoxon test follows scipy.stats.wilcoxon(d) with its defaults (two-sided,
// zero_method='wilcox', correction=False), checked against SciPy in tests/harness/scipy_wilcoxon:
//  - zero differences are dropped ('wilcox'); n is the count of the remaining ones;
//  - |d| is ranked with average ranks for ties; r_plus / r_minus sum the ranks of d > 0 / d < 0;
//    the statistic is min(r_plus, r_minus);
//  - exact p-value (the null distribution of r_plus, all 2^n sign patterns) when the input has at
//    most 50 values, no zero and no tied |d| -- SciPy's method='auto' for n <= 50 (SciPy 1.10's
//    'auto' also uses the exact distribution with ties, truncating half ranks; newer SciPy and
//    this code use the normal approximation then, which is correct for ties);
//  - otherwise the normal approximation: z = (T - n(n+1)/4) / sqrt(n(n+1)(2n+1)/24 - sum over
//    tie groups of t(t^2-1)/48), p = 2 * (1 - Phi(|z|)).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace pathbench::stats {

struct WilcoxonResult {
  std::size_t n = 0;         // non-zero differences used
  std::size_t zeros = 0;     // dropped zero differences
  double r_plus = 0;         // rank sum of positive differences
  double r_minus = 0;        // rank sum of negative differences
  double statistic = 0;      // min(r_plus, r_minus), as SciPy's two-sided statistic
  double z = 0;              // normal-approximation z (NaN when exact)
  double p_value = 0;        // two-sided; NaN when n == 0
  bool exact = false;        // exact null distribution used
  double rank_biserial = 0;  // (r_plus - r_minus) / (r_plus + r_minus); NaN when n == 0
};

// Two-sided Wilcoxon signed-rank test of the differences `d` (NaNs must be removed by the
// caller; they are ignored here). All fields NaN-safe: an empty or all-zero input gives n == 0
// and NaN p-value, statistic and rank-biserial correlation (SciPy raises instead).
WilcoxonResult wilcoxon_signed_rank(std::span<const double> d);

// P(R+ <= k) under the null for n untied non-zero differences (exact, 0 <= n <= 63).
double wilcoxon_exact_cdf(std::size_t n, double k);

// Holm-Bonferroni step-down adjusted p-values, in input order: sort ascending, multiply the i-th
// smallest (0-based) by (m - i), make them non-decreasing, cap at 1. NaN entries are not part of
// the family (m counts only the others) and stay NaN.
std::vector<double> holm_adjust(std::span<const double> p);

struct MedianCi {
  double median = 0;
  double lower = 0;
  double upper = 0;
};

// Median of `v` with a distribution-free confidence interval from order statistics: with the
// values sorted x(1..n) and B ~ Binomial(n, 1/2), the interval [x(k), x(n+1-k)] for the largest
// k with P(B < k) <= (1 - level) / 2 covers the true median with probability >= level. With
// n < 6 no such k exists at 95% and the interval is [min, max] (coverage 1 - 2^(1-n)). NaN when
// empty.
MedianCi median_with_ci(std::span<const double> v, double level = 0.95);

}  // namespace pathbench::stats
