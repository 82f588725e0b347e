// Descriptive statistics for result tables: mean, median, quantiles, geometric mean, a seeded
// bootstrap confidence interval of a geometric mean, and a least-squares power-law fit.
//
// Conventions (all functions):
//  - empty input (or, for the geometric mean, any value <= 0 or non-finite) gives NaN, never an
//    exception, so a table cell with no data prints as empty/NaN instead of aborting a report;
//  - inputs are taken by value or span and never reordered in place;
//  - results are deterministic and identical across platforms: the bootstrap draws indices with
//    std::mt19937_64 (whose output sequence the standard fixes) and its own rejection-sampled
//    index mapping (std::uniform_int_distribution is implementation-defined).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <span>
#include <string_view>

namespace pathbench::stats {

// What a statistic is when it cannot be computed (too few values, no variance).
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double mean(std::span<const double> v);

// The 0.5 quantile (midpoint of the two middle values for an even count).
double median(std::span<const double> v);

// Median of values already sorted, as (a + b) / 2 for an even count (which can differ from
// median()'s interpolation in the last bit: per-query times and Wilcoxon medians use this one).
double sorted_median(std::span<const double> sorted);

// Quantile q in [0, 1] by linear interpolation between order statistics: with the n values
// sorted as x[0..n-1], h = q * (n - 1), result = x[floor(h)] + (h - floor(h)) * (x[floor(h)+1] -
// x[floor(h)]). This is Hyndman & Fan's type 7, the default of R, NumPy and Excel's PERCENTILE.
double quantile(std::span<const double> v, double q);

// exp(mean(log x)); NaN when empty or when any value is <= 0 or not finite.
double geometric_mean(std::span<const double> v);

// A uniformly distributed index in [0, n) from `rng`, by rejection sampling on the top of the
// 64-bit range, so the sequence of indices depends only on the seed. n must be > 0.
std::size_t uniform_index(std::mt19937_64& rng, std::size_t n);

struct ConfidenceInterval {
  double estimate = 0;  // the statistic on the full sample
  double lower = 0;
  double upper = 0;
};

// Percentile-bootstrap CI of the geometric mean of `ratios` (e.g. per-query speedups): draws
// `resamples` samples of the same size with replacement (seeded), takes the geometric mean of
// each, and returns the (1-level)/2 and (1+level)/2 quantiles (type 7) of those means. NaN
// fields when the input is empty or holds a value <= 0. A single value gives [v, v].
ConfidenceInterval bootstrap_geomean_ci(std::span<const double> ratios, std::uint64_t seed,
                                        int resamples = 2000, double level = 0.95);

// Least-squares fit of log(y) = a + k * log(x) over the pairs with x > 0 and y > 0 (others are
// ignored): y ~ exp(a) * x^k. `exponent` and `log_coefficient` are NaN with fewer than three
// usable points or when all usable x are equal.
struct PowerFit {
  double exponent = 0;         // k
  double log_coefficient = 0;  // a
  double r_squared = 0;        // of the log-log fit
  std::size_t points = 0;      // pairs used
};
PowerFit fit_power_law(std::span<const double> x, std::span<const double> y);

// A 64-bit seed derived from `seed` and a text key (FNV-1a mixed through splitmix64), so each
// table cell gets its own reproducible bootstrap stream.
std::uint64_t derive_seed(std::uint64_t seed, std::string_view key);

}  // namespace pathbench::stats
