// The gppc cache shared by processes (algorithms/planners/gppc/gppc_cache_lock.h): the two shards
// of a `--jobs 2` run build an entry once and run its PreprocessMap once per map, the second
// shard waiting for the first and using its build and index.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "tests/harness/gppc_test_fixture.h"
#include "tests/support/shell.h"

namespace pathbench {
namespace {

TEST_F(GppcPlannerTest, JobsShardsShareOneBuildAndOneIndex) {
  // PreprocessMap takes 1 s: without the lock both shards would be inside it at once.
  const fs::path entry = toy_entry("shared", "-DTOY_MODE=6");
  ASSERT_TRUE(testing::write_text(dir() / "exp.yaml", experiment(entry)));
  const std::string cmd =
      "PATHBENCH_GPPC_CACHE=" + testing::shell_quote((dir() / "cache").string()) + " " +
      testing::shell_quote(PATHBENCH_EXE) + " run exp.yaml --jobs 2 --out out";
  const testing::CommandResult r = testing::run_shell(dir(), cmd, dir());
  ASSERT_EQ(r.code, 0) << r.err;
  const RunsCsv csv = read_runs_csv(dir() / "out/runs.csv");
  ASSERT_EQ(csv.rows.size(), 4u);
  // Each shard's rows carry its own index_reused: exactly one shard made the index.
  std::multiset<double> reused;
  for (const RunRow& row : csv.rows) {
    EXPECT_TRUE(row.valid) << row.error;
    reused.insert(extra(row, "index_reused"));
  }
  EXPECT_EQ(reused.count(0.0), 2u) << "rows of a shard that ran PreprocessMap";
  EXPECT_EQ(reused.count(1.0), 2u) << "rows of a shard that used the other's index";
  // One build folder (no second build, no temporary left), and one index folder.
  std::size_t build_dirs = 0, index_dirs = 0;
  for (const auto& e : fs::directory_iterator(dir() / "cache/build"))
    build_dirs += e.is_directory() ? 1 : 0;
  for (const auto& e : fs::directory_iterator(dir() / "cache/index"))
    index_dirs += e.is_directory() ? 1 : 0;
  EXPECT_EQ(build_dirs, 1u);
  EXPECT_EQ(index_dirs, 1u);
}

}  // namespace
}  // namespace pathbench
