// A dynamic experiment (agents on changing maps) through the real binary and the same stages as a
// static run: SIGINT and kill -9 then --resume, --shard + merge and --jobs each give the rows of
// the single uninterrupted run (the timing columns aside), and resume and merge refuse what is
// not that run.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "harness/output/runs_csv_reader.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/shell.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::read_text;
using testing::write_text;

// Two generated 112x112 maps, 4 agent runs each, both kinds, D* Lite and A*: 32 agent runs in
// about half a second (Release), so a signal lands mid-run.
std::string config(int toggles = 12) {
  return "name: dynpipe\n"
         "seed: 5\n"
         "datasets:\n"
         "  - name: rnd\n"
         "    generated: {kind: random, width: 112, height: 112, density: 0.2, count: 2,\n"
         "                queries_per_bucket: 2}\n"
         "planners:\n"
         "  - {label: dstar_lite, algorithm: dstar_lite}\n"
         "  - {label: astar, algorithm: astar}\n"
         "dynamic:\n"
         "  kind: [unknown_terrain, changing_map]\n"
         "  sensor_radius: 2\n"
         "  every_k_steps: 4\n"
         "  toggles: " +
         std::to_string(toggles) +
         "\n"
         "  runs_per_map: 4\n";
}
constexpr std::size_t kAgentRuns = 2 * 2 * 4 * 2;  // kinds x maps x runs x planners

// dynamic.csv's records without the timing columns (every column in microseconds).
std::vector<std::vector<std::string>> rows_without_times(const fs::path& csv) {
  std::vector<std::vector<std::string>> records = parse_csv(read_text(csv));
  if (records.empty()) return records;
  const std::vector<std::string> header = records[0];
  for (auto& rec : records)
    for (std::size_t i = 0; i < header.size() && i < rec.size(); ++i)
      if (header[i].ends_with("_us")) rec[i].clear();
  return records;
}

std::size_t rows_in(const fs::path& csv) {
  const std::string t = read_text(csv);
  const auto lines = static_cast<std::size_t>(std::count(t.begin(), t.end(), '\n'));
  return lines > 0 ? lines - 1 : 0;
}

class DynamicPipelineTest : public pathbench::testing::ScratchTest {
 protected:
  void SetUp() override { ASSERT_TRUE(write_text(work_ / "dyn.yaml", config())); }
  CommandResult run(const std::vector<std::string>& args) const {
    return testing::run_shell(work_, "exec " + testing::command_line(PATHBENCH_EXE, args), root_);
  }
  // The uninterrupted single-process run (once per test).
  const fs::path& reference() {
    if (reference_.empty()) {
      reference_ = work_ / "reference";
      const CommandResult r = run({"run", "dyn.yaml", "--out", reference_.string()});
      EXPECT_EQ(r.code, 0) << r.err;
      EXPECT_EQ(rows_in(reference_ / "dynamic.csv"), kAgentRuns);
    }
    return reference_;
  }
  // Starts a run into `out` and sends `sig` once its dynamic.csv holds `rows` rows; returns the
  // exit status as the shell reports it.
  CommandResult stop_after(const fs::path& out, std::size_t rows, int sig) const {
    std::vector<std::string> args{"run", (work_ / "dyn.yaml").string(), "--out", out.string()};
    const pid_t pid = testing::spawn_process(root_, PATHBENCH_EXE, args);
    const fs::path csv = out.string() + ".partial/dynamic.csv";
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (rows_in(csv) < rows && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    kill(pid, sig);
    return testing::wait_process(root_, pid);
  }
  const fs::path work_ = subdir("work");
  fs::path reference_;
};

TEST_F(DynamicPipelineTest, SigintThenResumeEqualsTheUninterruptedRun) {
  const fs::path out = work_ / "int", partial = work_ / "int.partial";
  const CommandResult stopped = stop_after(out, 3, SIGINT);
  ASSERT_EQ(stopped.code, 130) << "finished before the signal? " << stopped.err;
  EXPECT_NE(stopped.err.find("pathbench run --resume " + partial.string()), std::string::npos)
      << stopped.err;
  const std::size_t kept = rows_in(partial / "dynamic.csv");
  EXPECT_GE(kept, 3u);
  EXPECT_LT(kept, kAgentRuns);
  EXPECT_FALSE(fs::exists(out));
  const CommandResult resumed = run({"run", "--resume", partial.string()});
  ASSERT_EQ(resumed.code, 0) << resumed.err;
  EXPECT_NE(resumed.out.find(std::to_string(kept) + " agent runs already done"), std::string::npos)
      << resumed.out;
  EXPECT_EQ(rows_without_times(out / "dynamic.csv"),
            rows_without_times(reference() / "dynamic.csv"));
  EXPECT_TRUE(fs::is_regular_file(out / "dynamic_summary.csv"));
  const nlohmann::json meta = nlohmann::json::parse(read_text(out / "meta.json"));
  EXPECT_EQ(meta["resumed"][0]["rows_kept"], kept);
}

TEST_F(DynamicPipelineTest, KillNineThenResumeDropsTheCutRowAndEqualsTheRun) {
  const fs::path out = work_ / "k9", partial = work_ / "k9.partial";
  const CommandResult killed = stop_after(out, 5, SIGKILL);
  ASSERT_EQ(killed.code, 137) << killed.err;
  // A row the kill cut in half: resume drops it and runs that agent run again.
  std::string text = read_text(partial / "dynamic.csv");
  ASSERT_TRUE(write_text(partial / "dynamic.csv", text + "changing_map,rnd,rnd-0"));
  const CommandResult resumed = run({"run", "--resume", out.string()});
  ASSERT_EQ(resumed.code, 0) << resumed.err;
  EXPECT_EQ(rows_without_times(out / "dynamic.csv"),
            rows_without_times(reference() / "dynamic.csv"));
}

TEST_F(DynamicPipelineTest, ResumeRefusesAnotherExperimentAndNamesTheDifference) {
  const fs::path partial = work_ / "other.partial";
  ASSERT_EQ(stop_after(work_ / "other", 2, SIGINT).code, 130);
  ASSERT_TRUE(write_text(work_ / "dyn.yaml", config(13)));
  const CommandResult r = run({"run", "dyn.yaml", "--resume", partial.string()});
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("dynamic.toggles: '12' -> '13'"), std::string::npos) << r.err;
  EXPECT_TRUE(fs::exists(partial / "dynamic.csv"));  // nothing of the interrupted run is touched
}

TEST_F(DynamicPipelineTest, ShardsMergedEqualTheSingleRunAndMisfitsAreRefused) {
  for (const char* k : {"0", "1", "2"}) {
    const CommandResult r = run({"run", "dyn.yaml", "--shard", std::string(k) + "/3", "--out",
                                 (work_ / ("s" + std::string(k))).string()});
    ASSERT_EQ(r.code, 0) << r.err;
  }
  // 8 picked queries dealt round-robin over 3 shards: 3, 3, 2, each with 2 kinds x 2 planners.
  EXPECT_EQ(rows_in(work_ / "s0" / "dynamic.csv"), 12u);
  EXPECT_EQ(rows_in(work_ / "s2" / "dynamic.csv"), 8u);
  const CommandResult missing = run({"merge", "s0", "s1", "--out", "m"});
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("--shard 2/3"), std::string::npos) << missing.err;
  EXPECT_FALSE(fs::exists(work_ / "m"));

  const CommandResult merged = run({"merge", "s0", "s1", "s2", "--out", "merged"});
  ASSERT_EQ(merged.code, 0) << merged.err;
  EXPECT_NE(merged.out.find("merged 3 shards: 32 agent runs, 0 invalid"), std::string::npos)
      << merged.out;
  EXPECT_EQ(rows_without_times(work_ / "merged" / "dynamic.csv"),
            rows_without_times(reference() / "dynamic.csv"));
  EXPECT_TRUE(fs::is_regular_file(work_ / "merged" / "dynamic_summary.csv"));

  // Shard 1's rows in shard 0's folder (and the other way): each holds agent runs the split
  // deals elsewhere.
  fs::copy_file(work_ / "s1" / "dynamic.csv", work_ / "s0" / "dynamic.csv",
                fs::copy_options::overwrite_existing);
  const CommandResult misfit = run({"merge", "s0", "s1", "s2", "--out", "bad"});
  EXPECT_EQ(misfit.code, 2);
  EXPECT_NE(misfit.err.find("which the split deals to shard 1/3"), std::string::npos) << misfit.err;
  EXPECT_FALSE(fs::exists(work_ / "bad"));
  EXPECT_FALSE(fs::exists(work_ / "bad.partial"));
}

TEST_F(DynamicPipelineTest, JobsEqualTheSingleRunPinnedOneCoreEach) {
  const CommandResult r = run({"run", "dyn.yaml", "--jobs", "2", "--out", "jobs"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("32 agent runs, 0 invalid"), std::string::npos) << r.out;
  EXPECT_EQ(rows_without_times(work_ / "jobs" / "dynamic.csv"),
            rows_without_times(reference() / "dynamic.csv"));
  const nlohmann::json meta = nlohmann::json::parse(read_text(work_ / "jobs" / "meta.json"));
  EXPECT_EQ(meta["jobs"], 2);
  ASSERT_EQ(meta["merged"]["shards"].size(), 2u);
  // Each shard ran on one core of its own (sched_setaffinity, as for a static run's shards).
  const nlohmann::json& s0 = meta["merged"]["shards"][0]["cpu"];
  const nlohmann::json& s1 = meta["merged"]["shards"][1]["cpu"];
  EXPECT_EQ(s0["allowed"].size(), 1u) << s0.dump();
  EXPECT_EQ(s1["allowed"].size(), 1u) << s1.dump();
  if (s0["online_cores"].get<int>() >= 2) {
    EXPECT_NE(s0["allowed"], s1["allowed"]);
  }
  EXPECT_FALSE(fs::exists(work_ / "jobs.jobs"));

  // `report` recomputes the summary from dynamic.csv: the same file the merge wrote.
  const std::string summary = read_text(work_ / "jobs" / "dynamic_summary.csv");
  fs::remove(work_ / "jobs" / "dynamic_summary.csv");
  const CommandResult report = run({"report", "jobs"});
  ASSERT_EQ(report.code, 0) << report.err;
  EXPECT_EQ(read_text(work_ / "jobs" / "dynamic_summary.csv"), summary);
  EXPECT_NE(report.out.find("32 agent runs"), std::string::npos) << report.out;
}

// `report` gives a dynamic run what it gives a static one: summary.md with the printed tables,
// the plots, and report.html embedding both, every slot of the shared page filled.
TEST_F(DynamicPipelineTest, ReportWritesSummaryPlotsAndPageFromTheAgentRuns) {
  const fs::path dir = reference();
  const CommandResult report = run({"report", dir.string()});
  ASSERT_EQ(report.code, 0) << report.err;
  const std::string md = read_text(dir / "summary.md");
  EXPECT_EQ(md.rfind("# dynpipe\n\n32 agent runs (dynamic.csv); ", 0), 0u) << md;
  EXPECT_NE(md.find("| kind | dataset | planner | runs | success | valid |"), std::string::npos);
  // Per (kind, dataset, planner): 2 maps x 4 runs; both kinds x both planners.
  for (const char* kind : {"unknown_terrain", "changing_map"}) {
    for (const char* planner : {"dstar_lite", "astar"}) {
      EXPECT_NE(md.find(fmt::format("| {} | rnd | {} | 8 |", kind, planner)), std::string::npos)
          << kind << ' ' << planner << '\n'
          << md;
    }
    EXPECT_NE(md.find(fmt::format("| {} | rnd | astar / dstar_lite |", kind)), std::string::npos)
        << md;
  }
  const std::string html = read_text(dir / "report.html");
  EXPECT_NE(html.find("<title>dynpipe - pathbench report</title>"), std::string::npos);
  EXPECT_NE(html.find("<table id=\"dynamic-summary\">"), std::string::npos);
  EXPECT_NE(html.find("<table id=\"dynamic-ratios\">"), std::string::npos);
  for (const char* slot : {"@TITLE@", "@NOTES@", "@TABLES@", "@WARNINGS@", "@PLOTS@", "@RUN_FACTS@",
                           "@MAPS@", "@CONFIG@"})
    EXPECT_EQ(html.find(slot), std::string::npos) << slot;
  EXPECT_NE(html.find("dynamic:"), std::string::npos) << "the config's text";
  // The plots need Debian's python3 with matplotlib (scripts/setup.sh installs it); without it
  // the report says why and the page says there are none.
  if (fs::exists(dir / "plots" / "dynamic_time.png")) {
    EXPECT_TRUE(fs::exists(dir / "plots" / "dynamic_replan_time.png"));
    EXPECT_NE(html.find("<img alt=\"dynamic_time\" src=\"data:image/png;base64,"),
              std::string::npos);
  } else {
    EXPECT_NE(report.err.find("plots not drawn"), std::string::npos) << report.err;
  }
  EXPECT_NE(report.out.find("32 agent runs. Tables: "), std::string::npos) << report.out;
}

TEST_F(DynamicPipelineTest, CpuPinsTheRunAndIsRecorded) {
  const CommandResult r = run({"run", "dyn.yaml", "--cpu", "0", "--out", "pinned"});
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::json meta = nlohmann::json::parse(read_text(work_ / "pinned" / "meta.json"));
  EXPECT_EQ(meta["cpu"]["pinned"], 0);
}

}  // namespace
}  // namespace pathbench
