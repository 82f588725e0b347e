#include "algorithms/core/path_cost.h"

#include <cstdint>

#include "algorithms/core/moves.h"

namespace pathbench {

double path_cost(const Grid& g, std::span<const CellId> path, std::size_t* illegal_step) {
  if (illegal_step) *illegal_step = 0;
  double cost = 0.0;
  for (std::size_t i = 1; i < path.size(); ++i) {
    double step = 0.0;
    if (!legal_move(g, g.point(path[i - 1]), g.point(path[i]), &step)) {
      if (illegal_step) *illegal_step = i;
      return cost;
    }
    cost += step;
  }
  return cost;
}

double built_path_cost(const Grid& g, std::span<const CellId> path) {
  const std::int64_t pw = g.padded_width();
  const bool terrain = g.has_terrain();
  double cost = 0.0;
  for (std::size_t i = 1; i < path.size(); ++i) {
    const std::int64_t d = static_cast<std::int64_t>(path[i]) - path[i - 1];
    const double length = (d == 1 || d == -1 || d == pw || d == -pw) ? 1.0 : kSqrt2;
    // legal_move's expression: (length * cost), which is `length` itself on uniform grids.
    cost += terrain ? length * g.cell_cost(path[i]) : length;
  }
  return cost;
}

double euclidean_path_cost(const Grid& g, std::span<const CellId> path) {
  double cost = 0.0;
  for (std::size_t i = 1; i < path.size(); ++i)
    cost += euclidean_length(g.x_of(path[i]) - g.x_of(path[i - 1]),
                             g.y_of(path[i]) - g.y_of(path[i - 1]));
  return cost;
}

}  // namespace pathbench
