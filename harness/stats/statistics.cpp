#include "harness/stats/statistics.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "datasets/random.h"

namespace pathbench::stats {
namespace {

// Type-7 quantile of already sorted values.
double sorted_quantile(const double* x, std::size_t n, double q) {
  if (n == 0) return kNaN;
  q = std::clamp(q, 0.0, 1.0);
  const double h = q * static_cast<double>(n - 1);
  const auto lo = static_cast<std::size_t>(std::floor(h));
  if (lo + 1 >= n) return x[n - 1];
  return x[lo] + (h - static_cast<double>(lo)) * (x[lo + 1] - x[lo]);
}

// log of every value, or an empty vector when one of them is not a finite positive number.
bool logs_of(std::span<const double> v, Eigen::VectorXd& out) {
  out.resize(static_cast<Eigen::Index>(v.size()));
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (!(v[i] > 0) || !std::isfinite(v[i])) return false;
    out[static_cast<Eigen::Index>(i)] = std::log(v[i]);
  }
  return true;
}

}  // namespace

double mean(std::span<const double> v) {
  if (v.empty()) return kNaN;
  return Eigen::Map<const Eigen::VectorXd>(v.data(), static_cast<Eigen::Index>(v.size())).mean();
}

double median(std::span<const double> v) { return quantile(v, 0.5); }

double sorted_median(std::span<const double> s) {
  if (s.empty()) return kNaN;
  const std::size_t n = s.size();
  return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

double quantile(std::span<const double> v, double q) {
  std::vector<double> s(v.begin(), v.end());
  std::sort(s.begin(), s.end());
  return sorted_quantile(s.data(), s.size(), q);
}

double geometric_mean(std::span<const double> v) {
  Eigen::VectorXd logs;
  if (v.empty() || !logs_of(v, logs)) return kNaN;
  return std::exp(logs.mean());
}

std::size_t uniform_index(std::mt19937_64& rng, std::size_t n) {
  return static_cast<std::size_t>(detail::uniform_below(rng, static_cast<std::uint64_t>(n)));
}

ConfidenceInterval bootstrap_geomean_ci(std::span<const double> ratios, std::uint64_t seed,
                                        int resamples, double level) {
  ConfidenceInterval ci{kNaN, kNaN, kNaN};
  Eigen::VectorXd logs;
  if (ratios.empty() || !logs_of(ratios, logs) || resamples < 1) return ci;
  ci.estimate = std::exp(logs.mean());
  const std::size_t n = ratios.size();
  if (n == 1) {
    ci.lower = ci.upper = ci.estimate;
    return ci;
  }
  std::mt19937_64 rng(seed);
  // Resample counts instead of values: the mean log of a resample is counts . logs / n, so each
  // resample is one dot product over the sample.
  Eigen::VectorXd counts(static_cast<Eigen::Index>(n));
  std::vector<double> means(static_cast<std::size_t>(resamples));
  for (double& m : means) {
    counts.setZero();
    for (std::size_t i = 0; i < n; ++i)
      counts[static_cast<Eigen::Index>(uniform_index(rng, n))] += 1;
    m = counts.dot(logs) / static_cast<double>(n);
  }
  std::sort(means.begin(), means.end());
  const double alpha = (1.0 - level) / 2.0;
  ci.lower = std::exp(sorted_quantile(means.data(), means.size(), alpha));
  ci.upper = std::exp(sorted_quantile(means.data(), means.size(), 1.0 - alpha));
  return ci;
}

PowerFit fit_power_law(std::span<const double> x, std::span<const double> y) {
  PowerFit fit{kNaN, kNaN, kNaN, 0};
  const std::size_t n = std::min(x.size(), y.size());
  const auto usable = [&](std::size_t i) {
    return x[i] > 0 && y[i] > 0 && std::isfinite(x[i]) && std::isfinite(y[i]);
  };
  for (std::size_t i = 0; i < n; ++i) fit.points += usable(i);
  if (fit.points < 3) return fit;
  // `report` fits whole table cells (millions of points), so the working memory is kept to the
  // design matrix and target (24 bytes a point) and one copy of the target: no index of the
  // usable points, and the QR decomposition is computed in the design matrix's own storage, which
  // is then refilled for the residuals. Same operations on the same values as with a copy: the
  // same bits.
  const auto m = static_cast<Eigen::Index>(fit.points);
  Eigen::MatrixXd design(m, 2);
  Eigen::VectorXd target(m);
  const auto fill = [&] {
    Eigen::Index r = 0;
    for (std::size_t i = 0; i < n; ++i)
      if (usable(i)) {
        design(r, 0) = 1.0;
        design(r, 1) = std::log(x[i]);
        target[r++] = std::log(y[i]);
      }
  };
  fill();
  // All x equal: the slope is undefined (the design matrix has rank 1).
  if (design.col(1).maxCoeff() - design.col(1).minCoeff() <= 1e-12) return fit;
  Eigen::Vector2d coef;
  {
    const Eigen::ColPivHouseholderQR<Eigen::Ref<Eigen::MatrixXd>> qr(design);
    coef = qr.solve(target);
  }
  fit.log_coefficient = coef[0];
  fit.exponent = coef[1];
  fill();
  const Eigen::VectorXd residual = target - design * coef;
  const double ss_tot = (target.array() - target.mean()).square().sum();
  fit.r_squared = ss_tot > 0 ? 1.0 - residual.squaredNorm() / ss_tot : 1.0;
  return fit;
}

std::uint64_t derive_seed(std::uint64_t seed, std::string_view key) {
  using detail::splitmix64;
  return splitmix64(seed ^ splitmix64(detail::fnv1a(key)));
}

}  // namespace pathbench::stats
