// The external planner (algorithms/planners/external) through the harness: experiments run
// in-process with run_experiment, the planners being real programs (/usr/bin/python3 scripts),
// results read back from runs.csv. Covers the reference Python A* against the scen optimum and
// the built-in A*, every fault of tests/fixtures/external/fault_planner.py, and commands that are
// not planners at all. Deadlines are short (time limit 0.3 s + grace 0.2 s) so the file runs in
// a few seconds.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "algorithms/core/input_error.h"
#include "algorithms/planners/external/protocol.h"
#include "algorithms/reference/reference_dijkstra.h"
#include "datasets/map_io.h"
#include "datasets/scen_io.h"
#include "harness/config/experiment_config.h"
#include "harness/output/runs_csv_reader.h"
#include "harness/runner/experiment_runner.h"
#include "tests/support/experiment_run.h"
#include "tests/support/shell.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;

const fs::path kSource = PATHBENCH_SOURCE_DIR;
const std::string kPython = "/usr/bin/python3";

std::string python(const fs::path& script, const std::string& args = "") {
  return kPython + " " + testing::shell_quote(script.string()) + (args.empty() ? "" : " " + args);
}
std::string astar_py() { return python(kSource / "scripts/external/astar.py"); }
std::string fault_py(const std::string& fault, int on_id = 2) {
  return python(kSource / "tests/fixtures/external/fault_planner.py",
                "--fault " + fault + " --on-id " + std::to_string(on_id));
}

// A fresh directory per test under the system temp folder.
class ExternalPlannerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string name = std::string(info->test_suite_name()) + "_" + info->name();
    for (char& c : name)
      if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    dir_ = fs::temp_directory_path() / ("pathbench_external_" + name);
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    if (!HasFailure()) fs::remove_all(dir_);
  }

  // A 12x8 map with a wall down column 5 (open in the top and bottom rows), and a scen file
  // whose optimal column is the reference Dijkstra's. Query 1 (protocol id 2) crosses the wall
  // on its straight line.
  fs::path write_wall_map() {
    const std::vector<std::string> rows = {"............", ".....@......", ".....@......",
                                           ".....@......", ".....@......", ".....@......",
                                           ".....@......", "............"};
    std::string text = "type octile\nheight 8\nwidth 12\nmap\n";
    for (const auto& r : rows) text += r + "\n";
    const fs::path map = dir_ / "wall.map";
    EXPECT_TRUE(testing::write_text(map, text));
    const Grid grid = read_map(map);
    const std::vector<std::pair<Point, Point>> queries = {
        {{0, 0}, {11, 7}}, {{1, 3}, {10, 3}}, {{2, 6}, {9, 1}}, {{1, 1}, {3, 2}}};
    std::vector<ScenEntry> entries;
    for (const auto& [s, g] : queries) {
      ScenEntry e;
      e.map = "wall.map";
      e.map_width = 12;
      e.map_height = 8;
      e.start = s;
      e.goal = g;
      e.optimal = reference_cost(grid, s, g);
      e.bucket = static_cast<int>(e.optimal / 4);
      entries.push_back(e);
    }
    write_scen(dir_ / "wall.map.scen", entries);
    return map;
  }

  // Runs `yaml` (an experiment file in dir_) and returns its rows.
  RunsCsv run(const std::string& yaml, RunOutcome* outcome = nullptr) {
    return testing::run_experiment_yaml(dir_, yaml, outcome);
  }

  fs::path dir_;
};

std::string yaml_quote(const std::string& s) {
  std::string q = "\"";
  for (char c : s) q += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
  return q + "\"";
}

// An experiment on `map` (its first `limit` scen lines) with the given planner entries.
std::string experiment(const fs::path& map, int limit, const std::string& planners,
                       double time_limit_s = 0.0) {
  std::string y = "name: external_test\nrepetitions: 1\n";
  if (time_limit_s > 0) y += "time_limit_s: " + std::to_string(time_limit_s) + "\n";
  y += "datasets:\n  - name: d\n    movingai: {maps: [" + yaml_quote(map.string()) +
       "], limit: " + std::to_string(limit) + "}\nplanners:\n" + planners;
  return y;
}

std::string external_entry(const std::string& label, const std::string& command,
                           const std::string& extra_params = "") {
  return "  - {label: " + label +
         ", algorithm: external, params: {command: " + yaml_quote(command) +
         (extra_params.empty() ? "" : ", " + extra_params) + "}}\n";
}

std::vector<const RunRow*> rows_of(const RunsCsv& csv, const std::string& planner) {
  std::vector<const RunRow*> out;
  for (const RunRow& r : csv.rows)
    if (r.planner == planner) out.push_back(&r);
  return out;
}

double extra(const RunRow& r, const std::string& name) {
  for (std::size_t i = 0; i < r.extra_names->size(); ++i)
    if ((*r.extra_names)[i] == name) return r.extras[i];
  return NAN;
}

TEST(ExternalProtocol, MapMessageCarriesRowsAndRules) {
  Grid g(3, 2);
  g.set_passable(1, 0, false);
  const std::string line = external::map_message(g, {});
  EXPECT_EQ(line.back(), '\n');
  EXPECT_NE(line.find("\"rows\":[\".@.\",\"...\"]"), std::string::npos) << line;
  EXPECT_NE(line.find("\"path\":null"), std::string::npos) << line;
  EXPECT_NE(line.find("\"connectivity\":8"), std::string::npos) << line;
  EXPECT_NE(line.find("\"corner_cutting\":false"), std::string::npos) << line;
}

TEST(ExternalProtocol, ResultParsing) {
  external::Answer a;
  EXPECT_EQ(external::parse_result(
                R"({"type":"result","id":7,"status":"solved","path":[[0,0],[1,1]],"expansions":3,)"
                R"("generated":5,"time_us":12.5})",
                7, 4, 4, a),
            "");
  EXPECT_EQ(a.status, Status::Solved);
  ASSERT_EQ(a.path.size(), 2u);
  EXPECT_EQ(a.path[1], (Point{1, 1}));
  EXPECT_EQ(a.expansions, 3u);
  EXPECT_EQ(a.generated, 5u);
  EXPECT_DOUBLE_EQ(a.time_us, 12.5);
  EXPECT_FALSE(a.cost.has_value());
  EXPECT_EQ(external::parse_result(R"({"type":"result","id":1,"status":"no_path"})", 1, 4, 4, a),
            "");
  EXPECT_EQ(a.status, Status::Unreachable);
  EXPECT_TRUE(std::isnan(a.time_us));

  const auto error = [](const std::string& line) {
    external::Answer ans;
    return external::parse_result(line, 1, 4, 4, ans);
  };
  EXPECT_NE(error("not json").find("expected a JSON result message"), std::string::npos);
  EXPECT_NE(error("[1,2]").find("JSON object"), std::string::npos);
  EXPECT_NE(error(R"({"type":"ready"})").find("got type \"ready\""), std::string::npos);
  EXPECT_NE(error(R"({"type":"result","id":2,"status":"no_path"})").find("expected id 1"),
            std::string::npos);
  EXPECT_NE(error(R"({"type":"result","id":1})").find("\"status\""), std::string::npos);
  EXPECT_NE(error(R"({"type":"result","id":1,"status":"done"})").find("unknown status"),
            std::string::npos);
  EXPECT_NE(error(R"({"type":"result","id":1,"status":"solved"})").find("\"path\""),
            std::string::npos);
  EXPECT_NE(error(R"({"type":"result","id":1,"status":"solved","path":[[0,0],[4,0]]})")
                .find("outside the 4x4 map"),
            std::string::npos);
  EXPECT_NE(error(R"({"type":"result","id":1,"status":"solved","path":[[0]]})").find("[x, y]"),
            std::string::npos);
  EXPECT_NE(
      error(R"({"type":"result","id":1,"status":"no_path","expansions":-1})").find("non-negative"),
      std::string::npos);
}

// The reference planner: every row solved, valid and optimal against the bundled map's scen
// lengths, with the same costs as the built-in A*; its own time in ext_time_us; its stderr log in
// the run directory.
TEST_F(ExternalPlannerTest, ReferencePythonAStarMatchesScenOptimumAndBuiltinAStar) {
  const fs::path map = kSource / "datasets/maps/quickstart.map";
  RunOutcome out;
  const RunsCsv csv = run(experiment(map, 30,
                                     external_entry("astar_py", astar_py(), "optimal: true") +
                                         "  - {label: astar, algorithm: astar}\n"),
                          &out);
  EXPECT_EQ(out.invalid, 0u);
  const auto py = rows_of(csv, "astar_py"), cpp = rows_of(csv, "astar");
  ASSERT_EQ(py.size(), 30u);
  ASSERT_EQ(cpp.size(), 30u);
  for (std::size_t i = 0; i < py.size(); ++i) {
    SCOPED_TRACE("query " + std::to_string(py[i]->query));
    EXPECT_EQ(py[i]->status, Status::Solved);
    EXPECT_TRUE(py[i]->valid) << py[i]->error;
    EXPECT_NEAR(py[i]->cost, py[i]->optimal, 1e-5);
    EXPECT_NEAR(py[i]->cost, cpp[i]->cost, 1e-9);
    EXPECT_GT(py[i]->counters.expansions, 0u);
    EXPECT_GT(extra(*py[i], "ext_time_us"), 0.0);
    EXPECT_GE(py[i]->time_us, extra(*py[i], "ext_time_us"));  // our clock includes theirs
    EXPECT_GE(extra(*py[i], "ext_prep_ms"), 0.0);
  }
  EXPECT_TRUE(fs::exists(out.dir / "external-astar_py.stderr.log"));
}

struct FaultCase {
  std::string fault;
  Status status;      // of the faulty row (query 1)
  bool valid;         // its valid column
  std::string error;  // expected in its error column
};

// Names the case in ctest's listing (instead of a byte dump).
void PrintTo(const FaultCase& c, std::ostream* os) { *os << c.fault; }

class ExternalFaultTest : public ExternalPlannerTest,
                          public ::testing::WithParamInterface<FaultCase> {};

// The faulty row gets its status and message; every other row is solved and valid (the process
// was restarted after the fault) and the run completes.
TEST_P(ExternalFaultTest, FaultIsARowAndTheRunGoesOn) {
  const FaultCase& c = GetParam();
  const fs::path map = write_wall_map();
  const auto t0 = std::chrono::steady_clock::now();
  RunOutcome out;
  const RunsCsv csv =
      run(experiment(map, 4,
                     external_entry("faulty", fault_py(c.fault), "optimal: true, grace_s: 0.2") +
                         "  - {label: astar, algorithm: astar}\n",
                     0.3),
          &out);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 5.0);
  EXPECT_FALSE(out.interrupted);
  const auto rows = rows_of(csv, "faulty");
  ASSERT_EQ(rows.size(), 4u);
  for (const RunRow* r : rows) {
    SCOPED_TRACE("query " + std::to_string(r->query));
    if (r->query == 1) {
      EXPECT_EQ(to_string(r->status), to_string(c.status));
      EXPECT_EQ(r->valid, c.valid);
      EXPECT_NE(r->error.find(c.error), std::string::npos) << r->error;
    } else {
      EXPECT_EQ(r->status, Status::Solved) << r->error;
      EXPECT_TRUE(r->valid) << r->error;
      EXPECT_NEAR(r->cost, r->optimal, 1e-5);
    }
  }
  for (const RunRow* r : rows_of(csv, "astar")) EXPECT_TRUE(r->valid) << r->error;
  // A fault (timeout, crash, protocol error) is not valid (no path to check, issue 31) but is
  // not a wrong answer either: only a solved row that fails its check counts as invalid.
  EXPECT_EQ(out.invalid, c.status == Status::Solved && !c.valid ? 1u : 0u);
  // The fault planner announces each fault on stderr, which lands in the run's log.
  EXPECT_NE(testing::read_text(out.dir / "external-faulty.stderr.log").find("committing fault"),
            std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(
    Faults, ExternalFaultTest,
    ::testing::Values(
        FaultCase{"exit", Status::Crashed, false, "exited with status 3 before answering query 2"},
        FaultCase{"hang", Status::Timeout, false,
                  "no answer to query 2 within 0.5 s (time limit 0.3 s + grace 0.2 s)"},
        FaultCase{"garbage", Status::ProtocolError, false, "got 'this is not json'"},
        FaultCase{"wrong_id", Status::ProtocolError, false, "result for id 102, expected id 2"},
        FaultCase{"no_path", Status::ProtocolError, false, "without a \"status\""},
        FaultCase{"wall", Status::Solved, false, "is not a legal move"},
        FaultCase{"suboptimal", Status::Solved, false, "is not optimal"}),
    [](const ::testing::TestParamInfo<FaultCase>& p) { return p.param.fault; });

// The error column outlives the run's staging folder: a fault's message names the stderr log
// where it is once the run completes (`<dir>/...`), not in `<dir>.partial`, and so does a row
// written while resuming an interrupted run.
TEST_F(ExternalPlannerTest, FaultMessagesNameTheLogInTheFinalFolder) {
  const fs::path map = write_wall_map();
  const std::string yaml = experiment(
      map, 4, external_entry("faulty", fault_py("exit"), "optimal: true, grace_s: 0.2"), 0.3);
  // Messages name the run's resolved directory.
  const fs::path log = fs::weakly_canonical(dir_) / "out" / "external-faulty.stderr.log";
  const auto check = [&](const RunsCsv& csv, const char* when) {
    SCOPED_TRACE(when);
    std::size_t faults = 0;
    for (const RunRow* r : rows_of(csv, "faulty")) {
      if (r->query != 1) continue;
      ++faults;
      EXPECT_NE(r->error.find("its stderr is in " + log.string()), std::string::npos) << r->error;
      EXPECT_EQ(r->error.find(".partial"), std::string::npos) << r->error;
    }
    EXPECT_EQ(faults, 1u);
    EXPECT_TRUE(fs::exists(log));
  };
  check(run(yaml), "a fresh run");
  // Interrupted before any row: runs.csv keeps its header, the folder its staging name.
  const std::string csv = testing::read_text(dir_ / "out" / "runs.csv");
  ASSERT_TRUE(testing::write_text(dir_ / "out" / "runs.csv", csv.substr(0, csv.find('\n') + 1)));
  fs::rename(dir_ / "out", dir_ / "out.partial");
  RunOptions opt;
  opt.resume_dir = dir_ / "out.partial";
  std::ostringstream progress;
  const ExperimentConfig cfg =
      parse_experiment(yaml, dir_ / "experiment.yaml", PATHBENCH_SOURCE_DIR);
  const RunOutcome resumed = run_experiment(cfg, opt, progress);
  ASSERT_EQ(resumed.dir, log.parent_path()) << progress.str();
  check(read_runs_csv(resumed.dir / "runs.csv"), "a resumed run");
}

// Commands that are not planners: every row gets the fault, quickly (three start-up attempts,
// then no more), and the run completes.
TEST_F(ExternalPlannerTest, CommandsThatAreNotPlanners) {
  const fs::path map = write_wall_map();
  const auto t0 = std::chrono::steady_clock::now();
  RunOutcome out;
  const RunsCsv csv =
      run(experiment(map, 4,
                     external_entry("false", "false", "grace_s: 0.2") +
                         external_entry("sleep", "sleep 1000", "grace_s: 0.2") +
                         external_entry("hang_start", fault_py("hang_start"), "grace_s: 0.2") +
                         external_entry("missing", "/nonexistent/planner", "grace_s: 0.2") +
                         "  - {label: astar, algorithm: astar}\n",
                     0.1),
          &out);
  // sleep and hang_start: three start-ups of 0.3 s each; false and missing: immediate (missing is
  // found out before anything runs, not reported as a shell's exit status 127).
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 6.0);
  EXPECT_EQ(out.invalid, 0u);
  const std::map<std::string, std::pair<Status, std::string>> expected = {
      {"false", {Status::Crashed, "exited with status 1 before \"ready\""}},
      {"missing", {Status::Crashed, "program '/nonexistent/planner' does not exist"}},
      {"sleep", {Status::Timeout, "no \"ready\" within 0.3 s"}},
      {"hang_start", {Status::Timeout, "no \"ready\" within 0.3 s"}}};
  for (const auto& [label, want] : expected) {
    const auto rows = rows_of(csv, label);
    ASSERT_EQ(rows.size(), 4u) << label;
    for (const RunRow* r : rows) {
      SCOPED_TRACE(label + " query " + std::to_string(r->query));
      EXPECT_EQ(to_string(r->status), to_string(want.first));
      EXPECT_FALSE(r->valid);  // an outcome with no path to check is never valid
      EXPECT_NE(r->error.find(want.second), std::string::npos) << r->error;
    }
    EXPECT_NE(rows[3]->error.find("not restarted after 3 failed start-ups"), std::string::npos)
        << rows[3]->error;
  }
  for (const RunRow* r : rows_of(csv, "astar")) EXPECT_TRUE(r->valid) << r->error;
}

TEST_F(ExternalPlannerTest, CommandIsRequired) {
  const fs::path map = write_wall_map();
  try {
    run(experiment(map, 1, "  - {label: ext, algorithm: external}\n"));
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'command' is required"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace pathbench
