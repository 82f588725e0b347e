// Differential heuristics (Sturtevant et al., "Memory-Based Heuristics for Explicit State
// Spaces", IJCAI 2009; Goldberg & Harrelson's ALT landmarks on graphs): K landmark cells, the
// exact cost d(L, n) from each landmark to every cell, and at query time
//   h(n) = max_k d(L_k, goal) - d(L_k, n)                       (any grid)
//   h(n) = max_k |d(L_k, goal) - d(L_k, n)|                     (uniform grids: costs symmetric)
// Both are admissible and consistent by the triangle inequality: with terrain, entering a cell
// is what costs, so d(a, b) != d(b, a) and only the first form is a lower bound. Distances are in
// the search lattice (search_cost.h), computed with the kernel's own step costs, so the triangle
// inequality holds exactly in integers and max() with the lattice octile estimate stays
// consistent: the search's first expansion of a node is optimal and its costs equal A*'s.
//
// Memory: K x cells x 8 bytes, one row of K per cell so a lookup touches one cache line
// (K <= 8) or two. Building costs K Dijkstra runs over the map (plus one to place the first
// landmark farthest from a seeded random cell).
#pragma once

#include <cstdint>
#include <vector>

#include "algorithms/core/grid.h"
#include "algorithms/core/search_cost.h"

namespace pathbench {

enum class LandmarkPlacement { Farthest, Random };

class DifferentialHeuristic {
 public:
  // Places `k` landmarks on `grid` and computes their distance tables. Farthest: the first
  // landmark is the cell farthest from a seeded random passable cell, each next one the cell
  // whose nearest landmark is farthest (ties: lowest cell id). Random: seeded distinct passable
  // cells. A map with fewer passable cells than k gets as many landmarks as it has cells.
  void build(const Grid& grid, int k, LandmarkPlacement placement, std::uint64_t seed);

  // Per query: caches the goal's row, so bound() reads one row per node.
  void set_goal(CellId goal) { goal_row_.assign(row(goal), row(goal) + k_); }
  // The landmarks' lower bound on the cost from n to the goal (0 when no landmark reaches both).
  SearchCost bound(CellId n) const {
    const SearchCost* d = row(n);
    SearchCost best = 0;
    for (int i = 0; i < k_; ++i) {
      const SearchCost dg = goal_row_[i], dn = d[i];
      if (dg == kUnreached || dn == kUnreached) continue;  // another component for this landmark
      const SearchCost ahead = dg - dn;
      const SearchCost v = symmetric_ && ahead < 0 ? -ahead : ahead;
      best = v > best ? v : best;
    }
    return best;
  }

  int landmarks() const { return k_; }
  const std::vector<CellId>& landmark_cells() const { return cells_; }
  std::size_t memory_bytes() const { return table_.capacity() * sizeof(SearchCost); }

  static constexpr SearchCost kUnreached = -1;

 private:
  const SearchCost* row(CellId c) const { return table_.data() + std::size_t(c) * k_; }

  int k_ = 0;
  bool symmetric_ = true;
  std::vector<SearchCost> table_;  // cell-major: table_[cell * k_ + landmark]
  std::vector<SearchCost> goal_row_;
  std::vector<CellId> cells_;
};

LandmarkPlacement parse_landmark_placement(const std::string& name);

}  // namespace pathbench
