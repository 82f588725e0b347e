// The one summation of a path's cost, used by every check of a reported cost (the validator, the
// tests) and by planners that price a path they built, so equal paths give bit-equal costs.
#pragma once

#include <cmath>
#include <cstddef>
#include <span>

#include "algorithms/core/grid.h"

namespace pathbench {

// The legal steps' costs (algorithms/core/moves.h) summed in path order. Stops at the first
// illegal step i (path[i - 1] -> path[i]), returning the cost before it and i in *illegal_step;
// *illegal_step is 0 when every step is legal.
double path_cost(const Grid& g, std::span<const CellId> path, std::size_t* illegal_step = nullptr);

// The same sum, bit for bit, for a path its planner built from legal moves: no legality checks
// and no coordinate divisions, so pricing the returned path stays cheap (one pass over the ids).
double built_path_cost(const Grid& g, std::span<const CellId> path);

// An any-angle path's cost (PathModel::AnyAngle, planner.h): the Euclidean lengths between
// consecutive cells' centres, summed in path order. No line-of-sight check (the validator's).
double euclidean_path_cost(const Grid& g, std::span<const CellId> path);

// The Euclidean distance between two cells' centres, as euclidean_path_cost sums it.
inline double euclidean_length(int dx, int dy) {
  return std::sqrt(static_cast<double>(dx) * dx + static_cast<double>(dy) * dy);
}

}  // namespace pathbench
