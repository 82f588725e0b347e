// A* with a differential heuristic: the grid's moves (as GridExpansion) with h = max(lattice
// octile, landmarks' bound), one more expansion policy of the kernel. The bound needs the
// successor's cell id, which GridExpansion's coordinate-only heuristic never sees; hence a
// policy of its own rather than a heuristic functor.
#pragma once

#include <algorithm>

#include "algorithms/heuristics/differential_heuristic.h"
#include "algorithms/search/best_first_search.h"

namespace pathbench {

template <bool kUniform>
struct DifferentialExpansion {
  GridExpansion<OctileHeuristic, kUniform> moves;
  const DifferentialHeuristic& landmarks;

  SearchCost h_of(CellId n, int x, int y) const {
    return std::max(moves.h_at(x, y), landmarks.bound(n));
  }
  bool is_target(CellId c) const { return c == moves.goal; }
  SearchCost h(CellId c) const { return h_of(c, moves.grid.x_of(c), moves.grid.y_of(c)); }
  bool stop_after(CellId) const { return false; }
  template <class Frontier>
  [[gnu::always_inline]] void expand(CellId c, SearchCost gc, Frontier& f) {
    const int cx = moves.grid.x_of(c), cy = moves.grid.y_of(c);
    for_each_successor<!kUniform>(moves.grid, moves.off, c, [&](CellId n, double step, int dir) {
      const SearchCost move = kUniform ? (is_diagonal(dir) ? kDiagonalCost : kCardinalCost)
                                       : move_cost(moves.terrain, step, is_diagonal(dir));
      f.relax(n, c, gc + move, [&] { return h_of(n, cx + kDx[dir], cy + kDy[dir]); });
    });
  }
};

// As best_first_search with the octile heuristic, h raised to the landmarks' bound;
// `landmarks` must be built on `grid`. Sets the landmarks' goal.
template <OpenList Open, class Listener = NoListener>
void differential_search(const Grid& grid, const MoveOffsets& off, NodeArena& nodes, Open& open,
                         DifferentialHeuristic& landmarks, const BestFirstSettings& settings,
                         CellId start, CellId goal, const Budget& budget, SearchResult& result,
                         Listener&& listener = {}) {
  landmarks.set_goal(goal);
  const OctileHeuristic octile;
  const WeightedKey key{settings.weight, settings.greedy};
  auto run = [&]<bool kUniform>(std::bool_constant<kUniform>) {
    DifferentialExpansion<kUniform> policy{{grid,
                                            off,
                                            {octile, settings.h_scale},
                                            grid.has_terrain(),
                                            goal,
                                            grid.x_of(goal),
                                            grid.y_of(goal)},
                                           landmarks};
    detail::run_cell_search(policy, grid, nodes, open, key, start, goal, budget, result, listener);
  };
  if (!grid.has_terrain() && settings.h_scale == 1.0)
    run(std::true_type{});
  else
    run(std::false_type{});
}

}  // namespace pathbench
