// docs/adding-a-planner.md, followed step by step: its planner (tests/fixtures/tiny_astar/, the
// folder's files outside a folder) describes itself with a PlannerInfo, is registered here (the
// test's stand-in for the registry line), and then runs like a built-in one: through
// make_planner, the conformance checks of conformance_test.cpp, and an experiment run by the
// harness.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <sstream>

#include "algorithms/core/input_error.h"
#include "harness/config/experiment_config.h"
#include "harness/output/runs_csv_reader.h"
#include "harness/runner/experiment_runner.h"
#include "tests/algorithms/conformance_check.h"
#include "tests/fixtures/tiny_astar/tiny_astar_planner.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;

// Step 4: registration. A built-in planner is its folder instead (pathbench_add_planner).
void ensure_registered() {
  static const bool once = [] {
    register_planner(tiny_astar_planner_info());
    return true;
  }();
  (void)once;
}

TEST(CustomPlanner, RegistersAndDescribesItselfFromItsParameters) {
  ensure_registered();
  ASSERT_NE(find_planner("tiny_astar"), nullptr);
  EXPECT_THROW(register_planner(tiny_astar_planner_info()), std::invalid_argument);
  const ConfiguredPlanner cp = make_planner("tiny_astar", {{"weight", "1.5"}});
  EXPECT_EQ(cp.params.to_string(), "weight=1.5");
  EXPECT_FALSE(cp.planner->capabilities().optimal);
  EXPECT_DOUBLE_EQ(cp.planner->capabilities().suboptimality_bound, 1.5);
  EXPECT_TRUE(make_planner("tiny_astar", {}).planner->capabilities().optimal);
  EXPECT_THROW(make_planner("tiny_astar", {{"weight", "0.5"}}), ParamError);
  // The registry refuses a schema whose default lies outside its own range.
  PlannerInfo bad = tiny_astar_planner_info();
  bad.name = "tiny_astar_bad";
  bad.params = {Param::real("weight").range(1.0, 10.0).defaults_to(0.0)};
  EXPECT_THROW(register_planner(bad), std::invalid_argument);
  EXPECT_EQ(find_planner("tiny_astar_bad"), nullptr);
}

TEST(CustomPlanner, PassesTheConformanceChecks) {
  ensure_registered();
  const std::vector<testing::ConformanceCase> cases = testing::make_conformance_cases(200);
  for (const char* weight : {"1", "1.5"}) {
    ConfiguredPlanner cp = make_planner("tiny_astar", {{"weight", weight}});
    const testing::ConformanceTally tally =
        testing::expect_conformance(*cp.planner, cases, std::string("tiny_astar weight=") + weight);
    EXPECT_GT(tally.solved, 300u);
    EXPECT_GT(tally.unreachable, 5u);
  }
}

TEST(CustomPlanner, HonoursTheExpansionBudgetAndRefusesATimeLimit) {
  ensure_registered();
  ConfiguredPlanner cp = make_planner("tiny_astar", {});
  const Grid grid = testing::grid_from_rows({"........", "........", "........"});
  cp.planner->prepare(grid);
  Budget expansions;
  expansions.max_expansions = 3;
  SearchResult r = testing::solve(*cp.planner, {0, 0}, {7, 2}, expansions);
  EXPECT_EQ(r.status, Status::Timeout);
  EXPECT_EQ(r.counters.expansions, 3u);
  Budget clock;
  clock.time_limit_s = 1.0;
  r = testing::solve(*cp.planner, {0, 0}, {7, 2}, clock);
  EXPECT_EQ(r.status, Status::Unsupported);
  EXPECT_NE(r.message.find("does not honour a time limit"), std::string::npos) << r.message;
}

class CustomPlannerExperiment : public ::testing::Test {
 protected:
  void SetUp() override {
    ensure_registered();
    // One folder per test and process: ctest runs the tests of this file in parallel.
    dir_ = fs::temp_directory_path() /
           ("pathbench_custom_planner_test_" +
            std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + "_" +
            std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  RunOutcome run(const std::string& extra_settings) {
    const std::string yaml = "name: custom\nrepetitions: 1\n" + extra_settings +
                             "datasets:\n"
                             "  - name: random\n"
                             "    generated: {kind: random, width: 48, height: 40, density: 0.25, "
                             "count: 2, queries_per_bucket: 2}\n"
                             "planners:\n"
                             "  - {label: tiny, algorithm: tiny_astar}\n"
                             "  - {label: astar, algorithm: astar}\n";
    const ExperimentConfig cfg = parse_experiment(yaml, dir_ / "custom.yaml", PATHBENCH_SOURCE_DIR);
    RunOptions opt;
    opt.out_dir = dir_ / "out";
    std::ostringstream log;
    return run_experiment(cfg, opt, log);
  }

  fs::path dir_;
};

TEST_F(CustomPlannerExperiment, RunsThroughTheHarnessLikeABuiltInPlanner) {
  const RunOutcome out = run("");
  EXPECT_EQ(out.invalid, 0u);
  const RunsCsv csv = read_runs_csv(out.dir / "runs.csv");
  std::vector<const RunRow*> tiny, astar;
  for (const RunRow& row : csv.rows) (row.planner == "tiny" ? tiny : astar).push_back(&row);
  ASSERT_GT(tiny.size(), 10u);
  ASSERT_EQ(tiny.size(), astar.size());
  for (std::size_t i = 0; i < tiny.size(); ++i) {
    EXPECT_EQ(tiny[i]->algorithm, "tiny_astar");
    EXPECT_EQ(tiny[i]->params, "weight=1");
    EXPECT_TRUE(tiny[i]->valid) << tiny[i]->error;
    EXPECT_EQ(tiny[i]->status, astar[i]->status);
    EXPECT_TRUE(costs_equal(tiny[i]->cost, astar[i]->cost)) << "query " << tiny[i]->query;
  }
}

TEST_F(CustomPlannerExperiment, RefusesATimeLimitItCannotHonourBeforeRunning) {
  try {
    run("time_limit_s: 5\n");
    FAIL() << "the run started";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'tiny' (tiny_astar) does not honour a time limit"),
              std::string::npos)
        << e.what();
  }
  EXPECT_FALSE(fs::exists(dir_ / "out"));
}

// Planners whose search has no expansion limit say so, and a budget with one is refused.
TEST(CustomPlanner, BuiltInPlannersWithoutExpansionBudgetsRefuseThem) {
  EXPECT_FALSE(make_planner("external", {{"command", "true"}})
                   .planner->capabilities()
                   .honours_max_expansions);
  for (const PlannerInfo& info : planner_registry()) {
    if (info.name == "external" || info.name == "gppc" || info.name == "tiny_astar") continue;
    ConfiguredPlanner cp = make_planner(info.name, {});
    const Grid grid = testing::grid_from_rows({"......", "......"});
    cp.planner->prepare(grid);
    Budget budget;
    budget.max_expansions = 2;
    const SearchResult r = testing::solve(*cp.planner, {0, 0}, {5, 1}, budget);
    if (cp.planner->capabilities().honours_max_expansions) {
      EXPECT_NE(r.status, Status::Unsupported) << info.name;
    } else {
      EXPECT_EQ(r.status, Status::Unsupported) << info.name;
      EXPECT_NE(r.message.find("max_expansions"), std::string::npos) << info.name;
    }
  }
}

}  // namespace
}  // namespace pathbench
