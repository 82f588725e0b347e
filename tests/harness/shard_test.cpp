// Shards and merge through the real binary: N shards of one experiment merge into exactly the
// single-process run (every column but the timings), shards are balanced to one query, and merge
// refuses a missing, repeated or foreign shard naming it, a shard whose meta.json disagrees with
// its own files, and another commit unless told.
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <random>
#include <string>

#include "tests/support/run_rows.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/shell.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::rows_without_times;
using testing::shell_quote;
using testing::write_text;

std::string config(int seed) {
  return "name: shards\n"
         "seed: " +
         std::to_string(seed) +
         "\n"
         "datasets:\n"
         "  - name: rnd\n"
         "    generated: {kind: random, width: 40, height: 40, density: 0.2, count: 3,\n"
         "                queries_per_bucket: 2}\n"
         "  - name: rooms\n"
         "    generated: {kind: rooms, width: 40, height: 40, room_size: 6, count: 1,\n"
         "                queries_per_bucket: 1}\n"
         "planners:\n"
         "  - {label: astar, algorithm: astar}\n"
         "  - {label: jps, algorithm: jps}\n"
         "  - {label: wastar, algorithm: astar, params: {weight: 2}}\n";
}

class ShardTest : public pathbench::testing::ScratchTest {
 protected:
  void SetUp() override { write_text(work_ / "exp.yaml", config(5)); }
  CommandResult pathbench(const std::string& args) const {
    return testing::run_shell(work_, shell_quote(PATHBENCH_EXE) + " " + args, root_);
  }
  // exp.yaml as shards 0/n .. n-1/n, into s0 .. s<n-1>.
  void run_shards(int n) const {
    for (int k = 0; k < n; ++k) {
      const std::string shard = std::to_string(k) + "/" + std::to_string(n);
      ASSERT_EQ(pathbench("run exp.yaml --out s" + std::to_string(k) + " --shard " + shard).code, 0)
          << shard;
    }
  }
  std::size_t rows(const fs::path& dir) const {
    return rows_without_times(work_ / dir / "runs.csv").size() - 1;  // minus the header
  }
  const fs::path work_ = subdir("work");
};

TEST_F(ShardTest, ShardsMergeIntoTheSingleProcessRun) {
  ASSERT_EQ(pathbench("run exp.yaml --out full").code, 0);
  const std::size_t total = rows("full");
  for (int k = 0; k < 3; ++k) {
    const CommandResult r = pathbench("run exp.yaml --out shards/s" + std::to_string(k) +
                                      " --shard " + std::to_string(k) + "/3");
    ASSERT_EQ(r.code, 0) << r.err;
    // Dealt one query (three planners) at a time: the shards differ by at most one query.
    EXPECT_LE(rows("shards/s" + std::to_string(k)), (total / 3 / 3 + 1) * 3);
    EXPECT_GE(rows("shards/s" + std::to_string(k)), total / 3 / 3 * 3);
    const nlohmann::json meta = nlohmann::json::parse(
        testing::read_text(work_ / "shards" / ("s" + std::to_string(k)) / "meta.json"));
    EXPECT_EQ(meta["shard"]["k"], k);
    EXPECT_EQ(meta["shard"]["n"], 3);
  }
  // A parent folder of shards, or the shards one by one in any order: the same result.
  CommandResult r = pathbench("merge shards --out merged");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(rows_without_times(work_ / "merged" / "runs.csv"),
            rows_without_times(work_ / "full" / "runs.csv"));
  r = pathbench("merge shards/s2 shards/s0 shards/s1 --out merged2");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(rows_without_times(work_ / "merged2" / "runs.csv"),
            rows_without_times(work_ / "full" / "runs.csv"));
  const nlohmann::json meta =
      nlohmann::json::parse(testing::read_text(work_ / "merged" / "meta.json"));
  ASSERT_EQ(meta["merged"]["shards"].size(), 3u);
  EXPECT_EQ(meta["merged"]["shards"][1]["k"], 1);
  EXPECT_FALSE(meta.contains("shard"));
  EXPECT_EQ(meta["experiment"]["fingerprint"],
            nlohmann::json::parse(
                testing::read_text(work_ / "full" / "meta.json"))["experiment"]["fingerprint"]);
  // The merged directory is an ordinary run for report.
  r = pathbench("report merged --no-plots");
  EXPECT_EQ(r.code, 0) << r.err;
}

TEST_F(ShardTest, MergeRefusesMissingRepeatedAndForeignShards) {
  ASSERT_NO_FATAL_FAILURE(run_shards(3));
  CommandResult r = pathbench("merge s0 s2 --out m");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("1 of 3 shards missing; run them with --shard 1/3"), std::string::npos)
      << r.err;
  r = pathbench("merge s0 s1 s1 s2 --out m");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("shard 1/3 is given twice"), std::string::npos) << r.err;
  // The same shard of a different experiment (another seed: other maps and queries).
  write_text(work_ / "other.yaml", config(6));
  ASSERT_EQ(pathbench("run other.yaml --out o1 --shard 1/3").code, 0);
  r = pathbench("merge s0 o1 s2 --out m");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("a shard of another experiment"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("seed: '5' -> '6'"), std::string::npos) << r.err;
  // A shard of another split.
  ASSERT_EQ(pathbench("run exp.yaml --out t1 --shard 1/4").code, 0);
  r = pathbench("merge s0 t1 s2 --out m");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("one of 4 shards"), std::string::npos) << r.err;
  // A whole run is not a shard; a shard with rows cut off is named.
  ASSERT_EQ(pathbench("run exp.yaml --out whole").code, 0);
  r = pathbench("merge s0 whole --out m");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("not a shard"), std::string::npos) << r.err;
  std::string csv = testing::read_text(work_ / "s1" / "runs.csv");
  csv.erase(csv.rfind('\n', csv.size() - 2) + 1);
  write_text(work_ / "s1" / "runs.csv", csv);
  r = pathbench("merge s0 s1 s2 --out m");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("s1/runs.csv: holds"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(work_ / "m"));
  // The merge streams each shard in the run's order: two rows swapped are named, not reordered.
  csv = testing::read_text(work_ / "s2" / "runs.csv");
  const std::size_t a = csv.find('\n') + 1, b = csv.find('\n', a) + 1, c = csv.find('\n', b) + 1;
  write_text(work_ / "s2" / "runs.csv",
             csv.substr(0, a) + csv.substr(b, c - b) + csv.substr(a, b - a) + csv.substr(c));
  r = pathbench("merge s0 s2 s1 --out m");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("s2/runs.csv:3: rows out of the run's order"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(work_ / "m"));
  EXPECT_FALSE(fs::exists(work_ / "m.partial"));
  // Bad --shard values.
  for (const std::string bad : {"3/3", "-1/3", "1", "a/b", "0/0"}) {
    r = pathbench("run exp.yaml --out x --shard " + bad);
    EXPECT_EQ(r.code, 2) << bad;
    EXPECT_NE(r.err.find("field '--shard'"), std::string::npos) << r.err;
  }
  EXPECT_FALSE(fs::exists(work_ / "x"));
}

// merge recomputes what a shard's meta.json claims: an edited row count, fingerprint or shard
// number is refused naming the shard's file and what disagrees, and nothing is written.
TEST_F(ShardTest, MergeRecomputesWhatAShardClaims) {
  ASSERT_NO_FATAL_FAILURE(run_shards(3));
  const fs::path meta_file = work_ / "s1" / "meta.json";
  const std::string original = testing::read_text(meta_file);
  const auto merge_with = [&](const std::function<void(nlohmann::json&)>& edit) {
    nlohmann::json meta = nlohmann::json::parse(original);
    edit(meta);
    EXPECT_TRUE(write_text(meta_file, meta.dump(2)));
    const CommandResult r = pathbench("merge s0 s1 s2 --out m");
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_FALSE(fs::exists(work_ / "m"));
    return r.err;
  };
  // The row count raised, with runs.csv as it was: meta.json is named, not runs.csv.
  std::string err = merge_with(
      [](nlohmann::json& m) { m["shard"]["rows"] = m["shard"]["rows"].get<std::size_t>() + 3; });
  EXPECT_NE(err.find("s1/meta.json"), std::string::npos) << err;
  EXPECT_NE(err.find("shard.rows"), std::string::npos) << err;
  EXPECT_NE(err.find("shard 1/3 of this experiment"), std::string::npos) << err;
  // The recorded fingerprint edited.
  err = merge_with([](nlohmann::json& m) { m["experiment"]["fingerprint"] = "0000000000000000"; });
  EXPECT_NE(err.find("s1/meta.json"), std::string::npos) << err;
  EXPECT_NE(err.find("experiment.fingerprint"), std::string::npos) << err;
  EXPECT_NE(err.find("hashes to"), std::string::npos) << err;
  // Two shards of equal size with their numbers swapped: every count agrees, the queries do not.
  ASSERT_TRUE(write_text(meta_file, original));
  std::vector<nlohmann::json> metas;
  for (int k = 0; k < 3; ++k)
    metas.push_back(
        nlohmann::json::parse(testing::read_text(work_ / ("s" + std::to_string(k)) / "meta.json")));
  const int a = metas[0]["shard"]["rows"] == metas[1]["shard"]["rows"] ? 0 : 1;
  ASSERT_EQ(metas[a]["shard"]["rows"], metas[a + 1]["shard"]["rows"]);
  std::swap(metas[a]["shard"]["k"], metas[a + 1]["shard"]["k"]);
  for (int k : {a, a + 1})
    ASSERT_TRUE(write_text(work_ / ("s" + std::to_string(k)) / "meta.json", metas[k].dump(2)));
  CommandResult r = pathbench("merge s0 s1 s2 --out m");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("which the split deals to shard"), std::string::npos) << r.err;
  std::swap(metas[a]["shard"]["k"], metas[a + 1]["shard"]["k"]);
  for (int k : {a, a + 1})
    ASSERT_TRUE(write_text(work_ / ("s" + std::to_string(k)) / "meta.json", metas[k].dump(2)));
  // Untouched, the shards merge.
  r = pathbench("merge s0 s1 s2 --out m");
  EXPECT_EQ(r.code, 0) << r.err;
}

// Shards built from another commit are refused unless --allow-mixed-commits, which is then
// recorded; shards from other CPU models merge, and the summary says that absolute times mix
// machines. Both notes survive `pathbench report`, which rebuilds summary.md from meta.json.
TEST_F(ShardTest, MixedCommitsNeedTheirFlagAndMixedMachinesAreNoted) {
  ASSERT_NO_FATAL_FAILURE(run_shards(2));
  const fs::path meta_file = work_ / "s1" / "meta.json";
  nlohmann::json meta = nlohmann::json::parse(testing::read_text(meta_file));
  meta["git_commit"] = "0123456789ab";
  meta["cpu_model"] = "Another CPU 9000";
  ASSERT_TRUE(write_text(meta_file, meta.dump(2)));

  CommandResult r = pathbench("merge s0 s1 --out m");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("built from 0123456789ab"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--allow-mixed-commits"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(work_ / "m"));

  r = pathbench("merge s0 s1 --out m --allow-mixed-commits");
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::json merged =
      nlohmann::json::parse(testing::read_text(work_ / "m" / "meta.json"));
  EXPECT_EQ(merged["merged"]["mixed_commits"], true);
  EXPECT_EQ(merged["merged"]["mixed_cpu_models"], true);
  EXPECT_EQ(merged["merged"]["shards"][1]["git_commit"], "0123456789ab");
  for (const std::string when : {"merge", "report"}) {
    if (when == "report") {
      ASSERT_EQ(pathbench("report m --no-plots").code, 0);
    }
    const std::string md = testing::read_text(work_ / "m" / "summary.md");
    EXPECT_NE(md.find("the shards ran on 2 CPU models"), std::string::npos) << when << "\n" << md;
    EXPECT_NE(md.find("Another CPU 9000"), std::string::npos) << when;
    EXPECT_NE(md.find("the shards were built from 2 commits"), std::string::npos) << when;
  }
}

}  // namespace
}  // namespace pathbench
