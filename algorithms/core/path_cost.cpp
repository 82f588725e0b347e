#include "algorithms/core/path_cost.h"

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

}  // namespace pathbench
