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
