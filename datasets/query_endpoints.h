// A query's start or goal given by hand (command line, Python) must be a free cell of the map:
// a bad endpoint is bad input, reported with the sentence every front end shares, not a search
// result with status invalid_query.
#pragma once

#include <string>

#include "algorithms/core/grid.h"

namespace pathbench {

// Throws InputError(where, 0, field, "(x,y) is outside the WxH map M" | "(x,y) is a blocked cell
// of M") unless `p` is in bounds and passable; `map_name` is how the map is named.
void check_query_endpoint(const Grid& grid, Point p, const std::string& where,
                          const std::string& field, const std::string& map_name);

}  // namespace pathbench
