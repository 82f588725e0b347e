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
// unknown). Rules:
//  - Solved: path starts at start, ends at goal, every step legal, recomputed cost equals the
//    reported cost (kCostTolerance), optimal planners within tolerance of `optimal`, bounded
//    planners at most bound * optimal (+ tolerance); a Solved query the reference says is
//    unreachable is invalid.
//  - Unreachable: valid only if the reference also finds no path (when it is known).
//  - Timeout, Crashed, ProtocolError: valid (an outcome, not a wrong answer: there is no path to
//    check), with no claim about cost; the runner puts the planner's message in the error column.
//  - InvalidQuery / Unsupported: valid only when the query really is invalid (checked by caller).
PathCheck check_result(const Grid& grid, const Query& query, const SearchResult& result,
                       double optimal, const Capabilities& caps);

}  // namespace pathbench
