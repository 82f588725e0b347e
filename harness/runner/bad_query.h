// A row's verdict when it disagrees with a published length: is the planner wrong, or the
// length? datasets/published_length.h catches, before any solve, the lengths that cannot be right
// without a search; the rest (a length that is not the optimum although above the octile bound)
// only show when a planner's checked answer disagrees. Then our reference Dijkstra, independent
// of every planner, decides: a published length it proves wrong is a data problem (status
// bad_query), never the planner's invalid row (issue 30); one it confirms leaves the row
// invalid. The Dijkstra runs only on disagreeing rows, so a clean suite pays nothing for it.
#pragma once

#include <string>

#include "algorithms/core/grid.h"
#include "algorithms/core/planner.h"
#include "algorithms/core/search_types.h"
#include "harness/config/experiment_config.h"
#include "harness/runner/instance_set.h"
#include "harness/runner/path_validation.h"

namespace pathbench {

struct QueryVerdict {
  bool bad_query = false;  // the published length is wrong and the planner's answer is right
  PathCheck check;         // the planner's check (against our optimum when the length is wrong)
};

// `first` is check_result against q's published length. Unless it failed on a published length
// (q.decimals >= 0) for a Solved or Unreachable answer, returns it unchanged. Otherwise the
// reference Dijkstra's cost R: when R matches the published length, `first` stands; when not,
// the length is a data problem: on_bad_query error throws InputError(scen file, q.line,
// "optimal_length"); record re-checks the answer against R and returns bad_query with the reason
// in check.error when it passes, or the planner's failure against R and the data problem both.
QueryVerdict judge_published(const Grid& grid, const MapInstance& m, const QueryInstance& q,
                             const SearchResult& result, const Capabilities& caps,
                             BadQueryPolicy policy, PathCheck first);

}  // namespace pathbench
