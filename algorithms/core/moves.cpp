#include "algorithms/core/moves.h"

#include <cstdlib>

namespace pathbench {

bool legal_move(const Grid& g, Point a, Point b, double* cost) {
  if (!g.passable(a.x, a.y) || !g.passable(b.x, b.y)) return false;
  const int dx = b.x - a.x, dy = b.y - a.y;
  if (std::abs(dx) > 1 || std::abs(dy) > 1 || (dx == 0 && dy == 0)) return false;
  const bool diagonal = dx != 0 && dy != 0;
  if (diagonal) {
    if (g.rules().connectivity == Connectivity::Four) return false;
    if (!g.rules().corner_cutting && !(g.passable(a.x + dx, a.y) && g.passable(a.x, a.y + dy)))
      return false;
  }
  if (cost) *cost = (diagonal ? kSqrt2 : 1.0) * g.cell_cost(g.id(b));
  return true;
}

}  // namespace pathbench
