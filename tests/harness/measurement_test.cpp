// How `pathbench run` measures (issue 12, "measure the way the field does"): repetitions swept
// over the query list by default or back to back, tiny queries timed in batches, the run pinned
// to a core, and the settings' errors. The order of solves is observed with a planner registered
// here that logs each query it is given and delegates to A*. No timing is asserted: only which
// solves happen, in what order, and what the rows and meta.json say.
#include <gtest/gtest.h>
#include <sched.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <utility>
#include <vector>

#include "algorithms/core/input_error.h"
#include "algorithms/registry/planner_registry.h"
#include "harness/config/experiment_config.h"
#include "harness/output/runs_csv_reader.h"
#include "harness/runner/experiment_runner.h"
#include "harness/runner/shard_process.h"
#include "tests/support/run_rows.h"
#include "tests/support/scratch_dir.h"

namespace pathbench {

// Readable failures: gtest finds it by argument-dependent lookup.
void PrintTo(const Point& p, std::ostream* os) { *os << "(" << p.x << "," << p.y << ")"; }

namespace {

namespace fs = std::filesystem;

// Every query the logging planner was asked to solve, in order (start, goal).
std::vector<std::pair<Point, Point>>& solve_log() {
  static std::vector<std::pair<Point, Point>> log;
  return log;
}

// A* behind a planner that records each query: the test's window on the runner's order.
class OrderLogger final : public Planner {
 public:
  explicit OrderLogger(std::unique_ptr<Planner> inner)
      : Planner(inner->capabilities()), inner_(std::move(inner)) {}

 protected:
  void do_prepare(const Grid& grid) override { inner_->prepare(grid); }
  void do_solve(CellId start, CellId goal, const Budget& budget, SearchResult& result) override {
    const Point s = grid().point(start), g = grid().point(goal);
    solve_log().emplace_back(s, g);
    inner_->solve({s, g}, budget, result);
  }

 private:
  std::unique_ptr<Planner> inner_;
};

void ensure_registered() {
  static const bool once = [] {
    PlannerInfo info;
    info.name = "order_logger";
    info.summary = "A*, logging each query it solves (tests/harness/measurement_test.cpp)";
    info.factory = [](const ParamSet&) -> std::unique_ptr<Planner> {
      return std::make_unique<OrderLogger>(make_planner("astar", {}).planner);
    };
    register_planner(std::move(info));
    return true;
  }();
  (void)once;
}

class Measurement : public testing::ScratchTest {
 protected:
  void SetUp() override {
    ensure_registered();
    solve_log().clear();
    sched_getaffinity(0, sizeof(affinity_), &affinity_);
  }
  // A pinned run pins this process: later tests of the same process get every core back.
  void TearDown() override { sched_setaffinity(0, sizeof(affinity_), &affinity_); }

  static std::string yaml(const std::string& settings, const std::string& planner) {
    return "name: measure\n" + settings +
           "datasets:\n"
           "  - name: random\n"
           "    generated: {kind: random, width: 40, height: 32, density: 0.2, count: 2, "
           "queries_per_bucket: 2, max_buckets: 4}\n"
           "planners:\n"
           "  - {label: p, algorithm: " +
           planner + "}\n";
  }
  ExperimentConfig config(const std::string& settings,
                          const std::string& planner = "order_logger") const {
    return parse_experiment(yaml(settings, planner), dir_ / "measure.yaml", PATHBENCH_SOURCE_DIR);
  }
  RunOutcome run(const ExperimentConfig& cfg, const std::string& out, int cpu = -1) {
    RunOptions opt;
    opt.out_dir = dir_ / out;
    opt.cpu = cpu;
    std::ostringstream log;
    return run_experiment(cfg, opt, log);
  }
  static nlohmann::json meta_of(const fs::path& dir) {
    std::ifstream in(dir / "meta.json");
    return nlohmann::json::parse(in);
  }
  // The solves a run with `reps` repetitions of these rows makes, in `order`, one per call
  // (batch 1): maps one after another, each starting with its warm-up (its last query, untimed),
  // then each sweep over the map's queries. Queries with start == goal never reach do_solve.
  static std::vector<std::pair<Point, Point>> expected_log(const std::vector<RunRow>& rows,
                                                           int reps, bool sweep) {
    std::vector<std::pair<Point, Point>> out;
    const auto add = [&](const RunRow& r) {
      if (r.start != r.goal) out.emplace_back(r.start, r.goal);
    };
    for (std::size_t begin = 0, end = 0; begin < rows.size(); begin = end) {
      while (end < rows.size() && rows[end].map == rows[begin].map) ++end;
      add(rows[end - 1]);
      if (sweep) {
        for (int k = 0; k < reps; ++k)
          for (std::size_t i = begin; i < end; ++i) add(rows[i]);
      } else {
        for (std::size_t i = begin; i < end; ++i)
          for (int k = 0; k < reps; ++k) add(rows[i]);
      }
    }
    return out;
  }

  const fs::path dir_ = root_;
  cpu_set_t affinity_{};
};

TEST_F(Measurement, SweepIsTheDefaultAndSolvesTheWholeListOncePerRepetition) {
  const ExperimentConfig cfg = config("repetitions: 3\nbatch_min_us: 0\n");
  EXPECT_EQ(cfg.repetition_order, RepetitionOrder::Sweep);
  const RunOutcome out = run(cfg, "sweep");
  EXPECT_EQ(out.invalid, 0u);
  const RunsCsv csv = read_runs_csv(out.dir / "runs.csv");
  ASSERT_GE(csv.rows.size(), 8u);
  EXPECT_EQ(solve_log(), expected_log(csv.rows, 3, true));
  ASSERT_EQ(csv.rows.front().map, "random-000");  // two maps: the sweep stays within a map
  EXPECT_EQ(csv.rows.back().map, "random-001");
  for (const RunRow& r : csv.rows) EXPECT_EQ(r.batch, 1) << "query " << r.query;
  const nlohmann::json meta = meta_of(out.dir);
  EXPECT_EQ(meta["experiment"]["repetition_order"], "sweep");
  EXPECT_EQ(meta["experiment"]["effective"]["repetition_order"], "sweep");
  EXPECT_EQ(meta["experiment"]["batch_min_us"], 0.0);
  EXPECT_EQ(meta["experiment"]["warm_up"], "last_query");
}

TEST_F(Measurement, BackToBackRepeatsEachQueryAtOnceWithTheSameRows) {
  const RunOutcome sweep = run(config("repetitions: 3\nbatch_min_us: 0\n"), "sweep");
  solve_log().clear();
  const RunOutcome b2b =
      run(config("repetitions: 3\nrepetition_order: back_to_back\nbatch_min_us: 0\n"), "b2b");
  const RunsCsv csv = read_runs_csv(b2b.dir / "runs.csv");
  EXPECT_EQ(solve_log(), expected_log(csv.rows, 3, false));
  // Same rows, same order, every column but the timing ones.
  EXPECT_EQ(testing::rows_without_times(sweep.dir / "runs.csv"),
            testing::rows_without_times(b2b.dir / "runs.csv"));
  EXPECT_EQ(meta_of(b2b.dir)["experiment"]["repetition_order"], "back_to_back");
  // The order is part of the fingerprint: resuming with another order is refused.
  EXPECT_NE(meta_of(b2b.dir)["experiment"]["fingerprint"],
            meta_of(sweep.dir)["experiment"]["fingerprint"]);
}

// A batch threshold far above any solve's time makes every query a batch of the maximum k (or
// nearly: k = ceil(min / first time) >= 100 even if a first solve took a whole millisecond).
// Rows are made from one solve's counters: they equal an unbatched run's.
TEST_F(Measurement, TinyQueriesAreTimedInBatchesAndBatchOffTimesEachAlone) {
  const RunOutcome batched = run(config("repetitions: 2\nbatch_min_us: 100000\n"), "batched");
  const RunsCsv csv = read_runs_csv(batched.dir / "runs.csv");
  std::map<std::pair<int, int>, int> calls;  // (start, goal) as cell ids -> solves
  for (const auto& [s, g] : solve_log()) ++calls[{s.y * 40 + s.x, g.y * 40 + g.x}];
  for (const RunRow& r : csv.rows) {
    if (r.start == r.goal) continue;
    EXPECT_GE(r.batch, 100) << "query " << r.query;
    EXPECT_LE(r.batch, 1000) << "query " << r.query;
    // The first solve picks k; then each of the 2 repetitions is one batch of k. A map's last
    // query is also its warm-up.
    const bool last_of_map = &r == &csv.rows.back() || (&r)[1].map != r.map;
    EXPECT_EQ((calls[{r.start.y * 40 + r.start.x, r.goal.y * 40 + r.goal.x}]),
              1 + 2 * r.batch + (last_of_map ? 1 : 0))
        << "query " << r.query;
    EXPECT_TRUE(r.valid) << r.error;
  }
  const RunOutcome alone = run(config("repetitions: 2\nbatch_min_us: 0\n"), "alone");
  for (const RunRow& r : read_runs_csv(alone.dir / "runs.csv").rows) EXPECT_EQ(r.batch, 1);
  EXPECT_EQ(testing::rows_without_times(batched.dir / "runs.csv"),
            testing::rows_without_times(alone.dir / "runs.csv"));
}

// Per-solve timing is the default, so no figure is a warm batch mean unless asked for.
TEST_F(Measurement, EverySolveIsTimedAloneByDefault) {
  const ExperimentConfig cfg = config("");
  EXPECT_EQ(cfg.batch_min_us, kDefaultBatchMinUs);
  EXPECT_EQ(cfg.batch_min_us, 0.0);
  EXPECT_EQ(cfg.cpu, -1);
}

TEST_F(Measurement, APinnedRunRecordsItsCoreInMetaJson) {
  const std::vector<int> cpus = allowed_cpus();
  ASSERT_FALSE(cpus.empty());
  const int core = cpus.back();
  const RunOutcome out = run(config("cpu: " + std::to_string(core) + "\n", "astar"), "pinned");
  const nlohmann::json cpu = meta_of(out.dir)["cpu"];
  EXPECT_EQ(cpu["pinned"], core);
  EXPECT_EQ(cpu["allowed"], nlohmann::json::array({core}));  // pinned while it recorded them
  EXPECT_TRUE(cpu["governor"].is_string());
  EXPECT_TRUE(cpu.contains("load_avg_1m_start"));
  EXPECT_TRUE(cpu.contains("load_avg_1m_end"));
  EXPECT_EQ(allowed_cpus(), std::vector<int>{core});
  // --cpu overrides the config's core; an unpinned run says so.
  sched_setaffinity(0, sizeof(affinity_), &affinity_);
  const RunOutcome free = run(config("", "astar"), "free");
  EXPECT_TRUE(meta_of(free.dir)["cpu"]["pinned"].is_null());
  const RunOutcome cli = run(config("cpu: 9\n", "astar"), "cli", cpus.front());
  EXPECT_EQ(meta_of(cli.dir)["cpu"]["pinned"], cpus.front());
  // The summary's notes say how the run was measured.
  std::ifstream md(out.dir / "summary.md");
  const std::string text((std::istreambuf_iterator<char>(md)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("cpu: pinned to core " + std::to_string(core)), std::string::npos) << text;
  EXPECT_NE(text.find("timing: one repetition per query; every solve timed on its own"),
            std::string::npos)
      << text;
}

// Bad settings are errors naming the file, the line and the field.
TEST_F(Measurement, BadSettingsNameFileLineAndField) {
  const struct {
    std::string setting, field, message;
  } cases[] = {
      {"repetition_order: sideways", "repetition_order",
       "expected sweep or back_to_back, got 'sideways'"},
      {"cpu: 9999", "cpu", "core numbers go up to 1023, got 9999"},
      {"cpu: -1", "cpu", "expected a core number (0 or more), got -1"},
      {"batch_min_us: -1", "batch_min_us", "got -1"},
      {"batch_min_us: lots", "batch_min_us", "got 'lots'"},
  };
  for (const auto& c : cases) {
    try {
      config("repetitions: 2\n" + c.setting + "\n");
      ADD_FAILURE() << c.setting << " was accepted";
    } catch (const InputError& e) {
      EXPECT_EQ(e.file(), (dir_ / "measure.yaml").string()) << c.setting;
      EXPECT_EQ(e.line(), 3) << c.setting;
      EXPECT_EQ(e.field(), c.field) << c.setting;
      EXPECT_NE(e.message().find(c.message), std::string::npos) << e.what();
    }
  }
}

// A core this process may not use is refused when the run starts, before anything is written,
// at the config's line (or at --cpu on the command line).
TEST_F(Measurement, ACoreOutsideTheAllowedSetIsRefusedBeforeRunning) {
  const std::vector<int> cpus = allowed_cpus();
  ASSERT_FALSE(cpus.empty());
  const int bad = cpus.back() + 1;
  if (bad > 1023) GTEST_SKIP() << "every core number is allowed";
  try {
    run(config("repetitions: 1\ncpu: " + std::to_string(bad) + "\n", "astar"), "bad");
    ADD_FAILURE() << "cpu: " << bad << " was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), (dir_ / "measure.yaml").string());
    EXPECT_EQ(e.line(), 3);
    EXPECT_EQ(e.field(), "cpu");
    EXPECT_NE(e.message().find("is not one this process may run on"), std::string::npos)
        << e.what();
  }
  try {
    run(config("", "astar"), "bad_cli", bad);
    ADD_FAILURE() << "--cpu " << bad << " was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "command line");
    EXPECT_EQ(e.field(), "--cpu");
  }
  EXPECT_FALSE(fs::exists(dir_ / "bad"));
  EXPECT_FALSE(fs::exists(dir_ / "bad.partial"));
}

}  // namespace
}  // namespace pathbench
