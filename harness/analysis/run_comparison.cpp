#include "harness/analysis/run_comparison.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <tuple>

#include "algorithms/core/input_error.h"
#include "harness/analysis/comparison_steps.h"

namespace pathbench {
namespace {

using RowKey = std::tuple<std::string, std::string, int, std::string>;  // dataset, map, query,
                                                                        // planner

}  // namespace

bool RunComparison::any_regression() const {
  return std::any_of(rows.begin(), rows.end(), [](const auto& r) { return r.regression; });
}

bool RunComparison::has_noise_floor() const {
  return std::any_of(rows.begin(), rows.end(), [](const auto& r) { return !std::isnan(r.noise); });
}

std::size_t RunComparison::result_changes() const {
  std::size_t n = 0;
  for (const auto& r : rows) n += r.changes();
  return n;
}

double parse_threshold(const std::string& text) {
  std::string s = text;
  const bool percent = !s.empty() && s.back() == '%';
  if (percent) s.pop_back();
  double v = 0;
  const auto res = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || res.ec != std::errc() || res.ptr != s.data() + s.size() || !(v >= 0) ||
      !std::isfinite(v))
    throw InputError::expected("command line", 0, "--threshold",
                               "a non-negative fraction (0.05) or percentage (5%)", text);
  return percent ? v / 100 : v;
}

RunComparison compare_runs(const RunsCsv& a, const nlohmann::json& meta_a, const RunsCsv& b,
                           const nlohmann::json& meta_b, const CompareOptions& opt) {
  RunComparison c = start_comparison(meta_a, meta_b, opt);
  std::map<RowKey, const RunRow*> in_b;
  for (const RunRow& r : b.rows) in_b[{r.dataset, r.map, r.query, r.planner}] = &r;
  std::map<std::pair<std::string, std::string>, std::size_t> index;  // (group, planner) -> row
  std::vector<std::vector<double>> log_ratios;
  std::size_t found_in_b = 0;
  for (const RunRow& ra : a.rows) {
    const auto it = in_b.find({ra.dataset, ra.map, ra.query, ra.planner});
    if (it == in_b.end()) {
      ++c.only_in_a;
      continue;
    }
    ++found_in_b;
    const std::string group = opt.by == GroupBy::Map ? ra.dataset + "/" + ra.map : ra.dataset;
    const auto [slot, fresh] = index.try_emplace({group, ra.planner}, c.rows.size());
    if (fresh) {
      c.rows.emplace_back();
      c.rows.back().group = group;
      c.rows.back().planner = ra.planner;
      log_ratios.emplace_back();
    }
    add_matched_pair(ra, *it->second, c.rows[slot->second], log_ratios[slot->second]);
  }
  c.matched = found_in_b;
  c.only_in_b = b.rows.size() - found_in_b;
  finish_comparison(c, log_ratios, opt);
  return c;
}

}  // namespace pathbench
