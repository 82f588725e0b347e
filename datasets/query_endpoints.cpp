#include "datasets/query_endpoints.h"

#include <fmt/format.h>

#include "algorithms/core/input_error.h"

namespace pathbench {

void check_query_endpoint(const Grid& grid, Point p, const std::string& where,
                          const std::string& field, const std::string& map_name) {
  if (!grid.in_bounds(p.x, p.y))
    throw InputError(where, 0, field,
                     fmt::format("({},{}) is outside the {}x{} map {}", p.x, p.y, grid.width(),
                                 grid.height(), map_name));
  if (!grid.passable(p.x, p.y))
    throw InputError(where, 0, field,
                     fmt::format("({},{}) is a blocked cell of {}", p.x, p.y, map_name));
}

}  // namespace pathbench
