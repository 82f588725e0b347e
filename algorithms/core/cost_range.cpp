#include "algorithms/core/cost_range.h"

#include <fmt/format.h>

#include <utility>

#include "algorithms/core/input_error.h"
#include "algorithms/core/moves.h"
#include "algorithms/core/search_cost.h"

namespace pathbench {

double path_cost_bound(const Grid& g) {
  const double cells = static_cast<double>(g.width()) * static_cast<double>(g.height());
  if (!g.has_terrain()) return uniform_path_cost_bound(cells);
  double sum = 0.0;
  for (int y = 0; y < g.height(); ++y)
    for (int x = 0; x < g.width(); ++x) sum += g.cell_cost(g.id(x, y));
  // The double sum's own rounding (a relative 2^-53 per addition, at most 2^30 additions) is
  // far inside the factor of 4 kMaxPathCost keeps.
  return kSqrt2 * sum + cells / kCostScale;
}

std::string cost_range_problem(const Grid& g) {
  const double bound = path_cost_bound(g);
  if (bound <= kMaxPathCost) return {};
  double top = 1.0;
  Point at{0, 0};
  if (g.has_terrain())
    for (int y = 0; y < g.height(); ++y)
      for (int x = 0; x < g.width(); ++x)
        if (const double c = g.cell_cost(g.id(x, y)); c > top) {
          top = c;
          at = {x, y};
        }
  return fmt::format(
      "costs too large for this {}x{} map: a path may cost up to {:.6g} (sqrt(2) x the sum of "
      "the cell costs), above {:.0f} = 2^29, the largest cost the searches' int64 fixed point "
      "(2^32 units per unit of cost) holds with room for f = g + h; largest cell cost {:.6g} at "
      "({},{}). Lower the costs (README: 'Terrain costs and the cost range')",
      g.width(), g.height(), bound, kMaxPathCost, top, at.x, at.y);
}

void check_cost_range(const Grid& g, const std::string& file, int line, const std::string& field) {
  if (std::string why = cost_range_problem(g); !why.empty())
    throw InputError(file, line, field, std::move(why));
}

}  // namespace pathbench
