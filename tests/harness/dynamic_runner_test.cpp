// Dynamic-map runner: agents driven by D* Lite and by repeated A* / JPS through unknown terrain
// and changing maps. Every plan D* Lite makes is checked against the reference Dijkstra on the
// map known at that moment, every run must be valid (legal steps on the true map), unreachable
// goals end cleanly, the `dynamic:` section is parsed and validated, and `pathbench run` on a
// dynamic experiment writes dynamic.csv / dynamic_summary.csv / meta.json.
#include "harness/runner/dynamic_runner.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "algorithms/core/input_error.h"
#include "algorithms/reference/reference_dijkstra.h"
#include "algorithms/registry/planner_registry.h"
#include "datasets/map_generators.h"
#include "datasets/scenario_generator.h"
#include "harness/output/dynamic_csv.h"
#include "harness/output/dynamic_summary.h"
#include "harness/runner/experiment_runner.h"
#include "tests/support/random_maps_experiment.h"
#include "tests/support/scratch_dir.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;

bool near(double a, double b) {
  if (std::isinf(a) || std::isinf(b)) return a == b;
  return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(b));
}

// Far-apart start/goal in the largest component of `g`.
std::pair<Point, Point> far_pair(const Grid& g, std::uint64_t seed) {
  const std::vector<CellId> comp = largest_component(g);
  std::mt19937_64 rng(seed);
  Point best_s{}, best_t{};
  int best = -1;
  for (int i = 0; i < 50; ++i) {
    const Point s = g.point(comp[rng() % comp.size()]), t = g.point(comp[rng() % comp.size()]);
    const int d = std::abs(s.x - t.x) + std::abs(s.y - t.y);
    if (d > best) {
      best = d;
      best_s = s;
      best_t = t;
    }
  }
  return {best_s, best_t};
}

struct CheckCounts {
  int plans = 0;
  int failures = 0;
};

// Observer: every solved plan's cost equals the reference on the known map; an unsolved plan
// must really have no path.
ReplanObserver reference_checker(CheckCounts& c) {
  return [&c](const Grid& known, Point agent, Point goal, const SearchResult& plan) {
    ++c.plans;
    const double ref = reference_cost(known, agent, goal);
    if (plan.status == Status::Solved) {
      if (!near(plan.cost, ref)) {
        ++c.failures;
        ADD_FAILURE() << "plan " << c.plans << " from (" << agent.x << "," << agent.y << "): cost "
                      << plan.cost << " reference " << ref;
      }
    } else if (plan.status == Status::Unreachable && !std::isinf(ref)) {
      ++c.failures;
      ADD_FAILURE() << "unreachable but reference " << ref;
    }
  };
}

TEST(DynamicRunner, UnknownTerrainEveryPlanOptimalOnKnownMap) {
  CheckCounts dstar_checks, astar_checks;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const Grid g = random_map(48, 40, 0.25, seed);
    const auto [s, t] = far_pair(g, seed);
    for (const char* name : {"dstar_lite", "astar"}) {
      ConfiguredPlanner p = make_planner(name, {});
      DynamicSettings st;
      st.kind = DynamicKind::UnknownTerrain;
      st.sensor_radius = 1 + static_cast<int>(seed % 3);
      const DynamicRunRow r = run_dynamic_agent(
          *p.planner, g, s, t, st, reference_checker(name[0] == 'd' ? dstar_checks : astar_checks));
      EXPECT_TRUE(r.success) << name << " seed " << seed << " end " << r.end;
      EXPECT_TRUE(r.valid) << r.error;
      EXPECT_EQ(r.end, "arrived");
      // Travelled cost is at least the true optimum (the agent learns the map on the way).
      EXPECT_GE(r.cost + 1e-9, reference_cost(g, s, t));
      EXPECT_GT(r.replans, 0u);
      EXPECT_EQ(r.incremental, name[0] == 'd');
    }
  }
  EXPECT_EQ(dstar_checks.failures, 0);
  EXPECT_EQ(astar_checks.failures, 0);
  EXPECT_GT(dstar_checks.plans, 100);
}

TEST(DynamicRunner, ChangingMapEveryPlanOptimalAndStepsLegal) {
  CheckCounts checks;
  int runs = 0, successes = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    Grid g = random_map(40, 40, 0.2, 100 + seed);
    if (seed % 3 == 0) g.set_rules({Connectivity::Four, false});
    const auto [s, t] = far_pair(g, seed);
    for (const char* name : {"dstar_lite", "astar", "jps"}) {
      if (std::string(name) == "jps" && seed % 3 == 0) continue;  // JPS is 8-connected only
      ConfiguredPlanner p = make_planner(name, {});
      DynamicSettings st;
      st.kind = DynamicKind::ChangingMap;
      st.every_k_steps = 1 + static_cast<int>(seed % 4);
      st.toggles = 1 + static_cast<int>(seed % 15);
      st.seed = dynamic_run_seed(7, "ds", "m", static_cast<int>(seed));
      const DynamicRunRow r = run_dynamic_agent(
          *p.planner, g, s, t, st, name[0] == 'd' ? reference_checker(checks) : ReplanObserver{});
      ++runs;
      successes += r.success;
      EXPECT_TRUE(r.valid) << name << " seed " << seed << ": " << r.error;
      EXPECT_TRUE(r.end == "arrived" || r.end == "unreachable") << r.end;
      EXPECT_EQ(r.success, r.end == "arrived");
      // Path writing is a part of the plans' time (no value asserted: present and in range).
      EXPECT_GE(r.path_us, 0.0);
      EXPECT_LE(r.path_us, r.total_time_us);
    }
  }
  EXPECT_EQ(checks.failures, 0);
  EXPECT_GT(checks.plans, 200);
  EXPECT_GT(successes, runs / 2);
}

TEST(DynamicRunner, SameEventsForEveryPlannerWhenPathsAgree) {
  // On an open map every optimal planner walks a straight line, so the runs must be identical
  // step for step: same steps, same cost, same number of changed cells.
  const Grid g(64, 64);
  DynamicSettings st;
  st.kind = DynamicKind::ChangingMap;
  st.every_k_steps = 2;
  st.toggles = 30;
  st.seed = 99;
  ConfiguredPlanner d = make_planner("dstar_lite", {});
  ConfiguredPlanner a = make_planner("astar", {});
  const Point s{0, 32}, t{63, 32};
  const DynamicRunRow rd = run_dynamic_agent(*d.planner, g, s, t, st);
  const DynamicRunRow ra = run_dynamic_agent(*a.planner, g, s, t, st);
  EXPECT_TRUE(rd.success);
  EXPECT_EQ(rd.changed_cells, ra.changed_cells);
  EXPECT_EQ(rd.replans, ra.replans);
  EXPECT_TRUE(near(rd.cost, ra.cost));
}

TEST(DynamicRunner, UnreachableGoalEndsCleanly) {
  // The goal sits in a walled box the agent cannot see from the start.
  Grid g(30, 30);
  for (int i = 20; i <= 26; ++i) {
    g.set_passable(i, 20, false);
    g.set_passable(i, 26, false);
    g.set_passable(20, i, false);
    g.set_passable(26, i, false);
  }
  for (const char* name : {"dstar_lite", "astar"}) {
    ConfiguredPlanner p = make_planner(name, {});
    DynamicSettings st;
    st.kind = DynamicKind::UnknownTerrain;
    st.sensor_radius = 2;
    const DynamicRunRow r = run_dynamic_agent(*p.planner, g, {1, 1}, {23, 23}, st);
    EXPECT_FALSE(r.success) << name;
    EXPECT_TRUE(r.valid) << name << ": " << r.error;
    EXPECT_EQ(r.end, "unreachable") << name;
    EXPECT_GT(r.steps, 0u);
  }
}

TEST(DynamicRunner, MaxStepsEndsRun) {
  const Grid g(50, 1);
  ConfiguredPlanner p = make_planner("dstar_lite", {});
  DynamicSettings st;
  st.max_steps = 10;
  const DynamicRunRow r = run_dynamic_agent(*p.planner, g, {0, 0}, {49, 0}, st);
  EXPECT_FALSE(r.success);
  EXPECT_EQ(r.end, "max_steps");
  EXPECT_EQ(r.steps, 10u);
}

TEST(DynamicRunner, SeedDependsOnMapAndRunNotPlanner) {
  EXPECT_EQ(dynamic_run_seed(1, "a", "m", 0), dynamic_run_seed(1, "a", "m", 0));
  EXPECT_NE(dynamic_run_seed(1, "a", "m", 0), dynamic_run_seed(1, "a", "m", 1));
  EXPECT_NE(dynamic_run_seed(1, "a", "m", 0), dynamic_run_seed(1, "a", "n", 0));
  EXPECT_NE(dynamic_run_seed(1, "a", "m", 0), dynamic_run_seed(2, "a", "m", 0));
}

// ----- config + end to end ----------------------------------------------------------------------

// Nine lines: a `dynamic:` section after them starts at line 10.
const std::string kBaseYaml = testing::experiment_yaml(
    {.name = "dyn_test",
     .seed = 5,
     .planners = {{"dstar_lite", "dstar_lite"}, {"astar_replan", "astar"}, {"jps", "jps"}}});

ExperimentConfig parse(const std::string& dynamic_section) {
  return parse_experiment(kBaseYaml + dynamic_section, fs::temp_directory_path() / "dyn_test.yaml",
                          PATHBENCH_SOURCE_DIR);
}

// parse() of a `dynamic:` section that runs both kinds, with `settings` (indented "key: value"
// lines) after its kind list.
ExperimentConfig parse_both_kinds(const std::string& settings) {
  return parse("dynamic:\n  kind: [unknown_terrain, changing_map]\n" + settings);
}

TEST(DynamicConfig, AbsentMeansStatic) {
  const ExperimentConfig cfg = parse("");
  EXPECT_FALSE(cfg.dynamic.has_value());
}

TEST(DynamicConfig, ParsesAllKeys) {
  const ExperimentConfig cfg = parse_both_kinds(
      "  sensor_radius: 3\n  every_k_steps: 4\n  toggles: 12\n  runs_per_map: 2\n"
      "  max_steps: 900\n");
  ASSERT_TRUE(cfg.dynamic.has_value());
  const DynamicSpec& spec = *cfg.dynamic;
  EXPECT_EQ(spec.line, 10);
  ASSERT_EQ(spec.kinds.size(), 2u);
  EXPECT_EQ(spec.kinds[0], DynamicKind::UnknownTerrain);
  EXPECT_EQ(spec.kinds[1], DynamicKind::ChangingMap);
  EXPECT_EQ(spec.sensor_radius, 3);
  EXPECT_EQ(spec.every_k_steps, 4);
  EXPECT_EQ(spec.toggles, 12);
  EXPECT_EQ(spec.runs_per_map, 2);
  EXPECT_EQ(spec.max_steps, 900);
}

TEST(DynamicConfig, ErrorsNameTheField) {
  auto error_of = [](const std::string& section) -> InputError {
    try {
      parse(section);
    } catch (const InputError& e) {
      return e;
    }
    ADD_FAILURE() << "no error for: " << section;
    return InputError("", 0, "", "");
  };
  EXPECT_EQ(error_of("dynamic:\n  kind: teleport\n").field(), "dynamic.kind");
  EXPECT_EQ(error_of("dynamic:\n  runs_per_map: 2\n").field(), "dynamic.kind");
  const InputError bad_key = error_of("dynamic:\n  kind: changing_map\n  radius: 2\n");
  EXPECT_EQ(bad_key.field(), "dynamic.radius");
  EXPECT_EQ(bad_key.line(), 12);
  EXPECT_EQ(error_of("dynamic:\n  kind: changing_map\n  sensor_radius: 2\n").field(),
            "dynamic.sensor_radius");
  EXPECT_EQ(error_of("dynamic:\n  kind: unknown_terrain\n  toggles: 2\n").field(),
            "dynamic.toggles");
  EXPECT_EQ(error_of("dynamic:\n  kind: unknown_terrain\n  sensor_radius: 0\n").field(),
            "dynamic.sensor_radius");
  EXPECT_EQ(error_of("dynamic: 3\n").field(), "dynamic");
}

TEST(DynamicExperiment, WritesCsvSummaryAndMeta) {
  const ExperimentConfig cfg = parse_both_kinds(
      "  sensor_radius: 2\n  every_k_steps: 3\n  toggles: 10\n  runs_per_map: 2\n");
  ASSERT_TRUE(cfg.dynamic.has_value());
  // A folder of its own: tests run in parallel under ctest, so no fixed shared path.
  const testing::ScratchDir scratch("pathbench_dynamic_experiment");
  RunOptions opt;
  opt.out_dir = scratch.path() / "out";
  opt.overwrite = true;
  std::ostringstream log;
  const RunOutcome out = run_experiment(cfg, opt, log);
  EXPECT_TRUE(out.dynamic);
  EXPECT_EQ(out.rows, 2u * 2u * 2u * 3u);  // kinds x maps x runs x planners
  EXPECT_EQ(out.invalid, 0u);
  for (const char* f : {"dynamic.csv", "dynamic_summary.csv", "meta.json"})
    EXPECT_TRUE(fs::is_regular_file(out.dir / f)) << f;
  std::ifstream csv(out.dir / "dynamic.csv");
  std::string header;
  std::getline(csv, header);
  EXPECT_EQ(header.rfind("kind,dataset,map,run,planner,algorithm", 0), 0u) << header;
  std::size_t lines = 0;
  for (std::string l; std::getline(csv, l);) ++lines;
  EXPECT_EQ(lines, out.rows);
  std::ostringstream summary;
  print_dynamic_summary(summary, read_dynamic_csv(out.dir / "dynamic.csv"));
  EXPECT_NE(summary.str().find("astar_replan / dstar_lite"), std::string::npos) << summary.str();
  EXPECT_NE(summary.str().find("jps / dstar_lite"), std::string::npos);
}

// An any-angle plan's segments are not moves the agent could walk: refused before anything runs.
TEST(DynamicExperiment, RefusesAnAnyAnglePlanner) {
  ExperimentConfig cfg = parse("dynamic:\n  kind: changing_map\n  toggles: 4\n");
  cfg.planners.push_back(cfg.planners.front());
  cfg.planners.back().label = "theta";
  cfg.planners.back().algorithm = "theta_star";
  const testing::ScratchDir scratch("pathbench_dynamic_any_angle");
  RunOptions opt;
  opt.out_dir = scratch.path() / "out";
  std::ostringstream log;
  try {
    run_experiment(cfg, opt, log);
    ADD_FAILURE() << "an any-angle planner ran a dynamic experiment";
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), "planners[3].algorithm");
    EXPECT_NE(std::string(e.what()).find("any-angle"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(fs::exists(opt.out_dir));
}

}  // namespace
}  // namespace pathbench
