// harness/stats: known inputs give known answers; the bootstrap is deterministic and covers the
// true value; the power-law fit recovers a planted exponent. Also the runs.csv reader (RFC 4180).
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "harness/output/report_html.h"
#include "harness/output/runs_csv_reader.h"
#include "harness/stats/statistics.h"

namespace pathbench {
namespace {

TEST(Statistics, KnownValues) {
  const std::vector<double> v = {7, 1, 3, 5, 9, 2, 8, 4, 6, 10};  // 1..10 shuffled
  EXPECT_DOUBLE_EQ(stats::mean(v), 5.5);
  EXPECT_DOUBLE_EQ(stats::median(v), 5.5);
  // Type 7: h = 0.95 * 9 = 8.55 -> 9 + 0.55 * (10 - 9).
  EXPECT_DOUBLE_EQ(stats::quantile(v, 0.95), 9.55);
  EXPECT_DOUBLE_EQ(stats::quantile(v, 0.0), 1.0);
  EXPECT_DOUBLE_EQ(stats::quantile(v, 1.0), 10.0);
  EXPECT_DOUBLE_EQ(stats::quantile(v, 0.25), 3.25);
  const std::vector<double> odd = {3, 1, 2};
  EXPECT_DOUBLE_EQ(stats::median(odd), 2.0);
  EXPECT_NEAR(stats::geometric_mean(std::vector<double>{1, 2, 4, 8}), std::sqrt(8.0), 1e-12);
  EXPECT_NEAR(stats::geometric_mean(std::vector<double>{0.5, 2}), 1.0, 1e-12);
  // Input order is not changed.
  EXPECT_EQ(v[0], 7);
}

TEST(Statistics, EmptyAndInvalidGiveNaN) {
  const std::vector<double> none;
  EXPECT_TRUE(std::isnan(stats::mean(none)));
  EXPECT_TRUE(std::isnan(stats::median(none)));
  EXPECT_TRUE(std::isnan(stats::quantile(none, 0.95)));
  EXPECT_TRUE(std::isnan(stats::geometric_mean(none)));
  EXPECT_TRUE(std::isnan(stats::geometric_mean(std::vector<double>{1, 0, 2})));
  EXPECT_TRUE(std::isnan(stats::geometric_mean(std::vector<double>{1, -2})));
  EXPECT_TRUE(std::isnan(stats::bootstrap_geomean_ci(none, 1).estimate));
  const stats::ConfidenceInterval one = stats::bootstrap_geomean_ci(std::vector<double>{2.5}, 1);
  EXPECT_DOUBLE_EQ(one.estimate, 2.5);
  EXPECT_DOUBLE_EQ(one.lower, 2.5);
  EXPECT_DOUBLE_EQ(one.upper, 2.5);
}

TEST(Statistics, UniformIndexIsInRangeAndSeeded) {
  std::mt19937_64 a(5), b(5);
  std::vector<int> hist(7, 0);
  for (int i = 0; i < 70000; ++i) {
    const std::size_t k = stats::uniform_index(a, 7);
    ASSERT_LT(k, 7u);
    ASSERT_EQ(k, stats::uniform_index(b, 7));
    ++hist[k];
  }
  for (int h : hist) EXPECT_NEAR(h, 10000, 500);
  // The first values for seed 5 are fixed forever (mt19937_64 is specified by the standard).
  std::mt19937_64 c(5);
  std::vector<std::size_t> first;
  for (int i = 0; i < 5; ++i) first.push_back(stats::uniform_index(c, 1000));
  std::mt19937_64 d(5);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(first[static_cast<std::size_t>(i)], d() % 1000);
}

TEST(Statistics, BootstrapCoversTrueGeometricMeanAndIsDeterministic) {
  // Log-normal ratios with true geometric mean exp(0.3).
  std::mt19937_64 gen(12345);
  std::normal_distribution<double> normal(0.3, 0.5);
  int covered = 0;
  const int trials = 40;
  for (int t = 0; t < trials; ++t) {
    std::vector<double> ratios;
    for (int i = 0; i < 200; ++i) ratios.push_back(std::exp(normal(gen)));
    const stats::ConfidenceInterval ci = stats::bootstrap_geomean_ci(ratios, 42 + t);
    EXPECT_LE(ci.lower, ci.estimate);
    EXPECT_GE(ci.upper, ci.estimate);
    if (ci.lower <= std::exp(0.3) && std::exp(0.3) <= ci.upper) ++covered;
    const stats::ConfidenceInterval again = stats::bootstrap_geomean_ci(ratios, 42 + t);
    EXPECT_EQ(ci.lower, again.lower);
    EXPECT_EQ(ci.upper, again.upper);
  }
  // A 95% interval: 40 trials covering fewer than 33 times would be very unlikely (p < 0.01).
  EXPECT_GE(covered, 33);
  // Width shrinks like 1/sqrt(n): about 2 * 1.96 * 0.5 / sqrt(200) = 0.139 in log space.
  std::vector<double> ratios;
  for (int i = 0; i < 200; ++i) ratios.push_back(std::exp(normal(gen)));
  const stats::ConfidenceInterval ci = stats::bootstrap_geomean_ci(ratios, 7);
  EXPECT_NEAR(std::log(ci.upper) - std::log(ci.lower), 0.139, 0.03);
  // Another seed gives a (slightly) different interval.
  const stats::ConfidenceInterval other = stats::bootstrap_geomean_ci(ratios, 8);
  EXPECT_NE(ci.lower, other.lower);
}

TEST(Statistics, PowerLawFitRecoversExponent) {
  std::vector<double> x, y, noisy;
  std::mt19937_64 gen(3);
  std::normal_distribution<double> noise(0.0, 0.05);
  for (int i = 1; i <= 50; ++i) {
    x.push_back(i * 3.0);
    y.push_back(2.5 * std::pow(i * 3.0, 1.7));
    noisy.push_back(y.back() * std::exp(noise(gen)));
  }
  const stats::PowerFit exact = stats::fit_power_law(x, y);
  EXPECT_NEAR(exact.exponent, 1.7, 1e-10);
  EXPECT_NEAR(exact.log_coefficient, std::log(2.5), 1e-9);
  EXPECT_NEAR(exact.r_squared, 1.0, 1e-12);
  EXPECT_EQ(exact.points, 50u);
  const stats::PowerFit fit = stats::fit_power_law(x, noisy);
  EXPECT_NEAR(fit.exponent, 1.7, 0.05);
  // Non-positive values are ignored; too few points or a constant x give NaN.
  x.push_back(0);
  y.push_back(5);
  EXPECT_EQ(stats::fit_power_law(x, y).points, 50u);
  EXPECT_TRUE(std::isnan(
      stats::fit_power_law(std::vector<double>{1, 2}, std::vector<double>{1, 2}).exponent));
  EXPECT_TRUE(std::isnan(
      stats::fit_power_law(std::vector<double>{2, 2, 2}, std::vector<double>{1, 2, 3}).exponent));
}

TEST(RunsCsv, Rfc4180Parsing) {
  const auto r = parse_csv("a,\"b,c\",\"say \"\"hi\"\"\"\r\n1,,\"two\nlines\"\n3,4,5");
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[0], (std::vector<std::string>{"a", "b,c", "say \"hi\""}));
  EXPECT_EQ(r[1], (std::vector<std::string>{"1", "", "two\nlines"}));
  EXPECT_EQ(r[2], (std::vector<std::string>{"3", "4", "5"}));
  EXPECT_EQ(parse_csv("x\n\n").size(), 2u);  // an empty line is one empty field
  EXPECT_THROW(parse_csv("\"open"), std::runtime_error);
}

TEST(ReportHtml, Base64AndEscaping) {
  EXPECT_EQ(base64_encode(""), "");
  EXPECT_EQ(base64_encode("f"), "Zg==");
  EXPECT_EQ(base64_encode("fo"), "Zm8=");
  EXPECT_EQ(base64_encode("foo"), "Zm9v");
  EXPECT_EQ(base64_encode("foobar"), "Zm9vYmFy");
  EXPECT_EQ(html_escape("<a href=\"x\">&'"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
}

}  // namespace
}  // namespace pathbench
