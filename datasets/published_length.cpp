#include "datasets/published_length.h"

#include <fmt/format.h>

#include <cstdlib>

#include "algorithms/core/moves.h"

namespace pathbench {

std::string published_length_problem(const Grid& grid, const std::vector<int>& labels,
                                     const ScenEntry& e) {
  const double tol = published_tolerance(e.optimal, e.decimals);
  if (e.start == e.goal)
    return e.optimal > tol ? fmt::format("data: published length {} for start == goal", e.optimal)
                           : std::string();
  if (e.optimal <= tol) return "data: published length 0 for distinct cells";
  if (labels[grid.id(e.start.x, e.start.y)] != labels[grid.id(e.goal.x, e.goal.y)])
    return fmt::format("data: published length {} for a pair with no path", e.optimal);
  // No path is shorter than the obstacle-free octile distance.
  const double bound = octile_distance(std::abs(e.goal.x - e.start.x), std::abs(e.goal.y - e.start.y));
  if (e.optimal < bound - tol)
    return fmt::format("data: published length {} is below the octile lower bound {}", e.optimal,
                       bound);
  return {};
}

}  // namespace pathbench
