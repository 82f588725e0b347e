// A full disk through the real binary (tests/support/enospc_shim.cpp, LD_PRELOADed, makes writes
// to chosen files fail with ENOSPC): `pathbench report` over a finished run must fail naming the
// file and the full disk, and leave every output it had written before byte for byte as it was,
// whichever file the disk fills on, wherever in the file, and also when only fsync reports it.
// Before outputs were written atomically, the file being written was left empty or cut short.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "datasets/output_file.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/shell.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::shell_quote;

constexpr const char* kConfig =
    "name: disk\n"
    "seed: 3\n"
    "baseline: astar\n"
    "datasets:\n"
    "  - name: rnd\n"
    "    generated: {kind: random, width: 32, height: 32, density: 0.2, count: 2,\n"
    "                queries_per_bucket: 2}\n"
    "planners:\n"
    "  - {label: astar, algorithm: astar}\n"
    "  - {label: jps, algorithm: jps}\n";

// Every regular file under `dir`, by path relative to it, with its bytes.
std::map<std::string, std::string> snapshot(const fs::path& dir) {
  std::map<std::string, std::string> files;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file() && e.path().filename() != "run.lock")
      files[fs::relative(e.path(), dir).string()] = testing::read_text(e.path());
  return files;
}

class FullDiskTest : public pathbench::testing::ScratchTest {
 protected:
  void SetUp() override {
    ASSERT_TRUE(testing::write_text(work_ / "cfg.yaml", kConfig));
    ASSERT_EQ(pathbench("", "run cfg.yaml --out out").code, 0);
    ASSERT_EQ(pathbench("", "report out --no-plots --latex").code, 0);
    before_ = snapshot(work_ / "out");
  }
  // `env` (NAME=value words) then pathbench `args`, in work_.
  CommandResult pathbench(const std::string& env, const std::string& args) const {
    return testing::run_shell(work_, env + " " + shell_quote(PATHBENCH_EXE) + " " + args, root_);
  }
  // `report` with writes to paths containing `match` failing as `mode` says.
  CommandResult report_on_full_disk(const std::string& match, const std::string& mode) const {
    // Under the sanitizers the ASan runtime would refuse a preloaded library listed first.
    const std::string env =
        "ASAN_OPTIONS=verify_asan_link_order=0 LD_PRELOAD=" + shell_quote(PATHBENCH_ENOSPC_SHIM) +
        " PATHBENCH_ENOSPC_MATCH=" + shell_quote(match) + " " + mode;
    return pathbench(env, "report out --no-plots --latex");
  }
  const fs::path work_ = subdir("work");
  std::map<std::string, std::string> before_;
};

TEST_F(FullDiskTest, ReportLeavesEveryPreviousOutputWhole) {
  ASSERT_TRUE(before_.count("summary.csv") && before_.count("summary.md") &&
              before_.count("report.html") && before_.count("tables/all.tex"))
      << "the run did not write the outputs this test protects";
  // Each output in turn is the one the disk fills on: with no byte written, part way through,
  // and (all bytes written) only at fsync.
  const std::vector<std::string> files = {"summary.csv", "summary_buckets.csv", "summary.md",
                                          "report.html", "tables/all.tex"};
  for (const std::string& file : files)
    for (const std::string mode :
         {"PATHBENCH_ENOSPC_AFTER=0", "PATHBENCH_ENOSPC_AFTER=100", "PATHBENCH_ENOSPC_FSYNC=1"}) {
      SCOPED_TRACE(file + " " + mode);
      const CommandResult r = report_on_full_disk("/out/" + file, mode);
      EXPECT_NE(r.code, 0) << r.out << r.err;
      // Named as the command line gave the folder.
      EXPECT_NE(r.err.find("cannot write out/" + file + ": "), std::string::npos) << r.err;
      EXPECT_NE(r.err.find("the disk is full (ENOSPC"), std::string::npos) << r.err;
      EXPECT_NE(r.err.find(" bytes"), std::string::npos) << r.err;
      // Nothing changed, nothing added (no temporary file left behind), nothing lost.
      EXPECT_EQ(snapshot(work_ / "out"), before_);
    }
  // The disk full from the first output on: the first one is named, all are whole.
  const CommandResult r = report_on_full_disk("/out/", "PATHBENCH_ENOSPC_AFTER=0");
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.err.find("cannot write out/summary.csv: "), std::string::npos) << r.err;
  EXPECT_EQ(snapshot(work_ / "out"), before_);
  // With room again, report succeeds and writes the same files.
  EXPECT_EQ(pathbench("", "report out --no-plots --latex").code, 0);
  EXPECT_EQ(snapshot(work_ / "out"), before_);
}

// What is not a plain file is not replaced: a device (as root, a rename over /dev/null would
// make it a regular file) is written in place; a symlink stays, the file it names is replaced.
TEST_F(FullDiskTest, DevicesAreWrittenInPlaceAndSymlinksStay) {
  write_file_atomically("/dev/null", "discarded\n");
  EXPECT_TRUE(fs::is_character_file("/dev/null"));
  EXPECT_FALSE(fs::exists("/dev/null.tmp"));
  const fs::path real = work_ / "real.txt", link = work_ / "link.txt";
  ASSERT_TRUE(testing::write_text(real, "old\n"));
  fs::create_symlink(real, link);
  write_file_atomically(link, "new\n");
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(testing::read_text(real), "new\n");
  EXPECT_FALSE(fs::exists(work_ / "real.txt.tmp"));
  EXPECT_FALSE(fs::exists(work_ / "link.txt.tmp"));
}

}  // namespace
}  // namespace pathbench
