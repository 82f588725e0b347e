// A*, weighted A*, Dijkstra and greedy best-first search over a grid's full neighbourhood: the
// kernel (best_first_loop.h) with the grid expansion policy below. Instantiated per (open list,
// heuristic, listener): no virtual call or branch on the heuristic per node.
//
// Priority: f = g + weight * h (greedy: f = h), ties by AStarOrder (larger g, then smaller id),
// all in the fixed-point lattice of search_cost.h, so equal-cost paths tie exactly.
#pragma once

#include <cstdlib>
#include <type_traits>

#include "algorithms/core/moves.h"
#include "algorithms/core/path_cost.h"
#include "algorithms/heuristics/heuristics.h"
#include "algorithms/search/best_first_loop.h"

namespace pathbench {

struct BestFirstSettings {
  double weight = 1.0;
  bool greedy = false;
  double h_scale = 1.0;  // grid.min_cell_cost(): keeps h admissible with terrain
};

// A heuristic in the search lattice (search_cost.h), scaled by h_scale. Octile is computed in the
// lattice itself (exact on open grids: the point of exact ties); the others are rounded down,
// which keeps them admissible and consistent because step costs are rounded up.
// kUnitScale: h_scale is known to be 1 (uniform grids), so octile's step costs are the constants
// kCardinalCost and kDiagonalCost (== step_cost(1), step_cost(sqrt 2)): same values, immediates.
template <class Heuristic, bool kUnitScale = false>
struct LatticeHeuristic {
  const Heuristic& heuristic;
  double h_scale;
  SearchCost cardinal = step_cost(h_scale);
  SearchCost diagonal = step_cost(kSqrt2 * h_scale);

  SearchCost operator()(int dx, int dy) const {
    if constexpr (std::is_same_v<Heuristic, OctileHeuristic> && kUnitScale)
      return octile_cost(dx, dy);
    else if constexpr (std::is_same_v<Heuristic, OctileHeuristic>)
      return octile_cost(dx, dy, cardinal, diagonal);
    else if constexpr (std::is_same_v<Heuristic, ZeroHeuristic>)
      return 0;
    else
      return heuristic_cost(h_scale * heuristic(dx, dy));
  }
};

// Every legal move of the grid, h from coordinates. kUniform: the grid has no terrain and
// h_scale is 1 (the common case, its own instantiation): no per-move terrain branches.
template <class Heuristic, bool kUniform = false>
struct GridExpansion {
  const Grid& grid;
  const MoveOffsets& off;
  LatticeHeuristic<Heuristic, kUniform> heuristic;
  bool terrain;
  CellId goal;
  int gx, gy;

  SearchCost h_at(int x, int y) const { return heuristic(std::abs(x - gx), std::abs(y - gy)); }
  bool is_target(CellId c) const { return c == goal; }
  SearchCost h(CellId c) const { return h_at(grid.x_of(c), grid.y_of(c)); }
  bool stop_after(CellId) const { return false; }
  template <class Frontier>
  [[gnu::always_inline]] void expand(CellId c, SearchCost gc, Frontier& f) {
    // Coordinates of a successor come from its parent's plus the move direction, so the loop
    // divides once per expansion rather than once per generated node.
    const int cx = grid.x_of(c), cy = grid.y_of(c);
    for_each_successor<!kUniform>(grid, off, c, [&](CellId n, double step, int dir) {
      const SearchCost move = kUniform ? (is_diagonal(dir) ? kDiagonalCost : kCardinalCost)
                                       : move_cost(terrain, step, is_diagonal(dir));
      f.relax(n, c, gc + move, [&] { return h_at(cx + kDx[dir], cy + kDy[dir]); });
    });
  }
};

namespace detail {
// One query of a cell-level expansion policy from `start` to `goal` (the policy's target).
template <class Policy, OpenList Open, class Key, class Listener>
void run_cell_search(Policy& policy, const Grid& grid, NodeArena& nodes, Open& open, Key key,
                     CellId start, CellId goal, const Budget& budget, SearchResult& result,
                     Listener& listener) {
  const SearchBudget limits(budget);
  Frontier f(nodes, open, key, result.counters, listener);
  f.begin();
  f.relax(start, kNoCell, 0, [&] { return policy.h(start); });
  finish_query(best_first_loop(policy, f, limits), result, [&] {
    nodes.extract_path(goal, result.path);
    // The path's own double sum, not the lattice g (search_cost.h): bit-equal to what the
    // validator and every other planner compute for the same path.
    result.cost = built_path_cost(grid, result.path);
  });
}

template <bool kUniform, OpenList Open, class Heuristic, class Key, class Listener>
void best_first_search_with(const Grid& grid, const MoveOffsets& off, NodeArena& nodes, Open& open,
                            const Heuristic& heuristic, const BestFirstSettings& settings, Key key,
                            CellId start, CellId goal, const Budget& budget, SearchResult& result,
                            Listener& listener) {
  GridExpansion<Heuristic, kUniform> policy{
      grid,           off, {heuristic, settings.h_scale}, grid.has_terrain(), goal, grid.x_of(goal),
      grid.y_of(goal)};
  run_cell_search(policy, grid, nodes, open, key, start, goal, budget, result, listener);
}
}  // namespace detail

// Untraced A* (weight 1, not greedy) on a uniform grid runs its own instantiation (PlainKey, no
// terrain branches, unrolled successors): the benchmarked case, 11-15% fewer instructions per
// expansion with the binary heap and 16-20% with the pairing heap (callgrind, 100 scen lines of
// four MovingAI maps). Its keys equal WeightedKey's for weight 1 (see there), so every
// instantiation expands the same nodes in the same order; traced, weighted and terrain runs
// share the generic one.
template <OpenList Open, class Heuristic, class Listener = NoListener>
void best_first_search(const Grid& grid, const MoveOffsets& off, NodeArena& nodes, Open& open,
                       const Heuristic& heuristic, const BestFirstSettings& settings, CellId start,
                       CellId goal, const Budget& budget, SearchResult& result,
                       Listener&& listener = {}) {
  if constexpr (std::is_same_v<std::decay_t<Listener>, NoListener>) {
    if (settings.weight == 1.0 && !settings.greedy && !grid.has_terrain() &&
        settings.h_scale == 1.0)
      return detail::best_first_search_with<true>(grid, off, nodes, open, heuristic, settings,
                                                  PlainKey{}, start, goal, budget, result,
                                                  listener);
  }
  detail::best_first_search_with<false>(grid, off, nodes, open, heuristic, settings,
                                        WeightedKey{settings.weight, settings.greedy}, start, goal,
                                        budget, result, listener);
}

}  // namespace pathbench
