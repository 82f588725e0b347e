#include "harness/runner/dynamic_runner.h"

#include <fmt/format.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <random>

#include "algorithms/core/moves.h"
#include "datasets/random.h"
#include "harness/runner/path_validation.h"
#include "harness/runner/solve_timing.h"

namespace pathbench {
namespace {

using Clock = std::chrono::steady_clock;

double us_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
}

// Copies the true map's state at `cells` into `known`; appends the cells that differed.
void sense(const Grid& truth, Grid& known, Point at, int radius, std::vector<Point>& changed) {
  for (int y = at.y - radius; y <= at.y + radius; ++y)
    for (int x = at.x - radius; x <= at.x + radius; ++x) {
      if (!truth.in_bounds(x, y)) continue;
      const bool free = truth.passable(x, y);
      if (known.passable(x, y) != free) {
        known.set_passable(x, y, free);
        changed.push_back({x, y});
      }
    }
}

}  // namespace

std::uint64_t dynamic_run_seed(std::uint64_t experiment_seed, const std::string& dataset,
                               const std::string& map, int run) {
  using detail::splitmix64;
  return splitmix64(splitmix64(experiment_seed) ^ detail::fnv1a(dataset + "/" + map) ^
                    splitmix64(static_cast<std::uint64_t>(run)));
}

DynamicRunRow run_dynamic_agent(Planner& planner, const Grid& true_map, Point start, Point goal,
                                const DynamicSettings& st, const ReplanObserver& observer) {
  DynamicRunRow row;
  row.start = start;
  row.goal = goal;
  Grid truth = true_map;
  Grid known = truth;
  std::vector<Point> changed;
  const bool unknown = st.kind == DynamicKind::UnknownTerrain;
  if (unknown) {
    for (int y = 0; y < known.height(); ++y)
      for (int x = 0; x < known.width(); ++x) known.set_passable(x, y, true);
    sense(truth, known, start, st.sensor_radius, changed);
  }
  std::mt19937_64 events(st.seed);
  planner.prepare(known);
  const Capabilities caps = planner.capabilities();
  row.incremental = caps.incremental;
  Budget budget;
  budget.time_limit_s = st.time_limit_s;
  SearchResult plan;

  // Records one plan's counters and checks it; returns false when the run must end.
  // `time` spans the whole plan (update, re-prepare, search, path writing): the agent needs the
  // path it follows. Its path-writing part is also reported on its own (path_us).
  auto account = [&](const SolveTime& time, Point agent, bool first) {
    const double time_us = time.total_us();
    const std::uint64_t e = plan.counters.expansions;
    row.total_expansions += e;
    row.total_time_us += time_us;
    row.path_us += time.path_us;
    if (first) {
      row.initial_expansions = e;
      row.initial_time_us = time_us;
    } else {
      ++row.replans;
      row.max_replan_expansions = std::max(row.max_replan_expansions, e);
      row.max_replan_time_us = std::max(row.max_replan_time_us, time_us);
    }
    if (observer) observer(known, agent, goal, plan);
    if (plan.status != Status::Solved) {
      row.end = std::string(to_string(plan.status));
      return false;
    }
    if (st.validate) {
      const PathCheck check =
          check_result(known, {agent, goal}, plan, std::numeric_limits<double>::quiet_NaN(), caps);
      if (!check.valid) {
        row.valid = false;
        row.error = "plan " + std::to_string(row.replans) + ": " + check.error;
        row.end = "invalid_plan";
        return false;
      }
    }
    return true;
  };

  bool running = account(timed_solve(planner, {start, goal}, budget, plan), start, true);

  Point cur = start;
  std::size_t idx = 0;  // position of `cur` in plan.path
  while (running) {
    if (cur == goal) {
      row.success = true;
      row.end = "arrived";
      break;
    }
    if (row.steps >= static_cast<std::size_t>(st.max_steps)) {
      row.end = "max_steps";
      break;
    }
    const Point next = known.point(plan.path[idx + 1]);
    double step_cost = 0.0;
    if (!legal_move(truth, cur, next, &step_cost)) {
      row.valid = false;
      row.end = "illegal_step";
      row.error = fmt::format("step {}: ({},{})->({},{}) is not a legal move on the true map",
                              row.steps + 1, cur.x, cur.y, next.x, next.y);
      break;
    }
    row.cost += step_cost;
    cur = next;
    ++idx;
    ++row.steps;
    if (cur == goal) continue;

    changed.clear();
    if (unknown) {
      sense(truth, known, cur, st.sensor_radius, changed);
    } else if (row.steps % static_cast<std::size_t>(st.every_k_steps) == 0) {
      for (int i = 0; i < st.toggles; ++i) {
        const Point c{static_cast<int>(
                          detail::uniform_below(events, static_cast<std::uint64_t>(truth.width()))),
                      static_cast<int>(detail::uniform_below(
                          events, static_cast<std::uint64_t>(truth.height())))};
        if (c == cur || c == goal) continue;
        const bool free = !truth.passable(c.x, c.y);
        truth.set_passable(c.x, c.y, free);
        known.set_passable(c.x, c.y, free);
        changed.push_back(c);
      }
    }
    if (changed.empty()) continue;
    row.changed_cells += changed.size();

    const auto r0 = Clock::now();
    if (planner.update(changed) == Status::Unsupported) {
      const auto p0 = Clock::now();
      planner.prepare(known);
      row.reprepare_us += us_since(p0);
    }
    planner.replan_from(cur, budget, plan);
    running = account(split_at_search_end(r0, Clock::now(), plan), cur, false);
    idx = 0;
  }
  return row;
}

}  // namespace pathbench
