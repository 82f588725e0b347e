// Nothing lost, nothing escapes: the real binary against hostile output directories, changed
// configs on resume, corrupted partial runs, kill -9 at random moments, a full disk (a file size
// limit) and SIGTERM. Each test fails on a pathbench that destroys or mixes results.
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "harness/output/runs_csv_reader.h"
#include "tests/support/run_rows.h"
#include "tests/support/shell.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::read_text;
using testing::shell_quote;
using testing::write_text;

// Generated maps only (no files needed); runs for about a second in Release, so that a signal
// or a kill lands mid-run.
std::string config(int repetitions = 2, const std::string& weight = "1.5") {
  return "name: safety\n"
         "seed: 9\n"
         "repetitions: " +
         std::to_string(repetitions) +
         "\n"
         "datasets:\n"
         "  - name: rnd\n"
         "    generated: {kind: random, width: 96, height: 96, density: 0.2, count: 2,\n"
         "                queries_per_bucket: 3}\n"
         "planners:\n"
         "  - {label: dijkstra, algorithm: dijkstra}\n"
         "  - {label: wastar, algorithm: astar, params: {weight: " +
         weight + "}}\n";
}

using testing::rows_without_times;

std::size_t count_lines(const fs::path& p) {
  const std::string t = read_text(p);
  return static_cast<std::size_t>(std::count(t.begin(), t.end(), '\n'));
}

class RunSafetyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::random_device rd;
    root_ = fs::temp_directory_path() / ("pathbench_safety_test_" + std::to_string(rd()));
    work_ = root_ / "work";
    fs::create_directories(work_);
    ASSERT_TRUE(write_text(work_ / "cfg.yaml", config()));
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }
  // The binary with `args` in the work folder; `prefix` is shell text run first (ulimit, env).
  CommandResult run(const std::vector<std::string>& args, const std::string& prefix = "") const {
    std::string cmd = prefix + "exec " + shell_quote(PATHBENCH_EXE);
    for (const std::string& a : args) cmd += " " + shell_quote(a);
    return testing::run_shell(work_, cmd, root_);
  }
  pid_t spawn(const std::vector<std::string>& args) const {
    std::vector<std::string> a = args;
    return testing::spawn_process(root_, PATHBENCH_EXE, a);
  }
  // A finished reference run of cfg.yaml (computed once per test).
  const fs::path& reference() {
    if (reference_.empty()) {
      reference_ = root_ / "reference";
      const CommandResult r = run({"run", "cfg.yaml", "--out", reference_.string()});
      EXPECT_EQ(r.code, 0) << r.err;
    }
    return reference_;
  }
  // A resumable .partial: a complete run renamed, its runs.csv cut after `rows` rows.
  fs::path make_partial(const std::string& name, std::size_t rows, bool save_paths = false) {
    const fs::path dir = work_ / name;
    std::vector<std::string> args = {"run", "cfg.yaml", "--out", dir.string()};
    if (save_paths) args.push_back("--save-paths");
    EXPECT_EQ(run(args).code, 0);
    const std::string csv = read_text(dir / "runs.csv");
    std::size_t cut = 0;
    for (std::size_t i = 0; i <= rows; ++i) cut = csv.find('\n', cut) + 1;
    EXPECT_TRUE(write_text(dir / "runs.csv", csv.substr(0, cut)));
    const fs::path partial = work_ / (name + ".partial");
    fs::rename(dir, partial);
    return partial;
  }

  fs::path root_, work_, reference_;
};

TEST_F(RunSafetyTest, EverySpellingOfTheOutputDirectoryBehavesTheSame) {
  // A trailing slash once staged inside the directory and lost the run when publishing.
  const CommandResult r = run({"run", "cfg.yaml", "--out", "res/"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(fs::is_regular_file(work_ / "res" / "runs.csv"));
  EXPECT_FALSE(fs::exists(work_ / "res" / ".partial"));
  EXPECT_FALSE(fs::exists(work_ / "res.partial"));
  for (const std::string spelling : {"./res", "res/../res/", "link"}) {
    if (spelling == "link") fs::create_directory_symlink("res", work_ / "link");
    const CommandResult again = run({"run", "cfg.yaml", "--out", spelling, "--overwrite"});
    ASSERT_EQ(again.code, 0) << spelling << ": " << again.err;
    EXPECT_TRUE(fs::is_regular_file(work_ / "res" / "summary.csv")) << spelling;
    EXPECT_EQ(rows_without_times(work_ / "res" / "runs.csv"),
              rows_without_times(reference() / "runs.csv"))
        << spelling;
  }
  EXPECT_TRUE(fs::is_symlink(work_ / "link")) << "the user's symlink was replaced";
  std::set<std::string> entries;
  for (const auto& e : fs::directory_iterator(work_)) entries.insert(e.path().filename().string());
  EXPECT_EQ(entries, (std::set<std::string>{"cfg.yaml", "link", "res"}));
}

TEST_F(RunSafetyTest, OverwriteReplacesOnlyWhatPathbenchWrote) {
  ASSERT_TRUE(write_text(work_ / "notes.txt", "a user's file"));
  // The working directory (and so any parent of it).
  CommandResult r = run({"run", "cfg.yaml", "--out", ".", "--overwrite"});
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("working directory"), std::string::npos) << r.err;
  r = run({"run", "cfg.yaml", "--out", "..", "--overwrite"});
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_EQ(read_text(work_ / "notes.txt"), "a user's file");
  // The filesystem root.
  r = run({"run", "cfg.yaml", "--out", "/", "--overwrite"});
  EXPECT_EQ(r.code, 2) << r.err;

  // A run directory of ours, with a user's file added: refused, untouched.
  ASSERT_EQ(run({"run", "cfg.yaml", "--out", "ours"}).code, 0);
  ASSERT_TRUE(write_text(work_ / "ours" / "my_analysis.py", "print(1)"));
  r = run({"run", "cfg.yaml", "--out", "ours", "--overwrite"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("my_analysis.py"), std::string::npos) << r.err;
  EXPECT_TRUE(fs::exists(work_ / "ours" / "my_analysis.py"));
  fs::remove(work_ / "ours" / "my_analysis.py");
  r = run({"run", "cfg.yaml", "--out", "ours", "--overwrite"});
  EXPECT_EQ(r.code, 0) << r.err;

  // A folder without a meta.json of ours; a repository root; the home directory.
  fs::create_directories(work_ / "plain");
  ASSERT_TRUE(write_text(work_ / "plain" / "data.csv", "1,2\n"));
  r = run({"run", "cfg.yaml", "--out", "plain", "--overwrite"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("meta.json"), std::string::npos) << r.err;
  fs::copy(work_ / "ours", work_ / "repo", fs::copy_options::recursive);
  fs::create_directories(work_ / "repo" / ".git");
  r = run({"run", "cfg.yaml", "--out", "repo", "--overwrite"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("repository"), std::string::npos) << r.err;
  fs::copy(work_ / "ours", work_ / "home", fs::copy_options::recursive);
  r = run({"run", "cfg.yaml", "--out", "home", "--overwrite"},
          "HOME=" + shell_quote((work_ / "home").string()) + " ");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("home directory"), std::string::npos) << r.err;
  EXPECT_TRUE(fs::exists(work_ / "plain" / "data.csv"));
  EXPECT_TRUE(fs::exists(work_ / "repo" / ".git"));
  EXPECT_TRUE(fs::exists(work_ / "home" / "runs.csv"));

  // An interrupted run in the way is never wiped without --overwrite.
  const fs::path partial = make_partial("cut", 5);
  r = run({"run", "cfg.yaml", "--out", "cut"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--resume"), std::string::npos) << r.err;
  EXPECT_EQ(count_lines(partial / "runs.csv"), 6u);
}

TEST_F(RunSafetyTest, TagIsOneSafePathComponentAndLatestFollowsAtomically) {
  for (const std::string tag : {"../../..", "a/b", "..", "/abs"}) {
    const CommandResult r = run({"run", "cfg.yaml", "--tag", tag});
    EXPECT_EQ(r.code, 2) << tag << ": " << r.err;
    EXPECT_NE(r.err.find("'--tag'"), std::string::npos) << r.err;
  }
  std::set<std::string> entries;
  for (const auto& e : fs::directory_iterator(work_)) entries.insert(e.path().filename().string());
  EXPECT_EQ(entries, std::set<std::string>{"cfg.yaml"}) << "a rejected tag left files behind";
  for (int i = 0; i < 2; ++i) ASSERT_EQ(run({"run", "cfg.yaml", "--tag", "try"}).code, 0);
  const fs::path parent = work_ / "results" / "safety";
  ASSERT_TRUE(fs::is_symlink(parent / "latest"));
  const fs::path target = fs::read_symlink(parent / "latest");
  EXPECT_TRUE(target.string().ends_with("-try-2") || target.string().ends_with("-try")) << target;
  EXPECT_TRUE(fs::is_regular_file(parent / target / "summary.csv"));
  for (const auto& e : fs::directory_iterator(parent))
    EXPECT_FALSE(e.path().filename().string().starts_with(".latest")) << e.path();
}

TEST_F(RunSafetyTest, ResumeRefusesAChangedExperimentAndNamesTheDifference) {
  const fs::path partial = make_partial("run", 4);
  const std::string before = read_text(partial / "runs.csv");
  const struct {
    std::string yaml, named;
  } changes[] = {{config(2, "2.5"), "planners[1].params"},
                 {config(3), "repetitions"},
                 {[] {
                    std::string c = config();
                    return c.replace(c.find("seed: 9"), 7, "seed: 8");
                  }(),
                  "seed"}};
  for (const auto& change : changes) {
    ASSERT_TRUE(write_text(work_ / "changed.yaml", change.yaml));
    const CommandResult r = run({"run", "changed.yaml", "--resume", partial.string()});
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.err.find(change.named), std::string::npos) << r.err;
    EXPECT_EQ(read_text(partial / "runs.csv"), before) << "a refused resume changed the rows";
  }
  const CommandResult ok = run({"run", "cfg.yaml", "--resume", partial.string()});
  ASSERT_EQ(ok.code, 0) << ok.err;
  EXPECT_EQ(rows_without_times(work_ / "run" / "runs.csv"),
            rows_without_times(reference() / "runs.csv"));
}

TEST_F(RunSafetyTest, DuplicateRowsAreRefusedByResumeAndReport) {
  const fs::path partial = make_partial("dup", 4);
  std::string csv = read_text(partial / "runs.csv");
  const std::size_t first = csv.find('\n') + 1;
  const std::string row = csv.substr(first, csv.find('\n', first) + 1 - first);
  ASSERT_TRUE(write_text(partial / "runs.csv", csv + row));
  CommandResult r = run({"run", "--resume", partial.string()});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("runs.csv:6: duplicate run"), std::string::npos) << r.err;

  ASSERT_EQ(run({"run", "cfg.yaml", "--out", "done"}).code, 0);
  const std::string full = read_text(work_ / "done" / "runs.csv");
  ASSERT_TRUE(write_text(work_ / "done" / "runs.csv", full + row));
  r = run({"report", "done", "--no-plots"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("duplicate run"), std::string::npos) << r.err;
}

TEST_F(RunSafetyTest, MetaJsonWithWrongTypesIsAnInputError) {
  ASSERT_EQ(run({"run", "cfg.yaml", "--out", "done"}).code, 0);
  nlohmann::json meta = nlohmann::json::parse(read_text(work_ / "done" / "meta.json"));
  meta["experiment"]["seed"] = "not a number";
  ASSERT_TRUE(write_text(work_ / "done" / "meta.json", meta.dump()));
  const CommandResult r = run({"report", "done", "--no-plots"});
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("meta.json: field 'experiment': unexpected value type"), std::string::npos)
      << r.err;
}

// A tiny file whose header claims a 32768 x 32768 map: refused from its rows, within 256 MB of
// address space (the grid alone would need over a gigabyte).
TEST_F(RunSafetyTest, HugeMapHeaderFailsOnItsRowsWithoutAllocatingTheGrid) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer reserves far more address space than the limit allows";
#else
  ASSERT_TRUE(write_text(work_ / "huge.map", "type octile\nheight 32768\nwidth 32768\nmap\n...\n"));
  const CommandResult r =
      run({"solve", "--map", "huge.map", "--start", "0,0", "--goal", "1,0"}, "ulimit -v 262144; ");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("huge.map:5: field 'row': row 0 has 3 characters"), std::string::npos)
      << r.err;
#endif
}

TEST_F(RunSafetyTest, GenScenWithZeroPerBucketIsAnInputError) {
  ASSERT_EQ(
      run({"gen-map", "--kind", "random", "--width", "16", "--height", "16", "-o", "m.map"}).code,
      0);
  const CommandResult r = run({"gen-scen", "--map", "m.map", "--per-bucket", "0"});
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("per_bucket must be >= 1"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(work_ / "m.map.scen"));
}

// kill -9 at random moments, then resume (itself killed at random, several times): the result
// has exactly the reference rows, and paths.jsonl exactly one path per row, in row order.
TEST_F(RunSafetyTest, KillNineAtRandomMomentsThenResumeKeepsOnePathPerRow) {
  const fs::path& ref = reference();
  const std::size_t ref_rows = count_lines(ref / "runs.csv") - 1;
  std::mt19937 rng(12345);
  int killed_mid_run = 0;
  for (int round = 0; round < 6; ++round) {
    const fs::path out = work_ / ("k" + std::to_string(round));
    const fs::path partial = out.string() + ".partial";
    std::vector<std::string> args = {"run", (work_ / "cfg.yaml").string(), "--out", out.string(),
                                     "--save-paths"};
    for (int attempt = 0; attempt < 3 && !fs::exists(out); ++attempt) {
      pid_t pid = spawn(args);
      ASSERT_GT(pid, 0);
      // Kill once some rows exist, after a random further delay.
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
      while (count_lines(partial / "runs.csv") < 3 && std::chrono::steady_clock::now() < deadline &&
             waitpid(pid, nullptr, WNOHANG) == 0)
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
      std::this_thread::sleep_for(std::chrono::milliseconds(rng() % 150));
      kill(pid, SIGKILL);
      const CommandResult k = testing::wait_process(root_, pid);
      if (k.code == 128 + SIGKILL) ++killed_mid_run;
      // Resume (with or without --save-paths: the run goes on saving them).
      args = {"run", "--resume", partial.string()};
      if (rng() % 2) args.push_back("--save-paths");
    }
    if (!fs::exists(out)) {
      const CommandResult done = run(args);
      ASSERT_EQ(done.code, 0) << done.out << done.err;
    }
    ASSERT_EQ(rows_without_times(out / "runs.csv"), rows_without_times(ref / "runs.csv"))
        << "round " << round;
    const RunsCsv rows = read_runs_csv(out / "runs.csv");
    const std::string paths = read_text(out / "paths.jsonl");
    std::vector<std::tuple<std::string, std::string, std::string, int>> path_keys;
    std::size_t pos = 0;
    for (std::size_t nl; (nl = paths.find('\n', pos)) != std::string::npos; pos = nl + 1) {
      const nlohmann::json j = nlohmann::json::parse(paths.substr(pos, nl - pos));
      path_keys.emplace_back(j["dataset"], j["map"], j["planner"], j["query"].get<int>());
    }
    EXPECT_EQ(pos, paths.size()) << "paths.jsonl ends in a cut line";
    ASSERT_EQ(path_keys.size(), ref_rows) << "round " << round;
    for (std::size_t i = 0; i < ref_rows; ++i)
      EXPECT_EQ(path_keys[i], std::make_tuple(rows.rows[i].dataset, rows.rows[i].map,
                                              rows.rows[i].planner, rows.rows[i].query))
          << "round " << round << " row " << i;
  }
  EXPECT_GT(killed_mid_run, 3) << "the runs finished before the kills; the test proved nothing";

  // A run that did not save paths cannot start saving them halfway.
  const fs::path partial = make_partial("nopaths", 5);
  const CommandResult r = run({"run", "--resume", partial.string(), "--save-paths"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("did not save paths"), std::string::npos) << r.err;
}

// A full disk, simulated by a file size limit (writes beyond it fail with EFBIG).
TEST_F(RunSafetyTest, FailedWriteIsAClearErrorAndResumeRepairsTheCutTail) {
  const CommandResult r =
      run({"run", "cfg.yaml", "--out", "full", "--save-paths"}, "trap '' XFSZ; ulimit -f 24; ");
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_NE(r.err.find("write failed: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("File too large"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("pathbench run --resume"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(work_ / "full"));
  ASSERT_TRUE(fs::is_directory(work_ / "full.partial"));
  const CommandResult resumed = run({"run", "--resume", "full.partial"});
  ASSERT_EQ(resumed.code, 0) << resumed.out << resumed.err;
  EXPECT_EQ(rows_without_times(work_ / "full" / "runs.csv"),
            rows_without_times(reference() / "runs.csv"));
  EXPECT_EQ(count_lines(work_ / "full" / "paths.jsonl"), count_lines(reference() / "runs.csv") - 1);
}

TEST_F(RunSafetyTest, SigtermStopsLikeSigintWithExit143AndResumes) {
  ASSERT_TRUE(write_text(work_ / "slow.yaml", config(6)));
  const fs::path out = work_ / "term", partial = work_ / "term.partial";
  const pid_t pid = spawn({"run", (work_ / "slow.yaml").string(), "--out", out.string()});
  ASSERT_GT(pid, 0);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (count_lines(partial / "runs.csv") < 4 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  kill(pid, SIGTERM);
  const CommandResult r = testing::wait_process(root_, pid);
  ASSERT_EQ(r.code, 143) << "finished before the signal? " << r.err;
  EXPECT_NE(r.err.find("SIGTERM"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("pathbench run --resume " + partial.string()), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(out));
  const RunsCsv kept = read_runs_csv(partial / "runs.csv");  // consistent: every row whole
  EXPECT_GE(kept.rows.size(), 3u);
  const CommandResult resumed = run({"run", "--resume", partial.string()});
  ASSERT_EQ(resumed.code, 0) << resumed.err;
  EXPECT_TRUE(fs::is_regular_file(out / "summary.csv"));
}

// Inputs that would block forever or ask for absurd amounts of work are refused up front.
TEST_F(RunSafetyTest, FifoInputsAndOversizedExperimentsAreRefusedBeforeAnything) {
  ASSERT_EQ(::mkfifo((work_ / "pipe.map").c_str(), 0644), 0);
  // (Before the fix this blocked in open(); ctest's timeout ends it.)
  const CommandResult fifo = run({"solve", "--map", "pipe.map", "--start", "0,0", "--goal", "1,1"});
  EXPECT_EQ(fifo.code, 2) << fifo.err;
  EXPECT_NE(fifo.err.find("regular map file"), std::string::npos) << fifo.err;

  std::string reps = config();
  reps.replace(reps.find("repetitions: 2"), 14, "repetitions: 10001");
  ASSERT_TRUE(write_text(work_ / "reps.yaml", reps));
  CommandResult r = run({"run", "reps.yaml", "--out", "o"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("reps.yaml:3: field 'repetitions': at most 10000"), std::string::npos)
      << r.err;

  std::string weights, heuristics;
  for (int i = 1; i <= 101; ++i) weights += (i > 1 ? "," : "") + std::to_string(1.0 + i / 1000.0);
  for (int i = 1; i <= 100; ++i) heuristics += (i > 1 ? ",h" : "h") + std::to_string(i);
  ASSERT_TRUE(
      write_text(work_ / "sweep.yaml", config().substr(0, config().find("  - {label: wastar")) +
                                           "  - {label: w, algorithm: astar, params: {weight: [" +
                                           weights + "], heuristic: [" + heuristics + "]}}\n"));
  r = run({"run", "sweep.yaml", "--out", "o"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("more than 10000 planners"), std::string::npos) << r.err;

  // Generated maps: sizes the generators cannot make, and absurd counts, fail with a location.
  const std::string gen = config();
  const std::size_t at = gen.find("width: 96, height: 96");
  const struct {
    std::string from, to, expect;
  } sizes[] = {{"width: 96", "width: 40000", "field 'datasets[0].generated.width': at most 32768"},
               {"width: 96, height: 96", "width: 20000, height: 20000", "at most 67108864 cells"},
               {"count: 2", "count: 20000", "at most 10000 maps"}};
  for (const auto& change : sizes) {
    std::string c = gen;
    const std::size_t pos = change.from == "count: 2" ? c.find(change.from) : at;
    c.replace(pos, change.from.size(), change.to);
    ASSERT_TRUE(write_text(work_ / "gen.yaml", c));
    r = run({"run", "gen.yaml", "--out", "o"});
    EXPECT_EQ(r.code, 2) << change.to;
    EXPECT_NE(r.err.find("gen.yaml:"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(change.expect), std::string::npos) << r.err;
  }
  EXPECT_FALSE(fs::exists(work_ / "o"));
  EXPECT_FALSE(fs::exists(work_ / "o.partial"));
}

}  // namespace
}  // namespace pathbench
