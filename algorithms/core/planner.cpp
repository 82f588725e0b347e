#include "algorithms/core/planner.h"

#include <cassert>
#include <limits>
#include <stdexcept>
#include <utility>

#include "algorithms/core/cost_range.h"

namespace pathbench {

std::string check_support(const Capabilities& caps, const Grid& grid) {
  if (caps.uniform_cost_only && grid.has_terrain())
    return "needs a uniform-cost grid, but this map has terrain costs";
  if (!caps.supports_four_connected && grid.rules().connectivity == Connectivity::Four)
    return "does not support 4-connected grids";
  if (!caps.supports_corner_cutting && grid.rules().corner_cutting)
    return "does not support corner cutting";
  return {};
}

std::string check_budget_support(const Capabilities& caps, const Budget& budget) {
  if (!caps.honours_max_expansions && budget.max_expansions != 0)
    return "does not honour max_expansions (its search has no expansion limit)";
  if (!caps.honours_time_limit && budget.time_limit_s != 0.0) return "does not honour a time limit";
  return {};
}

CostGuarantee cost_guarantee(const Capabilities& caps, const MoveRules& rules) {
  if (caps.claim_four_connected_only && rules.connectivity != Connectivity::Four)
    return {false, std::numeric_limits<double>::infinity()};
  return {caps.optimal, caps.optimal ? 1.0 : caps.suboptimality_bound};
}

void Planner::prepare(const Grid& grid) {
  if (const std::string why = check_support(caps_, grid); !why.empty())
    throw std::invalid_argument(why);
  // Every grid a user can give is range-checked where its costs are set (cost_range.h); a grid
  // built in code is checked here in debug builds (O(cells), so not in Release's prepare, which
  // runs in timed re-prepares).
  assert(cost_range_problem(grid).empty());
  grid_ = &grid;
  num_extras_ = extra_columns().size();
  map_failed_ = false;
  map_fault_.clear();
  do_prepare(grid);
}

void Planner::fail_map(Status status, std::string message) {
  map_failed_ = true;
  map_fault_status_ = status;
  map_fault_ = std::move(message);
}

void Planner::solve(const Query& q, const Budget& budget, SearchResult& result) {
  result.clear();
  if (trace_) trace_->clear();
  has_last_goal_ = true;
  last_goal_ = q.goal;
  const Grid& g = *grid_;
  auto invalid = [&](const char* which, Point p, const char* why) {
    result.status = Status::InvalidQuery;
    result.message =
        std::string(which) + " (" + std::to_string(p.x) + "," + std::to_string(p.y) + ") " + why;
  };
  if (!g.in_bounds(q.start.x, q.start.y)) return invalid("start", q.start, "is out of range");
  if (!g.in_bounds(q.goal.x, q.goal.y)) return invalid("goal", q.goal, "is out of range");
  if (!g.passable(q.start.x, q.start.y)) return invalid("start", q.start, "is blocked");
  if (!g.passable(q.goal.x, q.goal.y)) return invalid("goal", q.goal, "is blocked");
  if (std::string why = check_budget_support(caps_, budget); !why.empty()) {
    result.status = Status::Unsupported;
    result.message = "planner " + why;
    return;
  }
  if (map_failed_) {
    result.status = map_fault_status_;
    result.message = map_fault_;
    result.extras.assign(num_extras_, std::numeric_limits<double>::quiet_NaN());
    return;
  }
  const CellId s = g.id(q.start), t = g.id(q.goal);
  if (s == t) {
    result.status = Status::Solved;
    result.cost = 0.0;
    result.path.push_back(s);
    result.extras.assign(num_extras_, 0.0);
    if (trace_) trace_->path = result.path;
    return;
  }
  do_solve(s, t, budget, result);
  if (result.extras.size() != num_extras_) result.extras.resize(num_extras_, 0.0);
  if (trace_) trace_->path = result.path;
}

Status Planner::update(const std::vector<Point>&) { return Status::Unsupported; }

Status Planner::replan_from(Point new_start, const Budget& budget, SearchResult& result) {
  if (!has_last_goal_) {
    result.clear();
    result.message = "replan_from() called before any solve()";
    return result.status;  // InvalidQuery
  }
  solve({new_start, last_goal_}, budget, result);
  return result.status;
}

}  // namespace pathbench
