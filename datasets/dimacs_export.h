// A grid map as a graph in the formats of the 9th DIMACS Implementation Challenge (shortest
// paths), so general shortest-path tools can run on it (`pathbench export-dimacs`).
//
//  .gr  "p sp N M", then one "a U V W" per arc: vertex ids 1..N, W a positive integer;
//  .co  "p aux sp co N", then one "v ID X Y" per vertex (X column, Y row of the map).
// Comment lines start with "c"; both files say how they were made.
//
// Vertices: the passable cells in row-major order (y, then x), numbered from 1. Arcs: every
// legal move of the grid's MoveRules (4/8-connectivity, corner cutting or not) with its cost as
// the planners see it (step length x terrain cost of the entered cell), both directions listed
// separately. Weights: W = round(cost * scale). Rounding error: at most 0.5 / scale per arc, so
// a path of k arcs has |W_sum / scale - cost| <= k / (2 * scale); every arc costs at least
// min_cell_cost, so k <= cost / min_cell_cost. At the default scale 10000 an octile distance D
// comes back within D / 20000 (relative 5e-5), and a 10^5-cost path sums to 10^9 (< 2^31).
#pragma once

#include <cstdint>
#include <ostream>

#include "algorithms/core/grid.h"

namespace pathbench {

inline constexpr std::int64_t kDefaultDimacsScale = 10000;

struct DimacsCounts {
  std::int64_t vertices = 0;
  std::int64_t arcs = 0;
  std::int64_t max_weight = 0;
};

// The 1-based DIMACS id of every cell (indexed by CellId), 0 for blocked and padding cells.
std::vector<std::int64_t> dimacs_vertex_ids(const Grid& grid);

// Counts without writing (the header needs M before the arcs).
DimacsCounts dimacs_counts(const Grid& grid, std::int64_t scale);

// Writes the .gr and .co texts. `source` (the map's name) goes into the comment lines. Throws
// std::invalid_argument when scale < 1 or an arc weight would exceed 2^31 - 1 (the 32-bit range
// DIMACS tools read).
DimacsCounts write_dimacs(const Grid& grid, std::int64_t scale, const std::string& source,
                          std::ostream& gr, std::ostream& co);

}  // namespace pathbench
