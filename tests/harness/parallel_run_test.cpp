// `pathbench run --jobs J` through the real binary: the merged result equals the single-process
// run in every column but the timings, records `jobs`, says so in the summary, survives SIGTERM
// (resumed from `<dir>.jobs`), and refuses what it cannot do before starting any process.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <thread>

#include "harness/runner/shard_process.h"
#include "tests/support/run_rows.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/shell.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::read_text;
using testing::rows_without_times;
using testing::shell_quote;
using testing::write_text;

std::string config(int size, int count, int per_bucket) {
  return "name: par\n"
         "seed: 3\n"
         "datasets:\n"
         "  - name: rnd\n"
         "    generated: {kind: random, width: " +
         std::to_string(size) + ", height: " + std::to_string(size) +
         ", density: 0.2, count: " + std::to_string(count) +
         ",\n"
         "                queries_per_bucket: " +
         std::to_string(per_bucket) +
         "}\n"
         "planners:\n"
         "  - {label: astar, algorithm: astar}\n"
         "  - {label: jps, algorithm: jps}\n";
}

class ParallelRunTest : public pathbench::testing::ScratchTest {
 public:
  CommandResult pathbench(const std::string& args) const {
    return testing::run_shell(work_, shell_quote(PATHBENCH_EXE) + " " + args, root_);
  }

 protected:
  void SetUp() override { write_text(work_ / "exp.yaml", config(48, 3, 2)); }
  nlohmann::json meta(const fs::path& dir) const {
    return nlohmann::json::parse(read_text(work_ / dir / "meta.json"));
  }
  const fs::path work_ = subdir("work");
};

TEST_F(ParallelRunTest, TwoJobsEqualTheSingleProcessRunApartFromTimes) {
  ASSERT_EQ(pathbench("run exp.yaml --out single").code, 0);
  const CommandResult r = pathbench("run exp.yaml --jobs 2 --out par");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(rows_without_times(work_ / "par" / "runs.csv"),
            rows_without_times(work_ / "single" / "runs.csv"));
  EXPECT_GT(rows_without_times(work_ / "par" / "runs.csv").size(), 10u);
  const nlohmann::json m = meta("par");
  EXPECT_EQ(m["jobs"], 2);
  ASSERT_EQ(m["merged"]["shards"].size(), 2u);
  EXPECT_EQ(m["experiment"]["fingerprint"], meta("single")["experiment"]["fingerprint"]);
  EXPECT_NE(read_text(work_ / "par" / "summary.md").find("timed in 2 parallel processes"),
            std::string::npos);
  EXPECT_NE(r.out.find("Results: "), std::string::npos) << r.out;
  // The shards' working folder is gone; only the result is left.
  EXPECT_FALSE(fs::exists(work_ / "par.jobs"));
  EXPECT_FALSE(fs::exists(work_ / "par.partial"));
  // report rewrites summary.md and keeps the caveat.
  ASSERT_EQ(pathbench("report par --no-plots").code, 0);
  EXPECT_NE(read_text(work_ / "par" / "summary.md").find("timed in 2 parallel processes"),
            std::string::npos);
  // --jobs 1 is an ordinary run.
  ASSERT_EQ(pathbench("run exp.yaml --jobs 1 --out one").code, 0);
  EXPECT_FALSE(meta("one").contains("jobs"));
}

// The merge carries each shard's paths.jsonl in the merged row order: byte for byte the single
// run's (a path line holds no timing). Damaged or missing shard paths are refused, and a merge
// that fails after staging leaves no .partial behind to block the next one.
TEST_F(ParallelRunTest, SavedPathsAreExactlyThoseOfTheSingleRun) {
  ASSERT_EQ(pathbench("run exp.yaml --out single --save-paths").code, 0);
  const CommandResult r = pathbench("run exp.yaml --jobs 2 --out par --save-paths");
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string single = read_text(work_ / "single" / "paths.jsonl");
  EXPECT_EQ(static_cast<std::size_t>(std::count(single.begin(), single.end(), '\n')),
            rows_without_times(work_ / "single" / "runs.csv").size() - 1);  // the header
  EXPECT_EQ(read_text(work_ / "par" / "paths.jsonl"), single);

  for (int k = 0; k < 2; ++k)
    ASSERT_EQ(pathbench("run exp.yaml --save-paths --shard " + std::to_string(k) + "/2 --out s" +
                        std::to_string(k))
                  .code,
              0);
  const std::string s1 = read_text(work_ / "s1" / "paths.jsonl");
  // Two lines swapped: the count is right, the rows are not; found while writing the merge.
  const std::size_t a = s1.find('\n') + 1, b = s1.find('\n', a) + 1;
  ASSERT_TRUE(write_text(work_ / "s1" / "paths.jsonl",
                         s1.substr(a, b - a) + s1.substr(0, a) + s1.substr(b)));
  CommandResult m = pathbench("merge s0 s1 --out m");
  EXPECT_EQ(m.code, 2) << m.err;
  EXPECT_NE(m.err.find("s1/paths.jsonl:1: is not the path of runs.csv row 2"), std::string::npos)
      << m.err;
  EXPECT_FALSE(fs::exists(work_ / "m.partial")) << "a failed merge left its staging folder";
  EXPECT_FALSE(fs::exists(work_ / "m"));
  ASSERT_TRUE(write_text(work_ / "s1" / "paths.jsonl", s1.substr(0, s1.size() - 1)));  // cut
  m = pathbench("merge s0 s1 --out m");
  EXPECT_EQ(m.code, 2);
  EXPECT_NE(m.err.find("complete lines for"), std::string::npos) << m.err;
  fs::remove(work_ / "s1" / "paths.jsonl");
  m = pathbench("merge s0 s1 --out m");
  EXPECT_EQ(m.code, 2);
  EXPECT_NE(m.err.find("every shard saves them or none"), std::string::npos) << m.err;
  ASSERT_TRUE(write_text(work_ / "s1" / "paths.jsonl", s1));
  m = pathbench("merge s0 s1 --out m");
  ASSERT_EQ(m.code, 0) << m.err;
  EXPECT_EQ(read_text(work_ / "m" / "paths.jsonl"), single);
}

TEST_F(ParallelRunTest, DefaultDirectoryAndLatestLikeAnyRun) {
  const CommandResult r = pathbench("run exp.yaml --jobs 2");
  ASSERT_EQ(r.code, 0) << r.err;
  const fs::path latest = work_ / "results" / "par" / "latest";
  ASSERT_TRUE(fs::is_symlink(latest));
  EXPECT_EQ(meta(fs::read_symlink(latest).is_absolute()
                     ? fs::read_symlink(latest)
                     : latest.parent_path() / fs::read_symlink(latest))["jobs"],
            2);
  for (const fs::directory_entry& e : fs::directory_iterator(work_ / "results" / "par"))
    EXPECT_EQ(e.path().extension(), "") << "left behind: " << e.path();
}

// Starts `run exp.yaml --jobs 2 --out par` on a bigger experiment and sends SIGTERM once shard 1
// has rows; `single` is the same experiment in one process.
void interrupt_parallel_run(const ParallelRunTest& t, const fs::path& work, const fs::path& root) {
  // Enough work that the signal lands mid-run (a second or two per process).
  write_text(work / "exp.yaml", config(128, 4, 8));
  ASSERT_EQ(t.pathbench("run exp.yaml --out single").code, 0);
  const std::string cmd = shell_quote(PATHBENCH_EXE) + " run exp.yaml --jobs 2 --out par";
  const CommandResult r = testing::run_shell(
      work,
      "( " + cmd +
          " & pid=$!; for i in $(seq 200); do "
          "[ \"$(cat par.jobs/shard-1.partial/runs.csv 2>/dev/null | wc -l)\" -ge 3 ] && break; "
          "sleep 0.05; done; kill -TERM $pid; wait $pid; echo \"exit=$?\" )",
      root);
  ASSERT_NE(r.out.find("exit=143"), std::string::npos) << r.out << r.err;
  ASSERT_TRUE(fs::exists(work / "par.jobs" / "jobs.json"));
  EXPECT_FALSE(fs::exists(work / "par"));
  EXPECT_NE(r.err.find("resume with: pathbench run --resume"), std::string::npos) << r.err;
}

TEST_F(ParallelRunTest, SigtermKeepsTheShardsAndResumeFinishesThem) {
  ASSERT_NO_FATAL_FAILURE(interrupt_parallel_run(*this, work_, root_));
  const CommandResult resumed = pathbench("run --resume par.jobs");
  ASSERT_EQ(resumed.code, 0) << resumed.err;
  EXPECT_EQ(rows_without_times(work_ / "par" / "runs.csv"),
            rows_without_times(work_ / "single" / "runs.csv"));
  EXPECT_FALSE(fs::exists(work_ / "par.jobs"));
}

// A signal can reach a shard while it sets up: before its meta.json is in place (only the
// temporary file written), or before runs.csv exists. Resume starts such a shard anew.
TEST_F(ParallelRunTest, ResumeRestartsAShardStoppedWhileSettingUp) {
  ASSERT_NO_FATAL_FAILURE(interrupt_parallel_run(*this, work_, root_));
  const fs::path jobs = work_ / "par.jobs";
  for (int k = 0; k < 2; ++k) {
    const fs::path staging = jobs / ("shard-" + std::to_string(k) + ".partial");
    fs::remove_all(staging);
    fs::remove_all(jobs / ("shard-" + std::to_string(k)));
    fs::create_directory(staging);
  }
  write_text(jobs / "shard-0.partial" / "meta.json.tmp", "{\"cut\": ");
  // shard 1: a whole meta.json of a run of its own, no runs.csv yet.
  ASSERT_EQ(pathbench("run exp.yaml --shard 1/2 --out stub").code, 0);
  fs::copy_file(work_ / "stub" / "meta.json", jobs / "shard-1.partial" / "meta.json");
  const CommandResult resumed = pathbench("run --resume par.jobs");
  ASSERT_EQ(resumed.code, 0) << resumed.err << read_text(jobs / "shard-0.log");
  EXPECT_EQ(rows_without_times(work_ / "par" / "runs.csv"),
            rows_without_times(work_ / "single" / "runs.csv"));
  EXPECT_FALSE(fs::exists(jobs));
}

TEST_F(ParallelRunTest, RefusesBeforeStartingAnyProcess) {
  CommandResult r = pathbench("run exp.yaml --jobs 2 --shard 0/2 --out x");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--jobs"), std::string::npos) << r.err;
  r = pathbench("run exp.yaml --jobs 0 --out x");
  EXPECT_NE(r.code, 0);
  r = pathbench("run exp.yaml --jobs 500 --out x");  // 3 maps x 2 per bucket: fewer queries
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("use at most"), std::string::npos) << r.err;
  fs::create_directories(work_ / "taken");
  write_text(work_ / "taken" / "notes.txt", "mine");
  r = pathbench("run exp.yaml --jobs 2 --out taken");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(read_text(work_ / "taken" / "notes.txt"), "mine");
  write_text(work_ / "dyn.yaml",
             "name: d\ndatasets:\n  - name: g\n    generated: {kind: random, width: 20, height: "
             "20, density: 0.1, count: 1, queries_per_bucket: 1}\nplanners:\n  - {label: a, "
             "algorithm: dstar_lite}\ndynamic:\n  kind: [changing_map]\n  runs_per_map: 1\n");
  r = pathbench("run dyn.yaml --jobs 2 --out d");
  EXPECT_EQ(r.code, 2) << r.err;
  // Nothing was started, so nothing was written.
  for (const char* left : {"x", "x.jobs", "taken.jobs", "d", "d.jobs"})
    EXPECT_FALSE(fs::exists(work_ / left)) << left;
}

// `--cpu N` with --jobs 2: shard k is pinned to core N + k and records it; a core past the
// allowed ones is refused before any process starts, naming --cpu.
TEST_F(ParallelRunTest, ACpuPinsShardKToCoreNPlusK) {
  const std::vector<int> cpus = allowed_cpus();
  ASSERT_FALSE(cpus.empty());
  const int n = cpus.front();
  const CommandResult bad =
      pathbench("run exp.yaml --jobs 2 --out bad --cpu " + std::to_string(cpus.back()));
  EXPECT_EQ(bad.code, 2) << bad.err;
  EXPECT_NE(bad.err.find("field '--cpu': with --jobs 2 shard k runs on core"), std::string::npos)
      << bad.err;
  EXPECT_FALSE(fs::exists(work_ / "bad.jobs"));
  if (cpus.size() < 2 || cpus[1] != n + 1) GTEST_SKIP() << "no two adjacent allowed cores";
  const CommandResult r = pathbench("run exp.yaml --jobs 2 --out par --cpu " + std::to_string(n));
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::json shards = meta("par")["merged"]["shards"];
  ASSERT_EQ(shards.size(), 2u);
  for (int k = 0; k < 2; ++k) {
    EXPECT_EQ(shards[k]["k"], k);
    EXPECT_EQ(shards[k]["cpu"]["pinned"], n + k) << shards[k].dump();
  }
  EXPECT_NE(
      read_text(work_ / "par" / "summary.md")
          .find("cpu: shards pinned to cores " + std::to_string(n) + ", " + std::to_string(n + 1)),
      std::string::npos);
}

}  // namespace
}  // namespace pathbench
