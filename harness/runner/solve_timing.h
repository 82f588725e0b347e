// The clock around one Planner::solve(), split at the planner's SearchResult::search_end mark:
// search_us is the search alone (what time_us reports), path_us writing the path and its cost.
// A planner that never marks gets all of it as search time and path_us = 0, as does a query
// that ends without a path (nothing is written) or with start == goal.
//
// Where each planner marks (the search is what decides the path; writing it out is not):
//  - astar / dijkstra / gbfs (search/best_first_search.h): when the goal is popped; the parent
//    walk is path writing. boost_astar: likewise, before walking Boost's predecessor map.
//  - jps, jps_plus (planners/jps/jump_point_search.h): when the goal is popped; expanding the
//    jump points into cells and pricing them is path writing.
//  - hpa (planners/hpa/hpa_query.cpp): once the path's cells are decided, i.e. after insertion,
//    abstract search, refinement to cells and, when on, smoothing; joining the halves (without
//    smoothing) and pricing the path is path writing.
//  - dstar_lite: when its g values are final; the greedy walk from the start is path writing.
//  - external: when the program's answer arrives; parsing it and pricing the path is path
//    writing (the program's own clock is the ext_time_us column).
#pragma once

#include <chrono>

#include "algorithms/core/planner.h"

namespace pathbench {

struct SolveTime {
  double search_us = 0.0;
  double path_us = 0.0;
  double total_us() const { return search_us + path_us; }
};

// [t0, t1] split at `result`'s search_end; a mark outside it (none, or a previous query's)
// counts the whole span as search.
SolveTime split_at_search_end(std::chrono::steady_clock::time_point t0,
                              std::chrono::steady_clock::time_point t1, const SearchResult& result);

SolveTime timed_solve(Planner& planner, const Query& query, const Budget& budget,
                      SearchResult& result);

// The same query solved `k` >= 1 times inside one clock pair, per call: total / k. `result` is
// the last solve's. The split uses the last solve's mark (the closing clock read follows it at
// once, so its path part is measured exactly): path_us = that call's, search_us = the rest.
// k == 1 is timed_solve.
SolveTime timed_batch(Planner& planner, const Query& query, const Budget& budget,
                      SearchResult& result, int k);

// How many calls a batch needs so that it lasts at least `min_us`, given one call took
// `one_call_us`: ceil(min_us / one_call_us) capped at kMaxBatch; 1 when min_us is 0 (off) or
// the call already lasts that long. A pure function of the first measurement, so a row's k is
// reproducible from it.
inline constexpr int kMaxBatch = 1000;
int batch_size(double one_call_us, double min_us);

}  // namespace pathbench
