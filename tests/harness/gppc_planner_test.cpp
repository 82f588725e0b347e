// The gppc planner (algorithms/planners/gppc, docs/gppc.md) with a tiny start-kit entry of ours,
// tests/fixtures/gppc/toy_entry (Dijkstra answering jump-point waypoints one segment per GetPath
// call; a -DTOY_MODE flag in its Makefile makes it faulty). Each test copies the entry into its
// own scratch folder and build and index cache (PATHBENCH_GPPC_CACHE), so the tests need no
// archive: build, caches, --rebuild-index, the competition's clocks, waypoints, validation, and
// the faults (a segment off the 8 directions, a crash, a GetPath that never ends, a compile
// error); the real archive only when GPPC_ARCHIVE is set.
#include <signal.h>
#include <sys/wait.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "algorithms/planners/external/external_process_planner.h"
#include "algorithms/planners/gppc/gppc_build.h"
#include "algorithms/reference/reference_dijkstra.h"
#include "datasets/map_io.h"
#include "datasets/scen_io.h"
#include "harness/output/runs_csv_reader.h"
#include "tests/harness/gppc_test_fixture.h"
#include "tests/support/experiment_run.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/shell.h"
#include "tests/support/test_data.h"

namespace pathbench {
namespace {

TEST(GppcWaypoints, SegmentsAlongTheEightDirectionsExpandToCells) {
  std::vector<Point> p = {{0, 0}, {3, 0}, {5, 2}, {5, 1}};
  EXPECT_EQ(external::expand_waypoints(p), "");
  const std::vector<Point> want = {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 1}, {5, 2}, {5, 1}};
  EXPECT_EQ(p, want);

  std::vector<Point> bad = {{0, 0}, {2, 2}, {5, 3}};
  EXPECT_EQ(external::expand_waypoints(bad),
            "segment 2 (2,2)->(5,3) does not run along one of the 8 directions");
  std::vector<Point> repeated = {{0, 0}, {1, 1}, {1, 1}};
  EXPECT_EQ(external::expand_waypoints(repeated),
            "segment 2 (1,1)->(1,1) has length zero (a repeated waypoint)");
}

// Flags and sources as the Makefile states them, main.cpp never among them: a glob rule (the
// start kit's) and a Warthog-style one (SOURCES :=, $(patsubst) to objects, $^ in the link).
TEST(GppcBuildPlan, ReadFromTheMakefile) {
  testing::ScratchDir d("pathbench_gppc_plan");
  for (const char* f : {"Entry.cpp", "main.cpp", "Timer.cpp", "sub/x.cpp"}) {
    fs::create_directories((d.path() / f).parent_path());
    ASSERT_TRUE(testing::write_text(d.path() / f, "\n"));
  }
  ASSERT_TRUE(testing::write_text(d.path() / "Makefile",
                                  "CXX = g++\nCXXFLAGS   = -W -O3 \\\n  -std=c++17 # c\n"
                                  "INC = -Isub\nall:\n\t$(CXX) $(CXXFLAGS) $(INC) -o run *.cpp "
                                  "sub/x.cpp\ndev:\n\t$(CXX) -O0 -o run *.cpp\n"));
  gppc::BuildPlan p = gppc::read_build_plan(d.path());
  EXPECT_EQ(p.compiler, "g++");
  EXPECT_EQ(p.flags, (std::vector<std::string>{"-W", "-O3", "-std=c++17", "-Isub"}));
  EXPECT_EQ(p.sources, (std::vector<std::string>{"Entry.cpp", "Timer.cpp", "sub/x.cpp"}));

  ASSERT_TRUE(testing::write_text(
      d.path() / "Makefile",
      "CXX = g++\nCXXFLAGS = -O3 -march=native -Isub\nEXEC = run\n"
      "SOURCES := ./Entry.cpp ./main.cpp ./sub/x.cpp\n"
      "OBJECTS := $(patsubst %.cpp, %.o, $(SOURCES))\n.PHONY: all clean\nall: $(EXEC)\n"
      "$(EXEC): $(OBJECTS)\n\t$(CXX) $(CXXFLAGS) $^ -o $@\n%.o: %.c\n\t$(CXX) -c $< -o $@\n"));
  p = gppc::read_build_plan(d.path());
  EXPECT_EQ(p.flags, (std::vector<std::string>{"-O3", "-march=native", "-Isub"}));
  EXPECT_EQ(p.sources, (std::vector<std::string>{"Entry.cpp", "sub/x.cpp"}));

  ASSERT_TRUE(testing::write_text(d.path() / "Makefile",
                                  "F = $(shell echo -O3)\nall:\n\tg++ $(F) *.cpp\n"));
  try {
    gppc::read_build_plan(d.path());
    ADD_FAILURE() << "$(shell) accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("$(shell"), std::string::npos) << e.what();
  }
}

// The whole path: build, preprocessing, queries, validation against the scen optimum; then a
// second run finds the build and the index in the cache.
TEST_F(GppcPlannerTest, ToyEntryRunsValidAndOptimalWithCachedBuildAndIndex) {
  const fs::path entry = toy_entry("toy");
  RunOutcome out;
  RunsCsv csv = run(experiment(entry), &out);
  EXPECT_EQ(out.invalid, 0u);
  ASSERT_EQ(csv.rows.size(), 4u);
  for (const RunRow& r : csv.rows) {
    EXPECT_EQ(r.status, Status::Solved) << r.error;
    EXPECT_TRUE(r.valid) << r.error;
    EXPECT_NEAR(r.cost, r.optimal, 1e-6);
    EXPECT_TRUE(std::isfinite(r.path_us) && r.path_us >= 0) << r.path_us;
    // The competition's clocks: the summed GetPath time bounds the other two.
    const double total = extra(r, "ext_time_us");
    EXPECT_TRUE(std::isfinite(total) && total > 0);
    EXPECT_LE(extra(r, "max_step_us"), total);
    EXPECT_LE(extra(r, "first20_us"), total);
    // One GetPath call per waypoint segment (the toy hands out one at a time).
    EXPECT_GE(extra(r, "getpath_calls"), 1.0);
    EXPECT_EQ(extra(r, "index_reused"), 0.0);
    EXPECT_TRUE(std::isfinite(extra(r, "preprocess_ms")));
    // The search process's peak resident set: a process holding a C++ runtime is over 100 KiB.
    EXPECT_GT(extra(r, "peak_rss_kib"), 100.0);
    // The toy's index: one line "toy 12 8 <free cells>\n" (96 cells, 6 walls).
    EXPECT_EQ(r.prep_bytes, std::string("toy 12 8 90\n").size());
  }
  // Query 0: (0,0) to (11,7) round the wall's bottom end needs more than one segment.
  EXPECT_GT(extra(csv.rows[0], "getpath_calls"), 1.0);
  // The entry's prints to stdout went to the preprocessing log, not into the protocol.
  EXPECT_NE(testing::read_text(out.dir / "gppc-preprocess-toy.stderr.log").find("toy entry:"),
            std::string::npos);

  const std::vector<fs::path> b = builds();
  ASSERT_EQ(b.size(), 1u);
  const auto built_at = fs::last_write_time(b[0] / "gppc_driver");
  csv = run(experiment(entry), &out);
  EXPECT_EQ(out.invalid, 0u);
  EXPECT_EQ(builds(), b);
  EXPECT_EQ(fs::last_write_time(b[0] / "gppc_driver"), built_at);
  for (const RunRow& r : csv.rows) {
    EXPECT_TRUE(r.valid) << r.error;
    EXPECT_EQ(extra(r, "index_reused"), 1.0);
  }

  // A changed entry is a new build.
  ASSERT_TRUE(testing::write_text(entry / "notes.txt", "changed\n"));
  csv = run(experiment(entry), &out);
  EXPECT_EQ(builds().size(), 2u);
  for (const RunRow& r : csv.rows) EXPECT_EQ(extra(r, "index_reused"), 0.0);
}

// --rebuild-index on the command line runs PreprocessMap again.
TEST_F(GppcPlannerTest, RebuildIndexFlagPreprocessesAgain) {
  const fs::path entry = toy_entry("toy");
  ASSERT_TRUE(testing::write_text(dir() / "exp.yaml", experiment(entry)));
  const auto pathbench = [&](const std::string& flags) -> double {
    const std::string cmd =
        "PATHBENCH_GPPC_CACHE=" + testing::shell_quote((dir() / "cache").string()) + " " +
        testing::shell_quote(PATHBENCH_EXE) + " run exp.yaml --overwrite --out out" + flags;
    const testing::CommandResult r = testing::run_shell(dir(), cmd, dir());
    EXPECT_EQ(r.code, 0) << r.err;
    // Every row of the map carries the same index_reused.
    const RunsCsv csv = read_runs_csv(dir() / "out/runs.csv");
    EXPECT_EQ(csv.rows.size(), 4u);
    return csv.rows.empty() ? NAN : extra(csv.rows[0], "index_reused");
  };
  EXPECT_EQ(pathbench(""), 0.0);
  EXPECT_EQ(pathbench(""), 1.0);
  EXPECT_EQ(pathbench(" --rebuild-index"), 0.0);
  EXPECT_EQ(pathbench(""), 1.0);
}

// A segment off the 8 directions is a protocol error naming the query and the segment; a segment
// along them but through a wall is the validator's: solved, not valid.
TEST_F(GppcPlannerTest, BadSegmentIsProtocolErrorAndWallSegmentInvalid) {
  RunOutcome out;
  const RunsCsv csv = run(experiment(toy_entry("straight", "-DTOY_MODE=1")), &out);
  ASSERT_EQ(csv.rows.size(), 4u);
  EXPECT_EQ(csv.rows[0].status, Status::ProtocolError);
  EXPECT_NE(csv.rows[0].error.find("segment 1 (0,0)->(11,7) does not run along one of the 8 "
                                   "directions"),
            std::string::npos)
      << csv.rows[0].error;
  EXPECT_NE(csv.rows[0].error.find("query 1"), std::string::npos) << csv.rows[0].error;
  EXPECT_FALSE(csv.rows[0].valid);
  EXPECT_EQ(csv.rows[1].status, Status::Solved);
  EXPECT_FALSE(csv.rows[1].valid);
  EXPECT_FALSE(csv.rows[1].error.empty());
  EXPECT_EQ(out.invalid, 1u);
}

TEST_F(GppcPlannerTest, CrashInGetPathIsCrashedRow) {
  const RunsCsv csv = run(experiment(toy_entry("crash", "-DTOY_MODE=2")));
  ASSERT_EQ(csv.rows.size(), 4u);
  for (const RunRow& r : csv.rows) {
    EXPECT_EQ(r.status, Status::Crashed);
    EXPECT_NE(r.error.find("killed by signal 6"), std::string::npos) << r.error;
  }
}

TEST_F(GppcPlannerTest, GetPathThatNeverFinishesTimesOut) {
  const RunsCsv csv = run(experiment(toy_entry("endless", "-DTOY_MODE=3"), ", grace_s: 0.2", 0.3));
  ASSERT_EQ(csv.rows.size(), 4u);
  for (const RunRow& r : csv.rows) {
    EXPECT_EQ(r.status, Status::Timeout);
    EXPECT_NE(r.error.find("no answer to query"), std::string::npos) << r.error;
  }
}

// PrepareForSearch is waited for up to prep_timeout_s, not the per-answer deadline.
TEST_F(GppcPlannerTest, SlowPrepareForSearchGetsThePreprocessingDeadline) {
  const fs::path entry = toy_entry("slow", "-DTOY_MODE=4");
  std::string yaml = experiment(entry, ", timeout_s: 0.5");
  yaml += "  - {label: impatient, algorithm: gppc, params: {entry: \"" + entry.string() +
          "\", prep_timeout_s: 1}}\n";
  const RunsCsv csv = run(yaml);
  ASSERT_EQ(csv.rows.size(), 8u);
  for (const RunRow& r : csv.rows) {
    if (r.planner == "toy") {
      EXPECT_TRUE(r.valid) << r.error;
    } else {
      EXPECT_EQ(r.status, Status::Timeout);
      EXPECT_NE(r.error.find("no \"ready\" within 1 s (prep_timeout_s)"), std::string::npos)
          << r.error;
    }
  }
}

// SIGTERM (a scheduler's cancellation, or Ctrl-C's SIGINT) while an entry's PreprocessMap runs
// stops the run within a second or so: exit 143, resumable, no row written. Before, the wait went
// on to prep_timeout_s (an hour by default); this toy's PreprocessMap sleeps 5 minutes, and the
// test gives up after one.
TEST_F(GppcPlannerTest, StopDuringPreprocessMapIsPrompt) {
  const fs::path entry = toy_entry("sleepy", "-DTOY_MODE=5");
  ASSERT_TRUE(testing::write_text(dir() / "exp.yaml", experiment(entry)));
  const fs::path out = dir() / "out", partial = dir() / "out.partial";
  const pid_t pid = testing::spawn_process(
      dir(), PATHBENCH_EXE, {"run", (dir() / "exp.yaml").string(), "--out", out.string()});
  ASSERT_GT(pid, 0);
  // The preprocessing has started once its log exists (the entry is built before that).
  const auto started = std::chrono::steady_clock::now();
  while (!fs::exists(partial / "gppc-preprocess-toy.stderr.log") &&
         std::chrono::steady_clock::now() - started < std::chrono::minutes(3) &&
         waitpid(pid, nullptr, WNOHANG) == 0)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_TRUE(fs::exists(partial / "gppc-preprocess-toy.stderr.log"));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  ::kill(pid, SIGTERM);
  const auto signalled = std::chrono::steady_clock::now();
  bool exited = false;
  while (!exited && std::chrono::steady_clock::now() - signalled < std::chrono::minutes(1)) {
    exited = waitpid(pid, nullptr, WNOHANG) == pid;
    if (!exited) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  if (!exited) {
    ::kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
    FAIL() << "still waiting for PreprocessMap a minute after SIGTERM";
  }
  const std::string err = testing::read_text(dir() / "stderr");
  EXPECT_NE(err.find("terminated (SIGTERM)"), std::string::npos) << err;
  EXPECT_FALSE(fs::exists(out));
  EXPECT_EQ(read_runs_csv(partial / "runs.csv").rows.size(), 0u);
}

// A build failure names the entry, the file and the compiler's first error, on every row, and
// leaves only its log in the cache (named by the message), no temporary folder.
TEST_F(GppcPlannerTest, CompileErrorNamesEntryAndFirstError) {
  const fs::path entry = toy_entry("broken");
  ASSERT_TRUE(testing::write_text(entry / "Entry.cpp",
                                  testing::read_text(kToy / "Entry.cpp") +
                                      "\nint broken_here() { return undeclared_name; }\n"));
  const RunsCsv csv = run(experiment(entry));
  ASSERT_EQ(csv.rows.size(), 4u);
  for (const RunRow& r : csv.rows) {
    EXPECT_EQ(r.status, Status::Crashed);
    EXPECT_NE(r.error.find("gppc entry 'broken'"), std::string::npos) << r.error;
    EXPECT_NE(r.error.find("does not build: compiling Entry.cpp: Entry.cpp:"), std::string::npos)
        << r.error;
    // (GCC quotes with ' or with typographic quotes, as the locale says.)
    EXPECT_NE(r.error.find("error: "), std::string::npos) << r.error;
    EXPECT_NE(r.error.find("undeclared_name"), std::string::npos) << r.error;
    EXPECT_NE(r.error.find("was not declared in this scope"), std::string::npos) << r.error;
  }
  const std::vector<fs::path> left = builds();
  ASSERT_EQ(left.size(), 1u);
  EXPECT_NE(csv.rows[0].error.find(left[0].string() + ")"), std::string::npos) << left[0];
  EXPECT_NE(testing::read_text(left[0]).find("undeclared_name"), std::string::npos);
}

// The real competition entry, when the archive is at hand: Warthog-JPS2 on the wall map.
TEST_F(GppcPlannerTest, RealArchiveWarthogJps2IsValidAndOptimal) {
  const char* archive = std::getenv("GPPC_ARCHIVE");
  if (archive == nullptr || *archive == '\0')
    GTEST_SKIP() << "GPPC_ARCHIVE is not set (the classic/2023 folder of "
                    "gppc-dev/algorithm-archive; docs/gppc.md)";
  // The caller's cache, when given, spares a build of several minutes.
  std::optional<ScopedEnv> cache;
  if (!outer_cache_.empty()) cache.emplace("PATHBENCH_GPPC_CACHE", outer_cache_);
  RunOutcome out;
  const RunsCsv csv = run(experiment(fs::path(archive) / "Warthog-JPS2"), &out);
  EXPECT_EQ(out.invalid, 0u);
  for (const RunRow& r : csv.rows) {
    EXPECT_TRUE(r.valid) << r.error;
    EXPECT_NEAR(r.cost, r.optimal, 1e-6);
  }
}

}  // namespace
}  // namespace pathbench
