#include "harness/runner/dynamic_runner.h"

#include <fmt/format.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <random>

#include "algorithms/core/moves.h"
#include "algorithms/registry/planner_registry.h"
#include "datasets/input_error.h"
#include "datasets/random.h"
#include "harness/output/csv_writer.h"
#include "harness/output/run_manifest.h"
#include "harness/runner/instance_set.h"
#include "harness/runner/path_validation.h"
#include "harness/runner/run_setup.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;
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
  auto account = [&](double time_us, Point agent, bool first) {
    const std::uint64_t e = plan.counters.expansions;
    row.total_expansions += e;
    row.total_time_us += time_us;
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

  const auto t0 = Clock::now();
  planner.solve({start, goal}, budget, plan);
  bool running = account(us_since(t0), start, true);

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
    running = account(us_since(r0), cur, false);
    idx = 0;
  }
  return row;
}

// ----- experiment -------------------------------------------------------------------------------

namespace {

const std::vector<std::string> kDynamicColumns = {"kind",
                                                  "dataset",
                                                  "map",
                                                  "run",
                                                  "planner",
                                                  "algorithm",
                                                  "sx",
                                                  "sy",
                                                  "gx",
                                                  "gy",
                                                  "optimal",
                                                  "success",
                                                  "valid",
                                                  "end",
                                                  "steps",
                                                  "cost",
                                                  "replans",
                                                  "changed_cells",
                                                  "initial_expansions",
                                                  "initial_time_us",
                                                  "total_expansions",
                                                  "max_replan_expansions",
                                                  "total_time_us",
                                                  "max_replan_time_us",
                                                  "reprepare_us",
                                                  "error"};

std::string num(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return fmt::format("{}", v);
}

void write_row(std::ofstream& out, const DynamicRunRow& r) {
  const std::vector<std::string> f = {r.kind,
                                      r.dataset,
                                      r.map,
                                      std::to_string(r.run),
                                      r.planner,
                                      r.algorithm,
                                      std::to_string(r.start.x),
                                      std::to_string(r.start.y),
                                      std::to_string(r.goal.x),
                                      std::to_string(r.goal.y),
                                      num(r.optimal),
                                      r.success ? "true" : "false",
                                      r.valid ? "true" : "false",
                                      r.end,
                                      std::to_string(r.steps),
                                      num(r.cost),
                                      std::to_string(r.replans),
                                      std::to_string(r.changed_cells),
                                      std::to_string(r.initial_expansions),
                                      num(r.initial_time_us),
                                      std::to_string(r.total_expansions),
                                      std::to_string(r.max_replan_expansions),
                                      num(r.total_time_us),
                                      num(r.max_replan_time_us),
                                      num(r.reprepare_us),
                                      r.error};
  for (std::size_t i = 0; i < f.size(); ++i) out << (i ? "," : "") << csv_escape(f[i]);
  out << '\n' << std::flush;
}

// Per-group aggregates shared by the printed table and dynamic_summary.csv.
struct Group {
  std::string kind, dataset, planner;
  bool incremental = false;
  std::size_t runs = 0, success = 0, valid = 0, replans = 0;
  double steps = 0, expansions = 0, time_us = 0, reprepare_us = 0;
  double replan_time_us = 0;  // sum over replans (the first plans excluded)
  double max_replan_time_us = 0;
};

std::vector<Group> group_rows(const std::vector<DynamicRunRow>& rows) {
  std::vector<Group> groups;
  for (const DynamicRunRow& r : rows) {
    auto it = std::find_if(groups.begin(), groups.end(), [&](const Group& g) {
      return g.kind == r.kind && g.dataset == r.dataset && g.planner == r.planner;
    });
    if (it == groups.end()) {
      groups.push_back({r.kind, r.dataset, r.planner});
      it = groups.end() - 1;
      it->incremental = r.incremental;
    }
    Group& g = *it;
    ++g.runs;
    g.success += r.success;
    g.valid += r.valid;
    g.replans += r.replans;
    g.steps += static_cast<double>(r.steps);
    g.expansions += static_cast<double>(r.total_expansions);
    g.time_us += r.total_time_us;
    g.reprepare_us += r.reprepare_us;
    g.replan_time_us += r.total_time_us - r.initial_time_us;
    g.max_replan_time_us = std::max(g.max_replan_time_us, r.max_replan_time_us);
  }
  return groups;
}

void write_summary_csv(const fs::path& path, const std::vector<Group>& groups) {
  std::ofstream out(path);
  out << "kind,dataset,planner,runs,success,valid,mean_steps,mean_replans,mean_total_expansions,"
         "mean_total_time_us,mean_reprepare_us,mean_replan_time_us,max_replan_time_us\n";
  for (const Group& g : groups) {
    const double n = static_cast<double>(g.runs);
    out << fmt::format(
        "{},{},{},{},{},{},{},{},{},{},{},{},{}\n", csv_escape(g.kind), csv_escape(g.dataset),
        csv_escape(g.planner), g.runs, g.success, g.valid, g.steps / n,
        static_cast<double>(g.replans) / n, g.expansions / n, g.time_us / n, g.reprepare_us / n,
        g.replans ? g.replan_time_us / static_cast<double>(g.replans) : 0.0, g.max_replan_time_us);
  }
}

}  // namespace

void print_dynamic_summary(std::ostream& out, const std::vector<DynamicRunRow>& rows) {
  const std::vector<Group> groups = group_rows(rows);
  out << fmt::format(
      "{:<16} {:<12} {:<14} {:>5} {:>7} {:>6} {:>8} {:>8} {:>12} {:>10} {:>10} "
      "{:>10} {:>10}\n",
      "kind", "dataset", "planner", "runs", "success", "valid", "steps", "replans", "expansions",
      "time_ms", "reprep_ms", "replan_us", "max_rp_us");
  for (const Group& g : groups) {
    const double n = static_cast<double>(g.runs);
    out << fmt::format(
        "{:<16} {:<12} {:<14} {:>5} {:>6.0f}% {:>6} {:>8.0f} {:>8.1f} {:>12.0f} {:>10.1f} "
        "{:>10.1f} {:>10.1f} {:>10.0f}\n",
        g.kind, g.dataset, g.planner, g.runs, 100.0 * static_cast<double>(g.success) / n, g.valid,
        g.steps / n, static_cast<double>(g.replans) / n, g.expansions / n, g.time_us / n / 1000.0,
        g.reprepare_us / n / 1000.0,
        g.replans ? g.replan_time_us / static_cast<double>(g.replans) : 0.0, g.max_replan_time_us);
  }
  out << "(means per run; expansions and time_ms: all plans of a run incl. the first; reprep_ms: "
         "part of time_ms spent in prepare() after changes; replan_us: mean per replan, first "
         "plan excluded; max_rp_us: largest single replan; expansions are each planner's own unit: "
         "JPS counts jump points, so compare its time, not its expansions)\n";
  // Ratios: each from-scratch planner against the first incremental one of the same group.
  bool header = false;
  for (const Group& inc : groups) {
    if (!inc.incremental) continue;
    const bool first_inc = std::none_of(groups.begin(), groups.end(), [&](const Group& g) {
      return g.incremental && g.kind == inc.kind && g.dataset == inc.dataset && &g < &inc;
    });
    if (!first_inc) continue;
    for (const Group& g : groups) {
      if (g.incremental || g.kind != inc.kind || g.dataset != inc.dataset) continue;
      if (!header) {
        out << "\nratios (from-scratch / incremental, sums over the same runs):\n";
        header = true;
      }
      const auto ratio = [](double a, double b) { return b > 0 ? a / b : 0.0; };
      out << fmt::format(
          "  {:<16} {:<12} {} / {}: expansions {:.3g}x, time {:.3g}x (without re-prepare "
          "{:.3g}x), per-replan time {:.3g}x\n",
          g.kind, g.dataset, g.planner, inc.planner, ratio(g.expansions, inc.expansions),
          ratio(g.time_us, inc.time_us), ratio(g.time_us - g.reprepare_us, inc.time_us),
          ratio(g.replans ? g.replan_time_us / static_cast<double>(g.replans) : 0.0,
                inc.replans ? inc.replan_time_us / static_cast<double>(inc.replans) : 0.0));
    }
  }
}

DynamicOutcome run_dynamic_experiment(const ExperimentConfig& cfg, const DynamicSpec& spec,
                                      const RunOptions& opt, std::ostream& log) {
  // 1. Validate everything before writing anything (as the static runner does).
  std::vector<ActivePlanner> planners = build_planners(cfg);
  const std::vector<MapInstance> maps = load_instances(cfg);
  check_combinations(cfg, planners, maps);

  const RunDirs dirs = plan_run_dirs(cfg, opt);
  open_staging(dirs, opt.overwrite);
  const fs::path& staging = dirs.staging;

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
      if (std::isfinite(q.optimal) && q.optimal > 0) qs.push_back(&q);
    std::stable_sort(qs.begin(), qs.end(), [](const QueryInstance* a, const QueryInstance* b) {
      return a->optimal > b->optimal;
    });
    const std::size_t n = std::min(qs.size(), static_cast<std::size_t>(spec.runs_per_map));
    for (std::size_t i = 0; i < n; ++i) picks.push_back({&m, static_cast<int>(i), qs[i]});
  }

  nlohmann::json meta = build_and_machine_info();
  meta["schema_version"] = kRunSchemaVersion;
  meta["mode"] = "dynamic";
  nlohmann::json kinds = nlohmann::json::array();
  for (DynamicKind k : spec.kinds) kinds.push_back(std::string(to_string(k)));
  meta["experiment"] = {{"name", cfg.name},
                        {"config_file", cfg.source_file.string()},
                        {"seed", cfg.seed},
                        {"time_limit_s", cfg.time_limit_s},
                        {"validate", cfg.validate}};
  meta["dynamic"] = {
      {"kinds", kinds},
      {"sensor_radius", spec.sensor_radius},
      {"every_k_steps", spec.every_k_steps},
      {"toggles", spec.toggles},
      {"runs_per_map", spec.runs_per_map},
      {"max_steps", spec.max_steps},
      {"sensor_shape", "square (Chebyshev distance)"},
      {"replan_policy",
       "unknown_terrain: whenever a sensed cell differs from the known map; "
       "changing_map: after every change"},
      {"planning_time", "update + prepare() again for non-incremental planners + search"}};
  meta["config_text"] = cfg.source_text;
  nlohmann::json pl = nlohmann::json::array();
  for (const ActivePlanner& p : planners)
    pl.push_back({{"label", p.config->label},
                  {"algorithm", p.config->algorithm},
                  {"params", p.params_text},
                  {"incremental", p.built.planner->capabilities().incremental}});
  meta["planners"] = pl;
  nlohmann::json ms = nlohmann::json::array();
  for (const MapInstance& mi : maps) {
    nlohmann::json j = {{"dataset", mi.dataset},
                        {"map", mi.map_name},
                        {"width", mi.grid.width()},
                        {"height", mi.grid.height()},
                        {"passable", mi.grid.count_passable()}};
    if (!mi.map_path.empty())
      j["map_file"] = mi.map_path.string();
    else
      j["seed"] = mi.seed;
    ms.push_back(std::move(j));
  }
  meta["maps"] = ms;
  write_json_file(staging / "meta.json", meta);

  std::ofstream csv(staging / "dynamic.csv");
  if (!csv) throw std::runtime_error("cannot write " + (staging / "dynamic.csv").string());
  for (std::size_t i = 0; i < kDynamicColumns.size(); ++i)
    csv << (i ? "," : "") << kDynamicColumns[i];
  csv << '\n';

  const std::size_t total = spec.kinds.size() * picks.size() * planners.size();
  log << fmt::format(
      "{} (dynamic): {} maps, {} runs per kind, {} kinds, {} planners, {} agent "
      "runs\n",
      cfg.name, maps.size(), picks.size(), spec.kinds.size(), planners.size(), total);
  DynamicOutcome outcome;
  std::size_t done = 0;
  const auto start_time = Clock::now();
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
        write_row(csv, row);
        outcome.rows.push_back(std::move(row));
        ++done;
        if (opt.progress)
          std::cerr << fmt::format("\r  {}/{} agent runs  {:.0f}s   ", done, total,
                                   std::chrono::duration<double>(Clock::now() - start_time).count())
                    << (done == total ? "\n" : "") << std::flush;
      }
  csv.close();

  write_summary_csv(staging / "dynamic_summary.csv", group_rows(outcome.rows));
  publish_run(dirs);
  outcome.dir = dirs.dir;
  return outcome;
}

}  // namespace pathbench
