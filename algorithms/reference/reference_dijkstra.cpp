#include "algorithms/reference/reference_dijkstra.h"

#include <functional>
#include <limits>
#include <queue>
#include <utility>

#include "algorithms/core/moves.h"

namespace pathbench {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Runs until `goal` is settled (or the queue empties when goal == kNoCell).
std::vector<double> dijkstra(const Grid& grid, Point start, CellId goal) {
  std::vector<double> dist(grid.num_ids(), kInf);
  if (!grid.passable(start.x, start.y)) return dist;
  const MoveOffsets off(grid);
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
    for_each_successor(grid, off, c, [&](CellId n, double step) {
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
