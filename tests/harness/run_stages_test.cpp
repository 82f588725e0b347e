// The stages both runners are built from, on their own: the run directory (staged, published,
// found again from either spelling), the CSV writer (escaping, a failed write is an error) and
// the progress line (goes to the stream given, or nowhere).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>

#include "algorithms/core/input_error.h"
#include "harness/output/csv_writer.h"
#include "harness/output/dynamic_row.h"
#include "harness/runner/run_progress.h"
#include "harness/runner/staged_run.h"
#include "tests/support/scratch_dir.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;

class RunStagesTest : public pathbench::testing::ScratchTest {
 protected:
};

TEST_F(RunStagesTest, StagedRunIsPublishedWholeAndFoundAgainFromEitherSpelling) {
  RunOptions opt;
  opt.out_dir = root_ / "run";
  fs::path staging;
  {
    StagedRun run = StagedRun::create("exp", opt);
    staging = run.staging();
    EXPECT_EQ(run.staging(), root_ / "run.partial");
    EXPECT_TRUE(fs::is_directory(run.staging()));
    EXPECT_FALSE(fs::exists(run.dir()));
    run.meta() = {{"schema_version", 2}, {"experiment", {{"name", "exp"}}}};
    run.write_meta();
    // While it is being written nobody else may reopen it.
    EXPECT_THROW(StagedRun::reopen(root_ / "run"), InputError);
  }

  // An interrupted run is the same run whichever name the user gives.
  for (const fs::path& given : {root_ / "run", root_ / "run.partial", root_ / "run.partial/"}) {
    const StagedRun again = StagedRun::reopen(given);
    EXPECT_TRUE(again.resumed());
    EXPECT_EQ(again.staging(), staging) << given;
    EXPECT_EQ(again.dir(), root_ / "run") << given;
    EXPECT_EQ(again.meta()["experiment"]["name"], "exp");
  }

  std::ostringstream log;
  {
    StagedRun run = StagedRun::reopen(root_ / "run");
    run.publish(log);
  }
  EXPECT_TRUE(fs::is_regular_file(root_ / "run" / "meta.json"));
  EXPECT_FALSE(fs::exists(root_ / "run.partial"));
  EXPECT_FALSE(fs::exists(root_ / "run" / "run.lock"));
  EXPECT_EQ(log.str(), "");
  // A complete run cannot be resumed.
  EXPECT_THROW(StagedRun::reopen(root_ / "run"), InputError);
}

TEST_F(RunStagesTest, CsvWriterEscapesFieldsAndAppendsWithoutAHeader) {
  const fs::path path = root_ / "t.csv";
  {
    CsvWriter csv(path, {"a", "b"});
    csv.write({"x,y", "say \"hi\""});
  }
  {
    CsvWriter csv(path, {"a", "b"}, /*append=*/true);
    csv.write({"1", ""});
  }
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), "a,b\n\"x,y\",\"say \"\"hi\"\"\"\n1,\n");
}

TEST_F(RunStagesTest, FailedCsvWriteThrowsNamingTheFile) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  try {
    CsvWriter csv("/dev/full", dynamic_columns());
    FAIL() << "writing to /dev/full did not fail";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("/dev/full"), std::string::npos) << e.what();
  }
}

TEST_F(RunStagesTest, DynamicRowFieldsMatchTheHeader) {
  DynamicRunRow row;
  row.kind = "changing_map";
  row.error = "a, b";
  const std::vector<std::string> fields = dynamic_csv_fields(row);
  ASSERT_EQ(fields.size(), dynamic_columns().size());
  EXPECT_EQ(fields.front(), "changing_map");
  EXPECT_EQ(fields.back(), "a, b");
}

TEST(RunProgress, DrawsOnTheStreamGivenAndEndsTheLine) {
  std::ostringstream out;
  RunProgress progress(&out, 2, "queries");
  progress.tick(1);
  progress.tick(2);
  const std::string text = out.str();
  EXPECT_NE(text.find("1/2 queries"), std::string::npos) << text;
  EXPECT_NE(text.find("2/2 queries"), std::string::npos) << text;
  EXPECT_EQ(text.back(), '\n');
  RunProgress silent(nullptr, 2, "queries");
  silent.tick(2);  // nothing to write to: must not crash
}

}  // namespace
}  // namespace pathbench
