// Which terrain costs a map may have: every cost a search can reach must fit its int64 fixed
// point (search_cost.h). Checked once, where a grid gets its costs (map files, the YAML terrain
// table, Python cost arrays), never in a search loop (issue 31).
//
// The bound (README, "Terrain costs and the cost range"): a simple path enters each cell at most
// once, and entering cell c costs at most sqrt(2) x cost(c), rounded up by less than one lattice
// unit. So no simple path costs more than
//     path_cost_bound(g) = sqrt(2) x (sum of every cell's cost) + cells x 2^-32
// cost units. Every g a best-first search keeps is the cost of a simple path (its parent tree),
// so g <= the bound; the sum runs over every cell of the rectangle, blocked ones too, because a
// dynamic run unblocks cells (they keep their cost, 1 for a blocked character). It is a sum, not
// cells x the largest cost: one expensive cell among cheap ones costs little. The limit is
// kMaxPathCost = 2^29 cost units = 2^61 lattice units, a quarter of int64's range, because
// the searches add to g: f = g + h with h <= the bound too (plain A*), f = g + min(weight x h,
// 2^62) (weighted A*, best_first_loop.h), and g + one step for a closed neighbour; all of these
// stay below 2^63. Map files of up to 32768 x 32768 cells are read, so a uniform map alone can
// exceed it: about 380 million cells (a 19,484 x 19,484 open map) is the most a uniform map may
// have; generated maps (at most 2^26 cells) are always within it.
// Not covered by the argument: HPA*'s abstract searches (uniform maps only) add up chains of
// cluster paths that may revisit cells; their g is bounded by (abstract nodes on the chain) x
// (one cluster's bound), which the factor of 4 covers in practice but not by proof.
#pragma once

#include <numbers>
#include <string>

#include "algorithms/core/grid.h"

namespace pathbench {

// The largest path cost, in cost units (a cardinal step of cost 1 is 1), the searches can hold
// with the margin above: 2^29 = 536,870,912.
inline constexpr double kMaxPathCost = 0x1p29;

// path_cost_bound of a uniform grid of `cells` cells (cost 1 each): sqrt(2) x cells + rounding.
// Lets a generator refuse a size before building the grid.
inline double uniform_path_cost_bound(double cells) {
  return std::numbers::sqrt2 * cells + cells * 0x1p-32;
}

// sqrt(2) x the sum of every cell's cost (blocked cells included) + the rounding of one lattice
// unit per cell: no simple path on `g` costs more. O(cells); O(1) for a uniform grid.
double path_cost_bound(const Grid& g);

// The largest single cell cost any map can have (3.8e8): a map of one cell of that cost is at the
// limit. Lets a terrain table (map options, YAML) be refused before any map is read.
inline constexpr double kMaxCellCost = kMaxPathCost / std::numbers::sqrt2;
inline bool cell_cost_in_range(double cost) { return cost <= kMaxCellCost; }

// Empty when path_cost_bound(g) <= kMaxPathCost, else why not (the bound, the limit, the largest
// cell cost and where it is), for an InputError or a validation error.
std::string cost_range_problem(const Grid& g);

// Throws InputError(file, line, field, cost_range_problem(g)) when there is a problem.
void check_cost_range(const Grid& g, const std::string& file, int line, const std::string& field);

}  // namespace pathbench
