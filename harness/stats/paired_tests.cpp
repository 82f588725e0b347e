#include "harness/stats/paired_tests.h"

#include <algorithm>
#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/normal.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <stdexcept>

#include "harness/stats/statistics.h"

namespace pathbench::stats {
namespace {

// SciPy's 'auto' switches to the normal approximation above this many values.
constexpr std::size_t kExactLimit = 50;

// Number of subsets of {1..n} with each rank sum 0..n(n+1)/2: the null distribution of r_plus
// times 2^n. Counts stay below 2^n <= 2^63, so they are exact in 64 bits.
std::vector<std::uint64_t> signed_rank_counts(std::size_t n) {
  std::vector<std::uint64_t> c(n * (n + 1) / 2 + 1, 0);
  c[0] = 1;
  for (std::size_t k = 1; k <= n; ++k)
    for (std::size_t s = k * (k + 1) / 2; s >= k; --s) c[s] += c[s - k];
  return c;
}

}  // namespace

double wilcoxon_exact_cdf(std::size_t n, double k) {
  if (n > 63) throw std::invalid_argument("wilcoxon_exact_cdf: n > 63");
  const std::vector<std::uint64_t> c = signed_rank_counts(n);
  if (k < 0) return 0.0;
  const auto top = std::min(c.size() - 1, static_cast<std::size_t>(std::floor(k)));
  long double below = 0;
  for (std::size_t s = 0; s <= top; ++s) below += static_cast<long double>(c[s]);
  return static_cast<double>(below / std::ldexp(1.0L, static_cast<int>(n)));
}

WilcoxonResult wilcoxon_signed_rank(std::span<const double> d) {
  WilcoxonResult r;
  std::vector<double> nz;
  nz.reserve(d.size());  // no growth by doubling: d can be a whole table cell's pairs
  std::size_t total = 0;
  for (double v : d) {
    if (std::isnan(v)) continue;
    ++total;
    if (v == 0)
      ++r.zeros;
    else
      nz.push_back(v);
  }
  r.n = nz.size();
  r.z = kNaN;
  if (r.n == 0) {
    r.statistic = r.p_value = r.rank_biserial = kNaN;
    return r;
  }
  // Average ranks of |d|; tie groups feed the variance correction.
  std::vector<std::size_t> order(r.n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return std::fabs(nz[a]) < std::fabs(nz[b]); });
  double tie_term = 0;  // sum of t^3 - t over tie groups
  bool ties = false;
  for (std::size_t i = 0; i < r.n;) {
    std::size_t j = i + 1;
    while (j < r.n && std::fabs(nz[order[j]]) == std::fabs(nz[order[i]])) ++j;
    const double rank = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2.0;
    for (std::size_t k = i; k < j; ++k) (nz[order[k]] > 0 ? r.r_plus : r.r_minus) += rank;
    const auto t = static_cast<double>(j - i);
    if (j - i > 1) ties = true;
    tie_term += t * t * t - t;
    i = j;
  }
  r.statistic = std::min(r.r_plus, r.r_minus);
  r.rank_biserial = (r.r_plus - r.r_minus) / (r.r_plus + r.r_minus);
  const auto n = static_cast<double>(r.n);
  r.exact = total <= kExactLimit && r.zeros == 0 && !ties;
  if (r.exact) {
    const double center = std::floor(n * (n + 1) / 4);
    if (r.r_plus == center) {
      r.p_value = 1.0;
    } else {
      const double below = wilcoxon_exact_cdf(r.n, r.r_plus);
      // P(R+ >= r_plus) by symmetry, summed from the tail so small p-values keep their digits.
      const double above = wilcoxon_exact_cdf(r.n, n * (n + 1) / 2 - r.r_plus);
      r.p_value = std::min(1.0, 2.0 * std::min(below, above));
    }
    return r;
  }
  const double mean = n * (n + 1) / 4;
  const double var = n * (n + 1) * (2 * n + 1) / 24 - tie_term / 48;
  if (!(var > 0)) {  // a single tie group at n == 1 cannot happen; guard anyway
    r.p_value = 1.0;
    return r;
  }
  r.z = (r.statistic - mean) / std::sqrt(var);
  r.p_value = std::min(
      1.0, 2.0 * boost::math::cdf(boost::math::complement(boost::math::normal(), std::fabs(r.z))));
  return r;
}

std::vector<double> holm_adjust(std::span<const double> p) {
  std::vector<double> out(p.size(), kNaN);
  std::vector<std::size_t> idx;
  for (std::size_t i = 0; i < p.size(); ++i)
    if (!std::isnan(p[i])) idx.push_back(i);
  std::stable_sort(idx.begin(), idx.end(),
                   [&](std::size_t a, std::size_t b) { return p[a] < p[b]; });
  const std::size_t m = idx.size();
  double running = 0;
  for (std::size_t i = 0; i < m; ++i) {
    running = std::max(running, std::min(1.0, static_cast<double>(m - i) * p[idx[i]]));
    out[idx[i]] = running;
  }
  return out;
}

MedianCi median_with_ci(std::span<const double> v, double level) {
  std::vector<double> s;
  for (double x : v)
    if (!std::isnan(x)) s.push_back(x);
  if (s.empty()) return {kNaN, kNaN, kNaN};
  std::sort(s.begin(), s.end());
  const std::size_t n = s.size();
  const double med = sorted_median(s);
  const double alpha = (1.0 - level) / 2.0;
  const boost::math::binomial_distribution<double> b(static_cast<double>(n), 0.5);
  // Largest k (1-based order statistic) with P(B <= k - 1) <= alpha. Start a little below the
  // normal approximation n/2 - z sqrt(n)/2 so a large sample needs a few CDF calls, not n/2.
  const double z = boost::math::quantile(boost::math::complement(boost::math::normal(), alpha));
  const auto half = static_cast<double>(n) / 2;
  std::size_t k = static_cast<std::size_t>(
      std::max(0.0, std::floor(half - z * std::sqrt(static_cast<double>(n)) / 2 - 3)));
  while (k > 0 && boost::math::cdf(b, static_cast<double>(k - 1)) > alpha) --k;
  while (k + 1 <= n / 2 && boost::math::cdf(b, static_cast<double>(k)) <= alpha) ++k;
  if (k == 0) return {med, s.front(), s.back()};
  return {med, s[k - 1], s[n - k]};
}

}  // namespace pathbench::stats
