#include "algorithms/reference/reference_dijkstra.h"

#include <functional>
#include <limits>
#include <numbers>
#include <queue>
#include <utility>

namespace pathbench {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// The moves out of (x, y), written from the movement rules (grid.h, README) in coordinates, not
// with the planners' for_each_successor / MoveOffsets (moves.h): the reference decides
// `optimal`, so a bug in the planners' move table must not be able to hide in it too.
//  - a move goes to one of the 8 surrounding cells, which must be on the map and passable;
//  - a diagonal move exists only when the grid is 8-connected, and without corner cutting only
//    when both cells beside it, (x + dx, y) and (x, y + dy), are passable;
//  - it costs its length (1, or sqrt(2) for a diagonal) times the cost of the cell entered.
template <class Fn>
void for_each_move(const Grid& grid, int x, int y, Fn&& fn) {
  const bool eight = grid.rules().connectivity == Connectivity::Eight;
  const bool cut = grid.rules().corner_cutting;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      if (dx == 0 && dy == 0) continue;
      const int nx = x + dx, ny = y + dy;
      if (!grid.passable(nx, ny)) continue;  // bounds-checked
      const bool diagonal = dx != 0 && dy != 0;
      if (diagonal && !eight) continue;
      if (diagonal && !cut && !(grid.passable(x + dx, y) && grid.passable(x, y + dy))) continue;
      const CellId n = grid.id(nx, ny);
      fn(n, (diagonal ? std::numbers::sqrt2 : 1.0) * grid.cell_cost(n));
    }
}

// Runs until `goal` is settled (or the queue empties when goal == kNoCell).
std::vector<double> dijkstra(const Grid& grid, Point start, CellId goal) {
  std::vector<double> dist(grid.num_ids(), kInf);
  if (!grid.passable(start.x, start.y)) return dist;
  using Item = std::pair<double, CellId>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
  const CellId s = grid.id(start);
  dist[s] = 0.0;
  open.push({0.0, s});
  std::vector<char> done(grid.num_ids(), 0);
  while (!open.empty()) {
    // Plain names, not a structured binding: clang 14 (the fuzz build) cannot capture those.
    const double d = open.top().first;
    const CellId c = open.top().second;
    open.pop();
    if (done[c]) continue;
    done[c] = 1;
    if (c == goal) break;
    for_each_move(grid, grid.x_of(c), grid.y_of(c), [&](CellId n, double step) {
      if (d + step < dist[n]) {
        dist[n] = d + step;
        open.push({dist[n], n});
      }
    });
  }
  return dist;
}

}  // namespace

double reference_cost(const Grid& grid, Point start, Point goal) {
  if (!grid.passable(goal.x, goal.y)) return kInf;
  const CellId g = grid.id(goal);
  return dijkstra(grid, start, g)[g];
}

std::vector<double> reference_costs_from(const Grid& grid, Point start) {
  return dijkstra(grid, start, kNoCell);
}

}  // namespace pathbench
