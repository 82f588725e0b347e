// Independent check of every path a planner returns. Trusts nothing the planner reports: it
// re-walks the path under the grid's move rules, recomputes the cost, and compares with the
// reference optimum according to the planner's capabilities.
#pragma once

#include <string>
#include <vector>

#include "algorithms/core/grid.h"
#include "algorithms/core/planner.h"
#include "algorithms/core/search_types.h"

namespace pathbench {

struct PathCheck {
  bool valid = false;
  double recomputed_cost = 0.0;
  std::string error;  // empty when valid
};

// `optimal` is the reference cost (+infinity when the reference proved no path; NaN when
// unknown); `optimal_decimals` its printed precision when it is a published length (a .scen's
// optimal_length), -1 when it is a cost we computed. Rules:
//  - Solved: path starts at start, ends at goal, every step legal, recomputed cost within the
//    searches' range (at most kMaxPathCost, algorithms/core/cost_range.h) and equal to the
//    reported cost (kCostTolerance: both are our doubles), optimal planners equal to `optimal`
//    at its precision (matches_published: half a unit in its last printed digit or 1e-5
//    relative, whichever is larger), bounded planners at most bound * optimal (+ that
//    tolerance); a Solved query the reference says is unreachable is invalid.
//  - Unreachable: valid only if the reference also finds no path (when it is known).
//  - Timeout, Crashed, ProtocolError: not valid, with no error (issue 31: only a solved row with
//    a legal path and a checked cost is valid; these have no path to check). They are outcomes,
//    not wrong answers: failed_validation (harness/output/run_row.h) does not count them, and
//    the runner puts the planner's message in the error column.
//  - InvalidQuery / Unsupported / BadQuery: invalid (a planner never reports BadQuery).
//  - caps.path_model == PathModel::AnyAngle (Theta*, Lazy Theta*): the path's cells are the
//    vertices of a polyline through their centres. Solved: starts at start, ends at goal, every
//    segment in sight (segment_in_sight), recomputed cost = the Euclidean lengths' sum
//    (euclidean_path_cost) equal to the reported cost; the reference (an octile optimum, which an
//    any-angle path may undercut) checks only reachability, and no optimality or bound is
//    checked (the any-angle optimum is not computed). Maps with terrain or corner cutting are
//    outside the model: invalid, with the reason.
PathCheck check_result(const Grid& grid, const Query& query, const SearchResult& result,
                       double optimal, const Capabilities& caps, int optimal_decimals = -1);

// Exact line of sight between the centres of cells a and b (any-angle model, docs/any-angle.md):
// true when every cell whose closed square the closed segment touches is in bounds and passable.
// So a segment may not cross a blocked cell, may not pass through a grid vertex with any
// blocked cell around it (neither squeeze between two diagonally touching blocked cells nor
// graze one blocked corner: the octile moves' no-corner-cutting rule), and a segment between
// centres never runs along a grid line (its constant coordinate would be a half-integer).
// Integer arithmetic only (doubled coordinates, one rational y-range per column); independent
// of the planners' own test (algorithms/search/line_of_sight.h). When false and `blocked` is
// given, it gets the first offending cell met from a's side.
bool segment_in_sight(const Grid& grid, Point a, Point b, Point* blocked = nullptr);

}  // namespace pathbench
