// harness/stats/paired_tests: the Wilcoxon signed-rank test, Holm's correction, the rank-biserial
// correlation and the median CI on small vectors whose answers are worked out by hand in the
// comments (tests/harness/scipy_wilcoxon_check.py compares many more with SciPy).
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "harness/stats/paired_tests.h"

namespace pathbench::stats {
namespace {

TEST(Wilcoxon, ExactSmallSample) {
  // Ranks 1..8; r_minus = 2 + 5 = 7, r_plus = 29. Subsets of {1..8} with sum <= 7:
  // 1+1+1+2+2+3+4+5 = 19 of 256, so p = 2 * 19 / 256 = 0.1484375 (SciPy: the same).
  const std::vector<double> d = {1, -2, 3, 4, -5, 6, 7, 8};
  const WilcoxonResult r = wilcoxon_signed_rank(d);
  EXPECT_TRUE(r.exact);
  EXPECT_EQ(r.n, 8u);
  EXPECT_DOUBLE_EQ(r.r_plus, 29);
  EXPECT_DOUBLE_EQ(r.r_minus, 7);
  EXPECT_DOUBLE_EQ(r.statistic, 7);
  EXPECT_DOUBLE_EQ(r.p_value, 0.1484375);
  EXPECT_TRUE(std::isnan(r.z));
  EXPECT_DOUBLE_EQ(r.rank_biserial, (29.0 - 7.0) / 36.0);
  // Mirrored differences: same p, opposite correlation.
  std::vector<double> neg;
  for (double v : d) neg.push_back(-v);
  const WilcoxonResult m = wilcoxon_signed_rank(neg);
  EXPECT_DOUBLE_EQ(m.p_value, r.p_value);
  EXPECT_DOUBLE_EQ(m.rank_biserial, -r.rank_biserial);
}

TEST(Wilcoxon, ExactExtremesAndCentre) {
  // All five positive: only the all-plus pattern is as extreme on this side: 2 / 32.
  EXPECT_DOUBLE_EQ(wilcoxon_signed_rank(std::vector<double>{0.5, 1, 2, 3, 4}).p_value, 0.0625);
  EXPECT_DOUBLE_EQ(wilcoxon_signed_rank(std::vector<double>{0.5, 1, 2, 3, 4}).rank_biserial, 1.0);
  // r_plus = 4 + 5 + 6 = 15, r_minus = 6; subsets of {1..6} with sum <= 6:
  // 1+1+1+2+2+3+4 = 14 of 64, so p = 28/64.
  EXPECT_DOUBLE_EQ(wilcoxon_signed_rank(std::vector<double>{-1, -2, -3, 4, 5, 6}).p_value,
                   28.0 / 64.0);
  // A single difference: p = 1 (both patterns are equally extreme).
  EXPECT_DOUBLE_EQ(wilcoxon_signed_rank(std::vector<double>{1.5}).p_value, 1.0);
  EXPECT_DOUBLE_EQ(wilcoxon_exact_cdf(3, 2), 3.0 / 8.0);  // sums 0, 1, 2 of 8 patterns
  EXPECT_DOUBLE_EQ(wilcoxon_exact_cdf(3, 6), 1.0);
}

TEST(Wilcoxon, NormalApproximationWithTiesAndZero) {
  // The zero is dropped (n = 11); |d| ranks: 1 -> 1, 2,2 -> 2.5, 3 -> 4, 4,4,4 -> 6, 5 -> 8,
  // 6..8 -> 9..11. r_minus = 4 + 8 = 12. Mean 33, variance 11*12*23/24 - (6 + 24)/48 = 125.875,
  // z = -21 / sqrt(125.875); SciPy's p = 0.061240177828718725.
  const std::vector<double> d = {1, 2, 2, -3, 0, 4, 4, 4, -5, 6, 7, 8};
  const WilcoxonResult r = wilcoxon_signed_rank(d);
  EXPECT_FALSE(r.exact);
  EXPECT_EQ(r.n, 11u);
  EXPECT_EQ(r.zeros, 1u);
  EXPECT_DOUBLE_EQ(r.statistic, 12);
  EXPECT_NEAR(r.z, -21.0 / std::sqrt(125.875), 1e-12);
  EXPECT_NEAR(r.p_value, 0.061240177828718725, 1e-12);
}

TEST(Wilcoxon, EmptyAndAllZeroHaveNoPValue) {
  EXPECT_TRUE(std::isnan(wilcoxon_signed_rank(std::vector<double>{}).p_value));
  const WilcoxonResult z = wilcoxon_signed_rank(std::vector<double>{0, 0, 0});
  EXPECT_EQ(z.n, 0u);
  EXPECT_EQ(z.zeros, 3u);
  EXPECT_TRUE(std::isnan(z.p_value));
  EXPECT_TRUE(std::isnan(z.rank_biserial));
}

TEST(Holm, StepDownAdjustment) {
  // m = 4 (the NaN is not a test): 0.005*4 = 0.02, 0.01*3 = 0.03, 0.03*2 = 0.06, 0.04*1 -> 0.06
  // (kept non-decreasing).
  const std::vector<double> p = {0.01, 0.04, 0.03, std::nan(""), 0.005};
  const std::vector<double> a = holm_adjust(p);
  ASSERT_EQ(a.size(), 5u);
  EXPECT_DOUBLE_EQ(a[0], 0.03);
  EXPECT_DOUBLE_EQ(a[1], 0.06);
  EXPECT_DOUBLE_EQ(a[2], 0.06);
  EXPECT_TRUE(std::isnan(a[3]));
  EXPECT_DOUBLE_EQ(a[4], 0.02);
  EXPECT_DOUBLE_EQ(holm_adjust(std::vector<double>{0.6, 0.7})[0], 1.0);  // capped
}

TEST(MedianCi, OrderStatisticInterval) {
  // n = 10: P(B <= 1) = 11/1024 <= 0.025 < P(B <= 2) = 56/1024, so k = 2: [x(2), x(9)].
  const std::vector<double> v = {7, 1, 3, 5, 9, 2, 8, 4, 6, 10};
  const MedianCi c = median_with_ci(v);
  EXPECT_DOUBLE_EQ(c.median, 5.5);
  EXPECT_DOUBLE_EQ(c.lower, 2);
  EXPECT_DOUBLE_EQ(c.upper, 9);
  // n = 5 < 6: no order statistic reaches 95%, so [min, max].
  const MedianCi s = median_with_ci(std::vector<double>{3, 1, 2, 5, 4});
  EXPECT_DOUBLE_EQ(s.median, 3);
  EXPECT_DOUBLE_EQ(s.lower, 1);
  EXPECT_DOUBLE_EQ(s.upper, 5);
  EXPECT_TRUE(std::isnan(median_with_ci(std::vector<double>{}).median));
  // n = 100: P(B <= 39) = 0.0176 <= 0.025 < P(B <= 40) = 0.0284, so [x(40), x(61)] (the
  // textbook interval for 100 values).
  std::vector<double> hundred;
  for (int i = 100; i >= 1; --i) hundred.push_back(i);
  const MedianCi h = median_with_ci(hundred);
  EXPECT_DOUBLE_EQ(h.median, 50.5);
  EXPECT_DOUBLE_EQ(h.lower, 40);
  EXPECT_DOUBLE_EQ(h.upper, 61);
}

// The fast start of the order-statistic search lands on the same k as scanning from k = 0.
TEST(MedianCi, SameIntervalAsAFullScan) {
  for (std::size_t n = 1; n <= 300; n += 7) {
    std::vector<double> v;
    for (std::size_t i = 0; i < n; ++i) v.push_back(static_cast<double>(i + 1));
    std::size_t k = 0;  // largest k with P(B <= k - 1) <= 0.025, B ~ Binomial(n, 1/2)
    double below = 0, pmf = std::ldexp(1.0, -static_cast<int>(n));  // P(B = 0)
    while (k < n / 2 && below + pmf <= 0.025) {
      below += pmf;
      pmf *= static_cast<double>(n - k) / static_cast<double>(k + 1);
      ++k;
    }
    const MedianCi c = median_with_ci(v);
    EXPECT_DOUBLE_EQ(c.lower, k == 0 ? 1.0 : static_cast<double>(k)) << n;
    EXPECT_DOUBLE_EQ(c.upper, k == 0 ? static_cast<double>(n) : static_cast<double>(n + 1 - k))
        << n;
  }
}

}  // namespace
}  // namespace pathbench::stats
