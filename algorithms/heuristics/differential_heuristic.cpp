#include "algorithms/heuristics/differential_heuristic.h"

#include <algorithm>
#include <functional>
#include <queue>
#include <random>
#include <stdexcept>
#include <utility>

#include "algorithms/core/moves.h"

namespace pathbench {
namespace {

// Exact lattice distances from `source` to every cell (kUnreached where none): Dijkstra with the
// kernel's step costs (move_cost), so sums are the ones the search adds up. Runs in prepare,
// K + 1 times per map; a binary heap of (cost, cell) with lazy deletion is plenty there.
void distances_from(const Grid& g, const MoveOffsets& off, CellId source,
                    std::vector<SearchCost>& dist) {
  dist.assign(g.num_ids(), DifferentialHeuristic::kUnreached);
  using Item = std::pair<SearchCost, CellId>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
  dist[source] = 0;
  open.push({0, source});
  const bool terrain = g.has_terrain();
  while (!open.empty()) {
    // Plain names, not a structured binding: clang 14 (the fuzz build) cannot capture one.
    const SearchCost d = open.top().first;
    const CellId c = open.top().second;
    open.pop();
    if (d != dist[c]) continue;  // a stale entry: c was reached more cheaply since
    for_each_successor(g, off, c, [&](CellId n, double step, int dir) {
      const SearchCost nd = d + move_cost(terrain, step, is_diagonal(dir));
      if (dist[n] == DifferentialHeuristic::kUnreached || nd < dist[n]) {
        dist[n] = nd;
        open.push({nd, n});
      }
    });
  }
}

// The cell farthest from the landmarks placed so far (`nearest`: each cell's distance to its
// nearest landmark; kUnreached where no landmark reaches it). Lowest id on ties: deterministic.
CellId farthest(const std::vector<SearchCost>& nearest) {
  CellId best = kNoCell;
  SearchCost best_d = -1;
  for (CellId c = 0; c < nearest.size(); ++c)
    if (nearest[c] > best_d) best_d = nearest[c], best = c;
  return best;
}

}  // namespace

LandmarkPlacement parse_landmark_placement(const std::string& name) {
  if (name == "farthest") return LandmarkPlacement::Farthest;
  if (name == "random") return LandmarkPlacement::Random;
  throw std::invalid_argument("unknown landmark placement '" + name + "'");
}

void DifferentialHeuristic::build(const Grid& grid, int k, LandmarkPlacement placement,
                                  std::uint64_t seed) {
  std::vector<CellId> free;
  for (CellId c = 0; c < grid.num_ids(); ++c)
    if (grid.passable(c)) free.push_back(c);
  k_ = static_cast<int>(
      std::min<std::size_t>(static_cast<std::size_t>(std::max(k, 0)), free.size()));
  symmetric_ = !grid.has_terrain();
  cells_.clear();
  table_.assign(grid.num_ids() * static_cast<std::size_t>(k_), kUnreached);
  goal_row_.assign(static_cast<std::size_t>(k_), kUnreached);
  if (k_ == 0) return;

  const MoveOffsets off(grid);
  std::mt19937_64 rng(seed);
  std::vector<SearchCost> dist;
  std::vector<SearchCost> nearest;
  if (placement == LandmarkPlacement::Random) {
    std::shuffle(free.begin(), free.end(), rng);
    cells_.assign(free.begin(), free.begin() + k_);
  } else {
    // Seeded start, then its farthest cell: the usual first landmark (it lies on the map's rim).
    distances_from(grid, off, free[rng() % free.size()], nearest);
    cells_.push_back(farthest(nearest));
  }
  nearest.assign(grid.num_ids(), kUnreached);
  for (int i = 0; i < k_; ++i) {
    if (i == static_cast<int>(cells_.size())) {
      const CellId next = farthest(nearest);
      // Every reachable cell is a landmark already (tiny maps): take any cell not yet one.
      cells_.push_back(next != kNoCell && nearest[next] > 0
                           ? next
                           : *std::find_if(free.begin(), free.end(), [&](CellId c) {
                               return std::find(cells_.begin(), cells_.end(), c) == cells_.end();
                             }));
    }
    distances_from(grid, off, cells_[static_cast<std::size_t>(i)], dist);
    for (CellId c = 0; c < dist.size(); ++c) {
      table_[std::size_t(c) * k_ + i] = dist[c];
      if (dist[c] != kUnreached && (nearest[c] == kUnreached || dist[c] < nearest[c]))
        nearest[c] = dist[c];
    }
  }
}

}  // namespace pathbench
