// The summary's numbers: rows grouped into table cells and aggregated (the definitions are in
// summary.h). Writing them out is summary_tables.cpp and summary_files.cpp.
#include "harness/output/summary.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <tuple>

#include "algorithms/core/moves.h"
#include "harness/output/summary_cell.h"
#include "harness/output/summary_significance.h"
#include "harness/stats/statistics.h"

namespace pathbench {
namespace {

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

std::map<QueryKey, BaselineResult> baseline_index(const std::vector<RunRow>& rows,
                                                  const std::string& baseline) {
  std::map<QueryKey, BaselineResult> index;
  if (baseline.empty()) return index;
  for (const RunRow& r : rows)
    if (r.planner == baseline && r.status == Status::Solved)
      index[{r.dataset, r.map, r.query}] = {r.time_us, static_cast<double>(r.counters.expansions)};
  return index;
}

// The solved rows of a cell in memory, each with its baseline result (null when the baseline
// did not solve that query), handed to fill_cell_statistics a chunk at a time.
class InMemoryCellRows : public CellRows {
 public:
  void add(const RunRow* r, const BaselineResult* base) { rows_.emplace_back(r, base); }
  void for_each_chunk(bool with_baseline,
                      const std::function<void(std::span<const SolvedRow>)>& f) const override {
    constexpr std::size_t kChunk = 4096;
    std::vector<SolvedRow> chunk;
    chunk.reserve(std::min(kChunk, rows_.size()));
    for (std::size_t i = 0; i < rows_.size(); i += kChunk) {
      chunk.clear();
      for (std::size_t j = i; j < std::min(i + kChunk, rows_.size()); ++j) {
        const RunRow& r = *rows_[j].first;
        const BaselineResult* b = rows_[j].second;
        SolvedRow& o = chunk.emplace_back(SolvedRow{measures_of(r)});
        if (b && with_baseline) {
          o.paired = true;
          o.base_time_us = b->time_us;
          o.base_expansions = b->expansions;
        }
      }
      f(chunk);
    }
  }

 private:
  std::vector<std::pair<const RunRow*, const BaselineResult*>> rows_;
};

// Aggregates `members` (all rows of one table cell) into `s`.
void aggregate(const std::vector<const RunRow*>& members,
               const std::map<QueryKey, BaselineResult>& base, const SummaryOptions& opt,
               SummaryRow& s) {
  std::set<std::string> maps_seen;
  InMemoryCellRows solved;
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
    if (std::isfinite(r->optimal)) {
      ++s.with_reference;
      if (matches_published(r->cost, r->optimal, r->optimal_decimals)) ++s.optimal;
    }
    const auto b = base.find({r->dataset, r->map, r->query});
    solved.add(r, b != base.end() ? &b->second : nullptr);
  }
  fill_cell_statistics(solved, opt, s);
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
