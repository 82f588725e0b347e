// Nothing lost, nothing mixed: the real binary resumed with changed configs and corrupted
// partial runs, killed (-9) at random moments, stopped by a full disk (a file size limit) and by
// SIGTERM. Each test fails on a pathbench that loses or mixes results.
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
#include "tests/harness/run_safety_fixture.h"
#include "tests/support/run_rows.h"
#include "tests/support/shell.h"

namespace pathbench {
namespace {

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
                  "seed"},
                 {config() + "repetition_order: back_to_back\n", "repetition_order"},
                 {config() + "batch_min_us: 20\n", "batch_min_us"}};
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

// kill -9 of `run --jobs 2` itself, mid-run: its shard processes stop too (SIGTERM from the kernel
// when their parent dies) instead of running on unseen and holding their locks; `--resume` of the
// jobs folder then finishes with exactly the reference rows, none lost or doubled.
TEST_F(RunSafetyTest, KillNineOfAParallelRunStopsItsShardsAndResumes) {
  // 8 maps and 30 repetitions: the rows of 8 maps, each solve timed 30 times, so both shards
  // are seen mid-run (at 2 repetitions the whole run took 0.2 s and could end between polls).
  std::string big = config(30);
  big.replace(big.find("count: 2"), 8, "count: 8");
  ASSERT_TRUE(write_text(work_ / "big.yaml", big));
  const CommandResult ref = run({"run", "big.yaml", "--out", "ref"});
  ASSERT_EQ(ref.code, 0) << ref.err;
  const fs::path jobs = work_ / "par.jobs";
  const pid_t pid = spawn(
      {"run", (work_ / "big.yaml").string(), "--jobs", "2", "--out", (work_ / "par").string()});
  ASSERT_GT(pid, 0);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  // Both shards mid-run: on a loaded machine one shard may start seconds after the other.
  while ((count_lines(jobs / "shard-0.partial" / "runs.csv") < 3 ||
          count_lines(jobs / "shard-1.partial" / "runs.csv") < 3) &&
         std::chrono::steady_clock::now() < deadline && waitpid(pid, nullptr, WNOHANG) == 0)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  kill(pid, SIGKILL);
  EXPECT_EQ(testing::wait_process(root_, pid).code, 128 + SIGKILL) << "the run finished first";
  // Every shard process ends soon after its parent, and neither ends by finishing its part
  // (which renames shard-K.partial to shard-K: the run takes seconds, so a shard never told would
  // finish). A shard still starting when told dies of the signal's default action, with an empty
  // log; one that was running writes its stop line.
  const auto shards_alive = [&] {
    std::error_code ec;
    for (const fs::directory_entry& e : fs::directory_iterator("/proc", ec)) {
      const std::string cmdline = read_text(e.path() / "cmdline");  // empty for a zombie
      if (cmdline.find(jobs.string() + "/shard-") != std::string::npos) return true;
    }
    return false;
  };
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (shards_alive() && std::chrono::steady_clock::now() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_FALSE(shards_alive()) << "a shard runs on two minutes after its parent died";
  for (const std::string shard : {"shard-0", "shard-1"})
    EXPECT_FALSE(fs::exists(jobs / shard))
        << shard << " ran to the end: it was not stopped; its log:\n"
        << read_text(jobs / (shard + ".log"));
  // The lock is free as soon as a shard has exited; allow for its last moments.
  CommandResult done;
  for (int attempt = 0; attempt < 100; ++attempt) {
    done = run({"run", "--resume", jobs.string()});
    if (done.err.find("in use by another pathbench command") == std::string::npos) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_EQ(done.code, 0) << done.out << done.err;
  EXPECT_EQ(rows_without_times(work_ / "par" / "runs.csv"),
            rows_without_times(work_ / "ref" / "runs.csv"));
}

// A full disk, simulated by a file size limit (writes beyond it fail with EFBIG).
TEST_F(RunSafetyTest, FailedWriteIsAClearErrorAndResumeRepairsTheCutTail) {
  const CommandResult r =
      run({"run", "cfg.yaml", "--out", "full", "--save-paths"}, "trap '' XFSZ; ulimit -f 24; ");
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_NE(r.err.find("cannot write "), std::string::npos) << r.err;
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

}  // namespace
}  // namespace pathbench
