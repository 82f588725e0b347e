// time_us is the search alone, path_us writing the path after it (issue 12): every registered
// planner marks the end of its search (SearchResult::search_end) inside its solve(), runs.csv
// carries a finite, non-negative path_us for every one of them, the split adds up to the clock
// around solve(), and a runs.csv written before path_us existed still reads. No timing is
// asserted beyond "present, finite, >= 0": how long things take is bench/'s business.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>

#include "algorithms/registry/planner_registry.h"
#include "harness/config/experiment_config.h"
#include "harness/output/csv_writer.h"
#include "harness/output/runs_csv_reader.h"
#include "harness/output/summary.h"
#include "harness/runner/experiment_runner.h"
#include "harness/runner/solve_timing.h"
#include "tests/support/experiment_run.h"
#include "tests/support/shell.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

const fs::path kSource = PATHBENCH_SOURCE_DIR;

// The reference Python A* stands in for "any program"; every other planner runs on defaults.
RawParams params_for(const std::string& name) {
  RawParams p;
  if (name == "external")
    p["command"] = "/usr/bin/python3 " +
                   testing::shell_quote((kSource / "scripts/external/astar.py").string());
  return p;
}

std::string params_yaml(const std::string& name) {
  if (name != "external") return "";
  return ", params: {command: \"/usr/bin/python3 " +
         (kSource / "scripts/external/astar.py").string() + "\"}";
}

// gppc answers through external's solve (covered here as external) and needs an entry compiled
// at run time: its own tests (gppc_planner_test.cpp) cover its search-end mark and path_us.
bool skipped(const std::string& name) { return name == "gppc"; }

// A 10x6 map with a wall that forces a detour: every planner writes a path of several cells.
Grid detour_grid() {
  Grid g(10, 6);
  for (int y = 0; y < 5; ++y) g.set_passable(5, y, false);
  return g;
}

class PathTimeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           ("pathbench_path_time_" + std::to_string(getpid()) + "_" + info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    if (!HasFailure()) fs::remove_all(dir_);
  }
  fs::path dir_;
};

// Each planner, solving a query that needs a search, sets search_end inside its solve() call;
// the harness's split then adds up to the span around the call.
TEST_F(PathTimeTest, EveryPlannerMarksTheEndOfItsSearch) {
  const Grid grid = detour_grid();
  for (const PlannerInfo& info : planner_registry()) {
    if (skipped(info.name)) continue;
    SCOPED_TRACE(info.name);
    ConfiguredPlanner cp = make_planner(info.name, params_for(info.name));
    PlannerContext context;
    context.log_dir = dir_;
    cp.planner->set_context(context);
    cp.planner->prepare(grid);
    SearchResult r;
    const auto t0 = Clock::now();
    cp.planner->solve({{0, 0}, {9, 0}}, {}, r);
    const auto t1 = Clock::now();
    ASSERT_EQ(r.status, Status::Solved) << r.message;
    // Around the wall's end at (5, 5): 11 cells at least, or an any-angle polyline's 3 vertices.
    const bool any_angle = cp.planner->capabilities().path_model == PathModel::AnyAngle;
    EXPECT_GE(r.path.size(), any_angle ? 3u : 11u);
    EXPECT_GE(r.search_end, t0);
    EXPECT_LE(r.search_end, t1);
    const SolveTime t = split_at_search_end(t0, t1, r);
    const double span = std::chrono::duration<double, std::micro>(t1 - t0).count();
    EXPECT_GE(t.search_us, 0.0);
    EXPECT_GE(t.path_us, 0.0);
    EXPECT_NEAR(t.total_us(), span, 1e-9 * std::max(1.0, span));
    // The mark belongs to one query: the next solve() clears it before setting its own.
    const SolveTime again = timed_solve(*cp.planner, {{0, 0}, {9, 0}}, {}, r);
    EXPECT_GE(again.search_us, 0.0);
    EXPECT_GE(again.path_us, 0.0);
    EXPECT_GE(r.search_end, t1);
  }
}

// Without a mark inside the span (none, or a stale one) everything counts as search.
TEST(SolveTiming, SplitsAtTheMarkOnlyInsideTheSpan) {
  const Clock::time_point t0{std::chrono::microseconds(1000)};
  const Clock::time_point t1 = t0 + std::chrono::microseconds(30);
  SearchResult r;
  SolveTime t = split_at_search_end(t0, t1, r);  // unset mark
  EXPECT_DOUBLE_EQ(t.search_us, 30.0);
  EXPECT_DOUBLE_EQ(t.path_us, 0.0);
  r.search_end = t0 + std::chrono::microseconds(21);
  t = split_at_search_end(t0, t1, r);
  EXPECT_DOUBLE_EQ(t.search_us, 21.0);
  EXPECT_DOUBLE_EQ(t.path_us, 9.0);
  EXPECT_DOUBLE_EQ(t.total_us(), 30.0);
  r.search_end = t0 - std::chrono::microseconds(1);  // a previous query's
  t = split_at_search_end(t0, t1, r);
  EXPECT_DOUBLE_EQ(t.search_us, 30.0);
  EXPECT_DOUBLE_EQ(t.path_us, 0.0);
  r.clear();
  EXPECT_EQ(r.search_end, Clock::time_point{});
}

// The whole pipeline: one experiment with every registered planner, two repetitions; each row
// of runs.csv has path_us (finite, >= 0) next to time_us, and the summary aggregates it.
TEST_F(PathTimeTest, RunsCsvHasPathUsForEveryPlanner) {
  std::string yaml =
      "name: path_us\nrepetitions: 2\ndatasets:\n  - name: d\n    generated: {kind: random, "
      "width: 24, height: 16, density: 0.2, count: 1, queries_per_bucket: 1, max_buckets: "
      "3}\nplanners:\n";
  for (const PlannerInfo& info : planner_registry())
    if (!skipped(info.name))
      yaml +=
          "  - {label: " + info.name + ", algorithm: " + info.name + params_yaml(info.name) + "}\n";
  RunOutcome out;
  const RunsCsv csv = testing::run_experiment_yaml(dir_, yaml, &out);
  ASSERT_NE(std::find(csv.header.begin(), csv.header.end(), "path_us"), csv.header.end());
  std::map<std::string, int> solved;
  for (const RunRow& r : csv.rows) {
    SCOPED_TRACE(r.planner + " query " + std::to_string(r.query));
    EXPECT_TRUE(std::isfinite(r.path_us));
    EXPECT_GE(r.path_us, 0.0);
    EXPECT_TRUE(std::isfinite(r.time_us));
    EXPECT_GE(r.time_us, 0.0);
    if (r.status == Status::Solved) ++solved[r.planner];
  }
  for (const PlannerInfo& info : planner_registry()) {
    if (skipped(info.name)) continue;
    EXPECT_GT(solved[info.name], 0) << info.name;
  }
  for (const SummaryRow& s : summarize(csv.rows, GroupBy::Dataset)) {
    SCOPED_TRACE(s.planner);
    EXPECT_TRUE(std::isfinite(s.median_path_us));
    EXPECT_GE(s.mean_total_us, s.mean_time_us);
  }
}

// A runs.csv of schema version 2 (no path_us; its time_us included path writing) still reads:
// path_us is NaN, everything else as written, and the summary says so.
TEST(PathTimeCsv, ReadsRunsCsvWithoutPathUs) {
  const fs::path dir =
      fs::temp_directory_path() / ("pathbench_path_time_" + std::to_string(getpid()) + "_v2");
  fs::create_directories(dir);
  const fs::path csv = dir / "runs.csv";
  {
    RunCsvWriter w(csv, {});
    RunRow r;
    r.dataset = "d";
    r.map = "m";
    r.planner = "p";
    r.algorithm = "astar";
    r.status = Status::Solved;
    r.cost = r.optimal = 4;
    r.suboptimality = 1;
    r.path_cells = 5;
    r.time_us = 12.5;
    r.path_us = 0.25;
    r.time_spread = 0.1;
    w.write(r);
  }
  auto records = parse_csv(testing::read_text(csv));
  const auto at = std::find(records[0].begin(), records[0].end(), "path_us") - records[0].begin();
  ASSERT_LT(static_cast<std::size_t>(at), records[0].size());
  EXPECT_DOUBLE_EQ(parse_runs_csv(testing::read_text(csv), "new").rows.at(0).path_us, 0.25);
  std::string text;
  for (auto& rec : records) {
    rec.erase(rec.begin() + at);
    for (std::size_t k = 0; k < rec.size(); ++k) text += (k ? "," : "") + csv_escape(rec[k]);
    text += '\n';
  }
  const RunsCsv old = parse_runs_csv(text, "old");
  ASSERT_EQ(old.rows.size(), 1u);
  EXPECT_TRUE(std::isnan(old.rows[0].path_us));
  EXPECT_DOUBLE_EQ(old.rows[0].time_us, 12.5);
  EXPECT_DOUBLE_EQ(old.rows[0].time_spread, 0.1);
  EXPECT_EQ(old.rows[0].path_cells, 5u);
  EXPECT_TRUE(old.extra_columns->empty());  // not mistaken for a planner's column
  const std::vector<SummaryRow> s = summarize(old.rows, GroupBy::Dataset);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_TRUE(std::isnan(s[0].median_path_us));
  EXPECT_NE(summary_notes(s, {}).find("no path_us column"), std::string::npos);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace pathbench
