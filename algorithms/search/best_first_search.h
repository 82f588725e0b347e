// A*, weighted A*, Dijkstra and greedy best-first search over a grid's full neighbourhood: the
// kernel (best_first_loop.h) with the grid expansion policy below. Instantiated per (open list,
// heuristic, listener): no virtual call or branch on the heuristic per node.
//
// Priority: f = g + weight * h (greedy: f = h), ties by AStarOrder (larger g, then smaller id).
#pragma once

#include <cstdlib>

#include "algorithms/core/moves.h"
#include "algorithms/search/best_first_loop.h"

namespace pathbench {

struct BestFirstSettings {
  double weight = 1.0;
  bool greedy = false;
  double h_scale = 1.0;  // grid.min_cell_cost(): keeps h admissible with terrain
};

// Every legal move of the grid, h from coordinates.
template <class Heuristic>
struct GridExpansion {
  const Grid& grid;
  const MoveOffsets& off;
  const Heuristic& heuristic;
  double h_scale;
  CellId goal;
  int gx, gy;

  double h_at(int x, int y) const {
    return h_scale * heuristic(std::abs(x - gx), std::abs(y - gy));
  }
  bool is_target(CellId c) const { return c == goal; }
  double h(CellId c) const { return h_at(grid.x_of(c), grid.y_of(c)); }
  bool stop_after(CellId) const { return false; }
  template <class Frontier>
  [[gnu::always_inline]] void expand(CellId c, SearchCost gc, Frontier& f) {
    // Coordinates of a successor come from its parent's plus the move direction, so the loop
    // divides once per expansion rather than once per generated node.
    const int cx = grid.x_of(c), cy = grid.y_of(c);
    for_each_successor(grid, off, c, [&](CellId n, double step, int dir) {
      f.relax(n, c, gc + step, [&] { return h_at(cx + kDx[dir], cy + kDy[dir]); });
    });
  }
};

template <OpenList Open, class Heuristic, class Listener = NoListener>
void best_first_search(const Grid& grid, const MoveOffsets& off, NodeArena& nodes, Open& open,
                       const Heuristic& heuristic, const BestFirstSettings& settings, CellId start,
                       CellId goal, const Budget& budget, SearchResult& result,
                       Listener&& listener = {}) {
  const SearchBudget limits(budget);
  GridExpansion<Heuristic> policy{
      grid, off, heuristic, settings.h_scale, goal, grid.x_of(goal), grid.y_of(goal)};
  Frontier f(nodes, open, WeightedKey{settings.weight, settings.greedy}, result.counters, listener);
  f.begin();
  f.relax(start, kNoCell, 0.0, [&] { return policy.h(start); });
  switch (best_first_loop(policy, f, limits)) {
    case SearchEnd::Target:
      result.mark_search_end();  // the rest writes the answer (timed apart as path_us)
      result.status = Status::Solved;
      result.cost = nodes[goal].g;
      nodes.extract_path(goal, result.path);
      return;
    case SearchEnd::Budget:
      result.status = Status::Timeout;
      return;
    default:
      result.status = Status::Unreachable;
  }
}

}  // namespace pathbench
