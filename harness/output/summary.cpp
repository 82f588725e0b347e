// The summary's numbers: rows grouped into table cells and aggregated (the definitions are in
// summary.h). Writing them out is summary_tables.cpp and summary_files.cpp.
#include "harness/output/summary.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <tuple>

#include "algorithms/core/moves.h"
#include "harness/output/summary_cell.h"
#include "harness/output/summary_significance.h"
#include "harness/stats/statistics.h"

namespace pathbench {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr const char* kLengthClasses[] = {"short", "medium", "long"};

using QueryKey = std::tuple<std::string, std::string, int>;  // dataset, map, query

// Length class of each row's query: its bucket's third of the map's bucket range.
class LengthClasses {
 public:
  explicit LengthClasses(const std::vector<RunRow>& rows) {
    for (const RunRow& r : rows) {
      auto [it, fresh] = range_.try_emplace({r.dataset, r.map}, r.bucket, r.bucket);
      if (!fresh) {
        it->second.first = std::min(it->second.first, r.bucket);
        it->second.second = std::max(it->second.second, r.bucket);
      }
    }
  }
  int of(const RunRow& r) const {
    const auto& [lo, hi] = range_.at({r.dataset, r.map});
    return std::clamp(3 * (r.bucket - lo) / (hi - lo + 1), 0, 2);
  }

 private:
  std::map<std::pair<std::string, std::string>, std::pair<int, int>> range_;
};

struct BaselineResult {
  double time_us;
  double expansions;
};

std::map<QueryKey, BaselineResult> baseline_index(const std::vector<RunRow>& rows,
                                                  const std::string& baseline) {
  std::map<QueryKey, BaselineResult> index;
  if (baseline.empty()) return index;
  for (const RunRow& r : rows)
    if (r.planner == baseline && r.status == Status::Solved)
      index[{r.dataset, r.map, r.query}] = {r.time_us, static_cast<double>(r.counters.expansions)};
  return index;
}

// Aggregates `members` (all rows of one table cell) into `s`.
void aggregate(const std::vector<const RunRow*>& members,
               const std::map<QueryKey, BaselineResult>& base, const SummaryOptions& opt,
               SummaryRow& s) {
  std::set<std::string> maps_seen;
  std::vector<const RunRow*> solved;
  CellSamples c;
  auto& [m, sub, speedups, exp_ratios, spreads, path_times, totals] = c;
  for (const RunRow* r : members) {
    ++s.queries;
    if (r->validated) ++s.validated;
    if (r->valid) ++s.valid;
    if (maps_seen.insert(r->dataset + "/" + r->map).second) {
      if (std::isfinite(r->prep_ms)) s.prep_ms += r->prep_ms;
      s.prep_bytes = std::max(s.prep_bytes, r->prep_bytes);
    }
    if (r->status != Status::Solved) continue;
    ++s.solved;
    solved.push_back(r);
    if (!std::isnan(r->time_spread)) spreads.push_back(r->time_spread);
    if (!std::isnan(r->path_us)) {
      path_times.push_back(r->path_us);
      totals.push_back(r->time_us + r->path_us);
    }
    if (std::isfinite(r->optimal)) {
      ++s.with_reference;
      if (matches_published(r->cost, r->optimal, r->optimal_decimals)) ++s.optimal;
      if (!std::isnan(r->suboptimality)) sub.push_back(r->suboptimality);
    }
    const auto b = base.find({r->dataset, r->map, r->query});
    if (b != base.end()) {
      if (b->second.time_us > 0 && r->time_us > 0)
        speedups.push_back(b->second.time_us / r->time_us);
      const double e = static_cast<double>(r->counters.expansions);
      if (b->second.expansions > 0 && e > 0) exp_ratios.push_back(b->second.expansions / e);
    }
  }
  // One row per solved query, columns expansions, generated, time_us, optimal length.
  const auto n = static_cast<Eigen::Index>(solved.size());
  m.resize(n, 4);
  for (Eigen::Index i = 0; i < n; ++i) {
    const RunRow& r = *solved[static_cast<std::size_t>(i)];
    m(i, 0) = static_cast<double>(r.counters.expansions);
    m(i, 1) = static_cast<double>(r.counters.generated);
    m(i, 2) = r.time_us;
    m(i, 3) = r.optimal;
  }
  fill_cell_statistics(c, opt, s);
}

std::vector<SummaryRow> summarize_impl(const std::vector<RunRow>& rows, const SummaryOptions& opt,
                                       bool by_length) {
  using Key = std::tuple<std::string, std::string, int>;  // group, planner, length class
  std::vector<Key> order;
  std::map<Key, std::vector<const RunRow*>> groups;
  const LengthClasses classes(rows);
  for (const RunRow& r : rows) {
    Key key{opt.by == GroupBy::Map ? r.dataset + "/" + r.map : r.dataset, r.planner,
            by_length ? classes.of(r) : -1};
    auto [it, fresh] = groups.try_emplace(key);
    if (fresh) order.push_back(key);
    it->second.push_back(&r);
  }
  // Overall: first-seen order. By length: the same, with classes short -> long within each
  // (group, planner).
  if (by_length) {
    std::map<std::pair<std::string, std::string>, std::size_t> first;  // (group, planner) -> rank
    for (const Key& k : order) first.try_emplace({std::get<0>(k), std::get<1>(k)}, first.size());
    std::stable_sort(order.begin(), order.end(), [&](const Key& a, const Key& b) {
      return std::pair(first.at({std::get<0>(a), std::get<1>(a)}), std::get<2>(a)) <
             std::pair(first.at({std::get<0>(b), std::get<1>(b)}), std::get<2>(b));
    });
  }
  const auto base = baseline_index(rows, opt.baseline);
  std::vector<SummaryRow> out;
  for (const Key& key : order) {
    SummaryRow s;
    s.group = std::get<0>(key);
    s.planner = std::get<1>(key);
    if (std::get<2>(key) >= 0) s.length_class = kLengthClasses[std::get<2>(key)];
    aggregate(groups[key], base, opt, s);
    out.push_back(std::move(s));
  }
  adjust_for_multiple_comparisons(out);
  return out;
}

}  // namespace

std::vector<SummaryRow> summarize(const std::vector<RunRow>& rows, const SummaryOptions& options) {
  return summarize_impl(rows, options, false);
}

std::vector<SummaryRow> summarize(const std::vector<RunRow>& rows, GroupBy by) {
  SummaryOptions opt;
  opt.by = by;
  return summarize_impl(rows, opt, false);
}

std::vector<SummaryRow> summarize_by_length(const std::vector<RunRow>& rows,
                                            const SummaryOptions& options) {
  return summarize_impl(rows, options, true);
}

}  // namespace pathbench
