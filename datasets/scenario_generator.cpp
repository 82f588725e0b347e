#include "datasets/scenario_generator.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>

#include "algorithms/core/moves.h"
#include "algorithms/reference/reference_dijkstra.h"
#include "datasets/random.h"

namespace pathbench {

using namespace detail;

namespace {

constexpr double kBucketWidth = 4.0;
// Enough starts to see most of the map's bucket range before stopping early.
constexpr int kMinScenarioStarts = 4;

}  // namespace

int label_components(const Grid& grid, std::vector<int>& label) {
  label.assign(grid.num_ids(), -1);
  const MoveOffsets off(grid);
  std::vector<CellId> queue;
  int count = 0;
  for (int y = 0; y < grid.height(); ++y)
    for (int x = 0; x < grid.width(); ++x) {
      const CellId s = grid.id(x, y);
      if (!grid.passable(s) || label[s] >= 0) continue;
      // Moves are symmetric under every MoveRules, so one forward search finds the component.
      label[s] = count;
      queue.assign(1, s);
      for (std::size_t head = 0; head < queue.size(); ++head)
        for_each_successor(grid, off, queue[head], [&](CellId n, double) {
          if (label[n] < 0) {
            label[n] = count;
            queue.push_back(n);
          }
        });
      ++count;
    }
  return count;
}

int count_components(const Grid& grid) {
  std::vector<int> label;
  return label_components(grid, label);
}

std::vector<CellId> largest_component(const Grid& grid) {
  std::vector<int> label;
  const int count = label_components(grid, label);
  if (count == 0) return {};
  std::vector<std::size_t> size(static_cast<std::size_t>(count), 0);
  for (const int l : label)
    if (l >= 0) ++size[l];
  // Components are numbered in CellId order of their first cell, so max_element's first-maximum
  // rule is the documented tie-break.
  const int best = static_cast<int>(std::max_element(size.begin(), size.end()) - size.begin());
  std::vector<CellId> cells;
  cells.reserve(size[best]);
  for (CellId c = 0; c < label.size(); ++c)
    if (label[c] == best) cells.push_back(c);
  return cells;
}

std::vector<ScenEntry> generate_scenarios(const Grid& grid, const std::string& map_name,
                                          int per_bucket, std::uint64_t seed, int max_buckets) {
  if (per_bucket < 1)
    throw std::invalid_argument("generate_scenarios: per_bucket must be >= 1, got " +
                                std::to_string(per_bucket));
  if (max_buckets < 0)
    throw std::invalid_argument("generate_scenarios: max_buckets must be >= 0, got " +
                                std::to_string(max_buckets));
  std::vector<ScenEntry> entries;
  const std::vector<CellId> cells = largest_component(grid);
  if (cells.size() < 2) return entries;

  std::mt19937_64 rng(seed);
  // Taking only a few goals per start spreads each bucket over several starts, so the set is not
  // a fan of paths out of one cell.
  const int quota = std::max(1, (per_bucket + 3) / 4);
  std::vector<int> have;   // entries per bucket so far
  std::vector<char> seen;  // bucket had candidates from some start
  std::vector<std::vector<CellId>> by_bucket;

  // Long paths are rare from a random start; their ends are cells far from some start, so
  // alternate uniform starts with starts drawn from the longest unfilled bucket seen last time.
  std::vector<CellId> far_cells;
  for (int attempt = 0; attempt < kMaxScenarioStarts; ++attempt) {
    const bool use_far = attempt % 2 == 1 && !far_cells.empty();
    const CellId start = use_far ? far_cells[uniform_below(rng, far_cells.size())]
                                 : cells[uniform_below(rng, cells.size())];
    const Point sp = grid.point(start);
    const std::vector<double> dist = reference_costs_from(grid, sp);

    for (auto& v : by_bucket) v.clear();
    for (const CellId c : cells) {
      if (c == start) continue;
      const double b = std::floor(dist[c] / kBucketWidth);
      if (!std::isfinite(b)) continue;  // cannot happen inside one component; be safe
      const std::size_t bucket = static_cast<std::size_t>(b);
      if (max_buckets > 0 && bucket >= static_cast<std::size_t>(max_buckets)) continue;
      if (bucket >= by_bucket.size()) {
        by_bucket.resize(bucket + 1);
        have.resize(bucket + 1, 0);
        seen.resize(bucket + 1, 0);
      }
      by_bucket[bucket].push_back(c);
    }

    for (std::size_t b = 0; b < by_bucket.size(); ++b) {
      auto& candidates = by_bucket[b];
      if (candidates.empty()) continue;
      seen[b] = 1;
      const int take = std::min({per_bucket - have[b], quota, static_cast<int>(candidates.size())});
      // Partial Fisher-Yates: the first `take` slots become distinct random goals.
      for (int i = 0; i < take; ++i) {
        const std::size_t j =
            static_cast<std::size_t>(i) + uniform_below(rng, candidates.size() - i);
        std::swap(candidates[static_cast<std::size_t>(i)], candidates[j]);
        const CellId goal = candidates[static_cast<std::size_t>(i)];
        ScenEntry e;
        e.bucket = static_cast<int>(b);
        e.map = map_name;
        e.map_width = grid.width();
        e.map_height = grid.height();
        e.start = sp;
        e.goal = grid.point(goal);
        e.optimal = dist[goal];
        entries.push_back(std::move(e));
      }
      have[b] += std::max(take, 0);
    }

    far_cells.clear();
    for (std::size_t b = by_bucket.size(); b-- > 0;)
      if (!by_bucket[b].empty() && have[b] < per_bucket) {
        far_cells = by_bucket[b];
        break;
      }

    bool full = true;
    for (std::size_t b = 0; b < seen.size(); ++b)
      if (seen[b] && have[b] < per_bucket) full = false;
    if (full && attempt + 1 >= kMinScenarioStarts) break;
  }
  std::stable_sort(entries.begin(), entries.end(),
                   [](const ScenEntry& a, const ScenEntry& b) { return a.bucket < b.bucket; });
  return entries;
}

}  // namespace pathbench
