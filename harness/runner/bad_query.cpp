#include "harness/runner/bad_query.h"

#include <fmt/format.h>

#include <cmath>

#include "algorithms/core/input_error.h"
#include "algorithms/core/moves.h"
#include "algorithms/reference/reference_dijkstra.h"

namespace pathbench {

QueryVerdict judge_published(const Grid& grid, const MapInstance& m, const QueryInstance& q,
                             const SearchResult& result, const Capabilities& caps,
                             BadQueryPolicy policy, PathCheck first) {
  const bool answer = result.status == Status::Solved || result.status == Status::Unreachable;
  if (first.valid || q.decimals < 0 || !answer) return {false, std::move(first)};
  const double proven = reference_cost(grid, q.start, q.goal);
  if (std::isfinite(proven) && matches_published(proven, q.optimal, q.decimals))
    return {false, std::move(first)};  // the length is right: the planner is wrong
  const std::string reason =
      std::isfinite(proven)
          ? fmt::format("data: published length {} differs from the proven optimum {}", q.optimal,
                        proven)
          : fmt::format("data: published length {} for a pair with no path", q.optimal);
  if (policy == BadQueryPolicy::Error)
    throw InputError(m.scen_path.string(), q.line, "optimal_length",
                     reason + " (our reference Dijkstra; on_bad_query: error)");
  PathCheck again = check_result(grid, {q.start, q.goal}, result, proven, caps);
  if (again.valid) {
    again.valid = false;  // a bad_query row is never valid
    again.error = reason;
    return {true, std::move(again)};
  }
  again.error += "; also " + reason;
  return {false, std::move(again)};
}

}  // namespace pathbench
