#include "algorithms/core/grid.h"

#include <algorithm>
#include <cassert>
#include <numeric>

namespace pathbench {

Grid::Grid(int width, int height, MoveRules rules) : width_(width), height_(height), rules_(rules) {
  assert(width >= 0 && height >= 0);
  passable_.assign(static_cast<std::size_t>(width + 2) * static_cast<std::size_t>(height + 2), 0);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) passable_[id(x, y)] = 1;
}

void Grid::set_passable(int x, int y, bool free) {
  assert(in_bounds(x, y));
  passable_[id(x, y)] = free ? 1 : 0;
}

std::size_t Grid::count_passable() const {
  return static_cast<std::size_t>(std::count(passable_.begin(), passable_.end(), std::uint8_t{1}));
}

void Grid::set_cell_cost(int x, int y, double cost) {
  assert(in_bounds(x, y));
  assert(cost > 0.0);
  if (cost_.empty()) {
    if (cost == 1.0) return;
    cost_.assign(passable_.size(), 1.0);
  }
  cost_[id(x, y)] = cost;
}

double Grid::min_cell_cost() const {
  if (cost_.empty()) return 1.0;
  double m = 1e300;
  for (int y = 0; y < height_; ++y)
    for (int x = 0; x < width_; ++x) m = std::min(m, cost_[id(x, y)]);
  return m;
}

}  // namespace pathbench
