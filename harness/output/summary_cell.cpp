#include "harness/output/summary_cell.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

#include "harness/output/summary_significance.h"
#include "harness/stats/statistics.h"

namespace pathbench {

void fill_cell_statistics(const CellSamples& cell, const SummaryOptions& opt, SummaryRow& s) {
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  const Eigen::MatrixXd& m = cell.solved;
  const Eigen::Index n = m.rows();
  const std::vector<double>&sub = cell.sub, &speedups = cell.speedups,
        &exp_ratios = cell.exp_ratios, &spreads = cell.spreads, &path_times = cell.path_times,
        &totals = cell.totals;
  const auto col = [&](Eigen::Index c) {
    return std::span<const double>(m.col(c).data(), static_cast<std::size_t>(n));
  };
  s.mean_expansions = stats::mean(col(0));
  s.median_expansions = stats::median(col(0));
  s.p95_expansions = stats::quantile(col(0), 0.95);
  s.mean_generated = stats::mean(col(1));
  s.median_generated = stats::median(col(1));
  s.p95_generated = stats::quantile(col(1), 0.95);
  s.mean_time_us = stats::mean(col(2));
  s.median_time_us = stats::median(col(2));
  s.p95_time_us = stats::quantile(col(2), 0.95);
  s.mean_path_us = stats::mean(path_times);
  s.median_path_us = stats::median(path_times);
  s.mean_total_us = stats::mean(totals);
  const double total_exp = n ? m.col(0).sum() : 0.0;
  s.ns_per_expansion = total_exp > 0 ? m.col(2).sum() * 1000.0 / total_exp : kNaN;
  s.mean_suboptimality = stats::mean(sub);
  s.max_suboptimality = sub.empty() ? kNaN : *std::max_element(sub.begin(), sub.end());
  s.time_exponent = stats::fit_power_law(col(3), col(2)).exponent;
  s.expansions_exponent = stats::fit_power_law(col(3), col(0)).exponent;

  s.speedup_pairs = speedups.size();
  s.speedup = s.speedup_lo = s.speedup_hi = s.expansion_ratio = kNaN;
  if (!opt.baseline.empty()) {
    const stats::ConfidenceInterval ci = stats::bootstrap_geomean_ci(
        speedups, stats::derive_seed(opt.seed, s.group + '\n' + s.planner + '\n' + s.length_class),
        opt.bootstrap_resamples);
    s.speedup = ci.estimate;
    s.speedup_lo = ci.lower;
    s.speedup_hi = ci.upper;
    s.expansion_ratio = stats::geometric_mean(exp_ratios);
  }
  fill_paired_tests(speedups, exp_ratios, s);
  s.median_time_spread = stats::median(spreads);
}

}  // namespace pathbench
