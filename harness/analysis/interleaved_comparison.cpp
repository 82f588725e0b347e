#include "harness/analysis/interleaved_comparison.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>
#include <tuple>

#include "harness/stats/statistics.h"

namespace pathbench {
namespace {

using RowKey = std::tuple<std::string, std::string, int, std::string>;

RowKey key_of(const RunRow& r) { return {r.dataset, r.map, r.query, r.planner}; }

bool timed(const RunRow& r) { return r.status == Status::Solved && r.time_us > 0; }

constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

std::vector<InterleaveStep> interleave_schedule(int rounds, int slices) {
  std::vector<InterleaveStep> steps;
  for (int r = 0; r < rounds; ++r)
    for (int k = 0; k < slices; ++k) {
      const bool b_first = (r + k) % 2 == 1;
      steps.push_back({r, k, b_first});
      steps.push_back({r, k, !b_first});
    }
  return steps;
}

RunsCsv join_runs(std::vector<RunsCsv> parts) {
  RunsCsv all;
  if (parts.empty()) return all;
  all.header = parts.front().header;
  all.extra_columns = parts.front().extra_columns;
  bool same_extras = true;
  for (const RunsCsv& p : parts)
    same_extras = same_extras && p.extra_columns && all.extra_columns &&
                  *p.extra_columns == *all.extra_columns;
  for (RunsCsv& p : parts)
    for (RunRow& row : p.rows) {
      // Each part's rows point at its own column list, which dies with the part.
      if (same_extras) {
        row.extra_names = all.extra_columns.get();
      } else {
        row.extra_names = nullptr;
        row.extras.clear();
      }
      all.rows.push_back(std::move(row));
    }
  if (!same_extras) all.extra_columns = std::make_shared<const std::vector<std::string>>();
  return all;
}

RunsCsv median_over_rounds(const std::vector<RunsCsv>& rounds) {
  if (rounds.empty()) throw std::logic_error("median_over_rounds: no round");
  std::map<RowKey, std::vector<double>> times;
  for (const RunsCsv& round : rounds)
    for (const RunRow& r : round.rows)
      if (timed(r)) times[key_of(r)].push_back(r.time_us);
  RunsCsv med = rounds.front();
  for (RunRow& r : med.rows) {
    const auto it = times.find(key_of(r));
    if (timed(r) && it != times.end()) r.time_us = stats::median(it->second);
  }
  return med;
}

std::map<std::pair<std::string, std::string>, double> max_log_drift(
    const std::vector<RunsCsv>& rounds, const nlohmann::json& meta, const CompareOptions& opt) {
  CompareOptions quick = opt;
  quick.bootstrap_resamples = 1;  // only the estimate is used; it does not depend on resampling
  std::map<std::pair<std::string, std::string>, double> drift;
  for (std::size_t r = 0; r < rounds.size(); ++r)
    for (std::size_t s = r + 1; s < rounds.size(); ++s) {
      const RunComparison c = compare_runs(rounds[r], meta, rounds[s], meta, quick);
      for (const PlannerComparison& row : c.rows) {
        if (!(row.ratio > 0) || !std::isfinite(row.ratio)) continue;
        double& d = drift[{row.group, row.planner}];  // 0 when new
        d = std::max(d, std::fabs(std::log(row.ratio)));
      }
    }
  return drift;
}

RunComparison compare_interleaved(const std::vector<RunsCsv>& a_rounds,
                                  const nlohmann::json& meta_a,
                                  const std::vector<RunsCsv>& b_rounds,
                                  const nlohmann::json& meta_b, const CompareOptions& opt) {
  if (a_rounds.size() < 2 || b_rounds.size() < 2)
    throw std::logic_error("compare_interleaved: the noise floor needs two rounds of each binary");
  RunComparison c =
      compare_runs(median_over_rounds(a_rounds), meta_a, median_over_rounds(b_rounds), meta_b, opt);
  auto drift = max_log_drift(a_rounds, meta_a, opt);
  for (const auto& [key, d] : max_log_drift(b_rounds, meta_b, opt))
    drift[key] = std::max(drift[key], d);
  // The smallest B / A ratio of one round, per row: B must be slower in every round.
  CompareOptions quick = opt;
  quick.bootstrap_resamples = 1;
  std::map<std::pair<std::string, std::string>, double> lowest;
  for (std::size_t r = 0; r < a_rounds.size() && r < b_rounds.size(); ++r)
    for (const PlannerComparison& row :
         compare_runs(a_rounds[r], meta_a, b_rounds[r], meta_b, quick).rows) {
      double& low = lowest.try_emplace({row.group, row.planner}, kInf).first->second;
      // A round with no timed pair (NaN) is no evidence of a slow-down: it vetoes.
      low = std::isnan(row.ratio) || std::isnan(low) ? std::nan("") : std::min(low, row.ratio);
    }
  for (PlannerComparison& row : c.rows) {
    const auto it = drift.find({row.group, row.planner});
    if (it == drift.end()) continue;  // noise stays NaN: no round pair had a ratio
    row.noise = std::exp(it->second) - 1;
    const auto low = lowest.find({row.group, row.planner});
    row.regression = row.regression && row.ratio > 1 + row.noise && low != lowest.end() &&
                     low->second > 1 + row.noise;
  }
  return c;
}

}  // namespace pathbench
