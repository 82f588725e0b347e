#include "harness/runner/path_validation.h"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>

#include "algorithms/core/cost_range.h"
#include "algorithms/core/moves.h"
#include "algorithms/core/path_cost.h"

namespace pathbench {
namespace {

PathCheck fail(std::string why, double cost = 0.0) { return {false, cost, std::move(why)}; }

}  // namespace

PathCheck check_result(const Grid& grid, const Query& q, const SearchResult& r, double optimal,
                       const Capabilities& caps, int optimal_decimals) {
  const bool known = !std::isnan(optimal);
  // Against the reference: at a published length's own precision, else 1e-5 relative.
  const auto equal_ref = [&](double cost, double ref) {
    return matches_published(cost, ref, optimal_decimals);
  };
  switch (r.status) {
    case Status::Timeout:
    case Status::Crashed:
    case Status::ProtocolError:
      return {false, 0.0, {}};
    case Status::InvalidQuery:
    case Status::Unsupported:
    case Status::BadQuery:
      return fail(fmt::format("planner reported {}: {}", to_string(r.status), r.message));
    case Status::Unreachable:
      if (known && std::isfinite(optimal))
        return fail(fmt::format("reported unreachable, but the reference cost is {}", optimal));
      return {true, 0.0, {}};
    case Status::Solved:
      break;
  }
  if (r.path.empty()) return fail("solved with an empty path");
  if (grid.point(r.path.front()) != q.start) return fail("path does not start at the start");
  if (grid.point(r.path.back()) != q.goal) return fail("path does not end at the goal");
  std::size_t i = 0;
  const double cost = path_cost(grid, r.path, &i);
  if (i != 0) {
    const Point a = grid.point(r.path[i - 1]), b = grid.point(r.path[i]);
    return fail(fmt::format("step {} ({},{})->({},{}) is not a legal move", i, a.x, a.y, b.x, b.y),
                cost);
  }
  // Maps are refused at load when a path could cost more than the searches' int64 fixed point
  // holds (algorithms/core/cost_range.h); this catches a grid that escaped that check (built in
  // code). Past the range a search's g wraps around, so even a legal path cannot be trusted to
  // be what the planner claims, and without a reference nothing else would notice (issue 31).
  if (!(cost <= kMaxPathCost))
    return fail(fmt::format("the path costs {:.6g}, beyond {:.0f} = 2^29, the largest cost the "
                            "searches represent (int64 fixed point); the map's costs are out "
                            "of range",
                            cost, kMaxPathCost),
                cost);
  if (!costs_equal(cost, r.cost))
    return fail(fmt::format("reported cost {} but the path costs {}", r.cost, cost), cost);
  if (known) {
    if (!std::isfinite(optimal)) return fail("solved, but the reference finds no path", cost);
    if (cost < optimal && !equal_ref(cost, optimal))
      return fail(fmt::format("cost {} is below the reference optimum {}", cost, optimal), cost);
    const CostGuarantee claim = cost_guarantee(caps, grid.rules());
    if (claim.optimal && !equal_ref(cost, optimal))
      return fail(fmt::format("cost {} is not optimal ({})", cost, optimal), cost);
    if (!claim.optimal && std::isfinite(claim.suboptimality_bound)) {
      const double bound = claim.suboptimality_bound * optimal;
      // The reference's rounding is scaled by the bound along with it.
      const double slack = std::max(
          kCostTolerance * std::max(1.0, bound),
          claim.suboptimality_bound * published_tolerance(optimal, optimal_decimals));
      if (cost > bound + slack)
        return fail(fmt::format("cost {} exceeds the bound {} x {}", cost,
                                claim.suboptimality_bound, optimal),
                    cost);
    }
  }
  return {true, cost, {}};
}

}  // namespace pathbench
