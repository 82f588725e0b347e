#include "harness/runner/path_validation.h"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "algorithms/core/cost_range.h"
#include "algorithms/core/moves.h"
#include "algorithms/core/path_cost.h"

namespace pathbench {
namespace {

PathCheck fail(std::string why, double cost = 0.0) { return {false, cost, std::move(why)}; }

// floor(n / d) and ceil(n / d) for d > 0, any sign of n.
std::int64_t floor_div(std::int64_t n, std::int64_t d) {
  return n >= 0 ? n / d : -((-n + d - 1) / d);
}
std::int64_t ceil_div(std::int64_t n, std::int64_t d) { return -floor_div(-n, d); }

// The any-angle model's half of check_result, once status, start and goal are checked.
PathCheck check_any_angle(const Grid& grid, const SearchResult& r, double optimal) {
  if (grid.has_terrain())
    return fail(
        "any-angle paths are priced by Euclidean length, which a map with terrain "
        "costs does not define");
  if (grid.rules().corner_cutting)
    return fail("any-angle paths are checked without corner cutting; this map allows it");
  for (std::size_t i = 1; i < r.path.size(); ++i) {
    const Point a = grid.point(r.path[i - 1]), b = grid.point(r.path[i]);
    Point at;
    if (!segment_in_sight(grid, a, b, &at))
      return fail(fmt::format("segment {} ({},{})->({},{}) has no line of sight: it touches "
                              "blocked cell ({},{})",
                              i, a.x, a.y, b.x, b.y, at.x, at.y),
                  euclidean_path_cost(grid, r.path));
  }
  const double cost = euclidean_path_cost(grid, r.path);
  if (!(cost <= kMaxPathCost))
    return fail(fmt::format("the path costs {:.6g}, beyond {:.0f}", cost, kMaxPathCost), cost);
  if (!costs_equal(cost, r.cost))
    return fail(fmt::format("reported cost {} but the path's Euclidean length is {}", r.cost, cost),
                cost);
  // The reference is an octile optimum: a valid any-angle path may cost less (that is the point),
  // and any-angle planners claim no bound over it, so only reachability is compared. Reachability
  // is the same in both models: every octile path is in sight segment by segment, and the cells a
  // segment touches are joined by edges, or at a vertex by a diagonal whose four cells are free.
  if (!std::isnan(optimal) && !std::isfinite(optimal))
    return fail("solved, but the reference finds no path", cost);
  return {true, cost, {}};
}

}  // namespace

bool segment_in_sight(const Grid& grid, Point a, Point b, Point* blocked) {
  // Doubled coordinates: cell (x, y) is the square [2x, 2x+2] x [2y, 2y+2], its centre odd.
  const std::int64_t ax = 2 * std::int64_t{a.x} + 1, ay = 2 * std::int64_t{a.y} + 1;
  const std::int64_t bx = 2 * std::int64_t{b.x} + 1, by = 2 * std::int64_t{b.y} + 1;
  const std::int64_t dx = bx - ax, dy = by - ay;
  const int xstep = dx >= 0 ? 1 : -1, ystep = dy >= 0 ? 1 : -1;
  for (int x = a.x;; x += xstep) {
    // The closed part of the segment over column x, and its y range (ylo / den, yhi / den).
    const std::int64_t xl = std::max(2 * std::int64_t{x}, std::min(ax, bx));
    const std::int64_t xr = std::min(2 * std::int64_t{x} + 2, std::max(ax, bx));
    std::int64_t ylo = std::min(ay, by), yhi = std::max(ay, by), den = 1;
    if (dx != 0) {
      // y(x) = ay + (x - ax) dy / dx, as a numerator over |dx|.
      const std::int64_t sign = dx > 0 ? 1 : -1;
      const std::int64_t y1 = sign * (ay * dx + (xl - ax) * dy);
      const std::int64_t y2 = sign * (ay * dx + (xr - ax) * dy);
      ylo = std::min(y1, y2);
      yhi = std::max(y1, y2);
      den = sign * dx;
    }
    // Rows whose closed band [2y, 2y+2] meets [ylo, yhi] / den.
    const int row_lo = static_cast<int>(ceil_div(ylo, 2 * den) - 1);
    const int row_hi = static_cast<int>(floor_div(yhi, 2 * den));
    for (int k = 0; k <= row_hi - row_lo; ++k) {
      const int y = ystep > 0 ? row_lo + k : row_hi - k;
      if (!grid.passable(x, y)) {
        if (blocked) *blocked = {x, y};
        return false;
      }
    }
    if (x == b.x) return true;
  }
}

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
  if (caps.path_model == PathModel::AnyAngle) return check_any_angle(grid, r, optimal);
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
      const double slack =
          std::max(kCostTolerance * std::max(1.0, bound),
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
