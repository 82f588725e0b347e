#include "harness/runner/dynamic_runner.h"

#include <fmt/format.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <limits>
#include <map>
#include <random>

#include "algorithms/core/input_error.h"
#include "algorithms/core/moves.h"
#include "algorithms/registry/planner_registry.h"
#include "datasets/random.h"
#include "harness/output/csv_writer.h"
#include "harness/runner/experiment_manifest.h"
#include "harness/runner/instance_set.h"
#include "harness/runner/path_validation.h"
#include "harness/runner/run_progress.h"
#include "harness/runner/run_setup.h"
#include "harness/runner/solve_timing.h"
#include "harness/runner/staged_run.h"

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

DynamicOutcome run_dynamic_experiment(const ExperimentConfig& cfg, const DynamicSpec& spec,
                                      const RunOptions& opt, std::ostream& log) {
  // 1. Validate everything before writing anything (as the static runner does).
  std::vector<ActivePlanner> planners = build_planners(cfg);
  const std::vector<MapInstance> maps = load_instances(cfg);
  check_combinations(cfg, planners, maps);
  // The agent walks a plan move by move; an any-angle plan's segments are not moves.
  for (std::size_t i = 0; i < planners.size(); ++i)
    if (planners[i].built.planner->capabilities().path_model == PathModel::AnyAngle)
      throw InputError(cfg.source_file.string(), planners[i].config->line,
                       fmt::format("planners[{}].algorithm", i),
                       fmt::format("planner '{}' ({}) returns any-angle paths, which a dynamic "
                                   "run cannot walk move by move",
                                   planners[i].config->label, planners[i].config->algorithm));

  // Runs: the longest queries with a path (by optimal cost; ties by scenario order).
  struct Pick {
    const MapInstance* map;
    int run;
    const QueryInstance* query;
  };
  std::vector<Pick> picks;
  for (const MapInstance& m : maps) {
    std::vector<const QueryInstance*> qs;
    for (const QueryInstance& q : m.queries)
      if (std::isfinite(q.optimal) && q.optimal > 0 && q.data_problem.empty()) qs.push_back(&q);
    std::stable_sort(qs.begin(), qs.end(), [](const QueryInstance* a, const QueryInstance* b) {
      return a->optimal > b->optimal;
    });
    const std::size_t n = std::min(qs.size(), static_cast<std::size_t>(spec.runs_per_map));
    for (std::size_t i = 0; i < n; ++i) picks.push_back({&m, static_cast<int>(i), qs[i]});
  }

  StagedRun run = StagedRun::create(cfg.name, opt);
  run.meta() = dynamic_manifest(cfg, spec, planners, maps);
  run.write_meta();
  CsvWriter csv(run.staging() / "dynamic.csv", dynamic_columns());

  const std::size_t total = spec.kinds.size() * picks.size() * planners.size();
  log << fmt::format(
      "{} (dynamic): {} maps, {} runs per kind, {} kinds, {} planners, {} agent "
      "runs\n",
      cfg.name, maps.size(), picks.size(), spec.kinds.size(), planners.size(), total);
  DynamicOutcome outcome;
  std::size_t done = 0;
  RunProgress progress(opt.progress, total, "agent runs");
  for (DynamicKind kind : spec.kinds)
    for (const Pick& p : picks)
      for (ActivePlanner& dp : planners) {
        DynamicSettings st;
        st.kind = kind;
        st.sensor_radius = spec.sensor_radius;
        st.every_k_steps = spec.every_k_steps;
        st.toggles = spec.toggles;
        st.max_steps = spec.max_steps;
        st.seed = dynamic_run_seed(cfg.seed, p.map->dataset, p.map->map_name, p.run);
        st.time_limit_s = cfg.time_limit_s;
        st.validate = cfg.validate;
        DynamicRunRow row =
            run_dynamic_agent(*dp.built.planner, p.map->grid, p.query->start, p.query->goal, st);
        row.kind = std::string(to_string(kind));
        row.dataset = p.map->dataset;
        row.map = p.map->map_name;
        row.run = p.run;
        row.planner = dp.config->label;
        row.algorithm = dp.config->algorithm;
        row.optimal = p.query->optimal;
        if (!row.valid) ++outcome.invalid;
        csv.write(dynamic_csv_fields(row));
        outcome.rows.push_back(std::move(row));
        progress.tick(++done);
      }

  write_dynamic_summary_csv(run.staging() / "dynamic_summary.csv", outcome.rows);
  run.publish(log);
  outcome.dir = run.dir();
  return outcome;
}

}  // namespace pathbench
