// The clock around one Planner::solve(), split at the planner's SearchResult::search_end mark:
// search_us is the search alone (what time_us reports), path_us writing the path and its cost.
// A planner that never marks gets all of it as search time and path_us = 0.
#pragma once

#include "algorithms/core/planner.h"

namespace pathbench {

struct SolveTime {
  double search_us = 0.0;
  double path_us = 0.0;
  double total_us() const { return search_us + path_us; }
};

SolveTime timed_solve(Planner& planner, const Query& query, const Budget& budget,
                      SearchResult& result);

}  // namespace pathbench
