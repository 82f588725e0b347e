// Nothing escapes: the real binary against hostile output directories (every spelling of one,
// foreign files, unsafe tags), malformed meta.json, oversized or blocking inputs. Each test fails
// on a pathbench that destroys a user's files. Resume and kills: run_resume_safety_test.cpp.
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
