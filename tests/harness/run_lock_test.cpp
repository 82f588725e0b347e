// The results-directory lock (harness/output/run_lock.h) on its own, then through the real
// binary: every writing command refuses a directory another command holds, naming the holder's
// pid; a killed holder leaves nothing to clear; two overlapping commands publish exactly the rows
// of a clean run; merge refuses an output that is, holds or lies inside one of its inputs.
#include "harness/output/run_lock.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include "algorithms/core/input_error.h"
#include "tests/harness/run_safety_fixture.h"
#include "tests/support/run_rows.h"
#include "tests/support/shell.h"

namespace pathbench {
namespace {

using Mode = RunLock::Mode;

std::string refusal(const fs::path& dir, Mode mode = Mode::Exclusive) {
  try {
    RunLock::acquire(dir, "test", mode);
  } catch (const InputError& e) {
    return e.what();
  }
  return {};
}

class RunLockTest : public testing::ScratchTest {};

TEST_F(RunLockTest, ExclusiveRefusesEveryOtherHolderAndNamesThePid) {
  const fs::path dir = subdir("d");
  RunLock a = RunLock::acquire(dir, "test");
  ASSERT_TRUE(a.held());
  const std::string why = refusal(dir);
  EXPECT_NE(why.find("pid " + std::to_string(::getpid())), std::string::npos) << why;
  EXPECT_NE(why.find("field 'test'"), std::string::npos) << why;
  EXPECT_FALSE(refusal(dir, Mode::Shared).empty());
  a.release();
  EXPECT_FALSE(fs::exists(dir / "run.lock")) << "the last holder removes the file";
  EXPECT_EQ(refusal(dir), "");
}

TEST_F(RunLockTest, SharedHoldersCoexistAndKeepWritersOut) {
  const fs::path dir = subdir("d");
  RunLock a = RunLock::acquire(dir, "test", Mode::Shared);
  RunLock b = RunLock::acquire(dir, "test", Mode::Shared);
  EXPECT_FALSE(refusal(dir).empty());
  a.release();
  EXPECT_TRUE(fs::exists(dir / "run.lock")) << "b still holds it";
  EXPECT_FALSE(refusal(dir).empty());
  b.release();
  EXPECT_FALSE(fs::exists(dir / "run.lock"));
  EXPECT_EQ(refusal(dir), "");
}

TEST_F(RunLockTest, FollowsTheDirectoryThroughARename) {
  const fs::path staging = subdir("x.partial"), dir = root_ / "x";
  RunLock a = RunLock::acquire(staging, "test");
  fs::rename(staging, dir);
  a.moved_to(dir);
  EXPECT_FALSE(refusal(dir).empty());
  a.release();
  EXPECT_FALSE(fs::exists(dir / "run.lock"));
}

TEST_F(RunLockTest, AKilledHolderLeavesNothingToClear) {
  const fs::path dir = subdir("d");
  int ready[2];
  ASSERT_EQ(::pipe(ready), 0);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    RunLock held = RunLock::acquire(dir, "child");
    const char ok = 1;
    [[maybe_unused]] const ssize_t n = ::write(ready[1], &ok, 1);
    ::pause();
    ::_exit(0);
  }
  char ok = 0;
  ASSERT_EQ(::read(ready[0], &ok, 1), 1);
  const std::string why = refusal(dir);
  EXPECT_NE(why.find("pid " + std::to_string(child)), std::string::npos) << why;
  ::kill(child, SIGKILL);
  ::waitpid(child, nullptr, 0);
  EXPECT_TRUE(fs::exists(dir / "run.lock")) << "kill -9 cannot clean up";
  EXPECT_EQ(refusal(dir), "") << "but the lock died with the process";
  ::close(ready[0]);
  ::close(ready[1]);
}

// The binary against a lock this test holds: deterministic, no timing involved.
TEST_F(RunSafetyTest, EveryWritingCommandRefusesALockedDirectory) {
  const std::string pid = "pid " + std::to_string(::getpid());
  const fs::path partial = make_partial("p", 5);
  const std::string before = read_text(partial / "runs.csv");
  {
    const RunLock held = RunLock::acquire(partial, "test");
    CommandResult r = run({"run", "--resume", partial.string()});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find(pid), std::string::npos) << r.err;
    r = run({"run", "cfg.yaml", "--out", "p", "--overwrite"});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("a run is writing here now (" + pid), std::string::npos) << r.err;
    EXPECT_EQ(read_text(partial / "runs.csv"), before) << "a refused command wrote";
  }
  CommandResult r = run({"report", partial.string(), "--no-plots"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("an unfinished run"), std::string::npos) << r.err;
  r = run({"run", "--resume", partial.string()});
  ASSERT_EQ(r.code, 0) << r.err;
  const fs::path done = work_ / "p";
  EXPECT_FALSE(fs::exists(done / "run.lock")) << "a finished run holds no lock file";
  const std::string rows = read_text(done / "runs.csv");
  {
    const RunLock held = RunLock::acquire(done, "test");
    r = run({"report", "p", "--no-plots"});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find(pid), std::string::npos) << r.err;
    r = run({"run", "cfg.yaml", "--out", "p", "--overwrite"});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find(pid), std::string::npos) << r.err;
  }
  EXPECT_EQ(read_text(done / "runs.csv"), rows);
  EXPECT_EQ(run({"report", "p", "--no-plots"}).code, 0);
}

// A live run and a second command started against it: the second is refused, whatever it is,
// and the run publishes exactly the rows of a clean run; then a kill -9 and a resume do too.
TEST_F(RunSafetyTest, OverlappingCommandsOnOneFolderLoseAndDuplicateNothing) {
  ASSERT_TRUE(write_text(work_ / "cfg.yaml", config(24)));  // several seconds of solving
  const fs::path& ref = reference();
  const fs::path out = work_ / "live", partial = work_ / "live.partial";
  for (int round = 0; round < 2; ++round) {
    const pid_t pid = spawn({"run", (work_ / "cfg.yaml").string(), "--out", out.string()});
    ASSERT_GT(pid, 0);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (count_lines(partial / "runs.csv") < 3 && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ASSERT_TRUE(fs::exists(partial / "run.lock")) << "the run finished before the test began";
    const std::string holder = "pid " + std::to_string(pid);
    for (const std::vector<std::string>& second :
         {std::vector<std::string>{"run", "--resume", partial.string()},
          std::vector<std::string>{"run", "cfg.yaml", "--out", out.string(), "--overwrite"},
          std::vector<std::string>{"run", "cfg.yaml", "--out", out.string()}}) {
      const CommandResult r = run(second);
      EXPECT_EQ(r.code, 2) << second[1] << ": " << r.err;
      EXPECT_NE(r.err.find(holder), std::string::npos) << r.err;
    }
    if (round == 0) {
      ASSERT_EQ(testing::wait_process(root_, pid).code, 0);
    } else {
      ::kill(pid, SIGKILL);
      ASSERT_EQ(testing::wait_process(root_, pid).code, 128 + SIGKILL);
      const CommandResult r = run({"run", "--resume", partial.string()});
      ASSERT_EQ(r.code, 0) << r.err;
    }
    EXPECT_EQ(rows_without_times(out / "runs.csv"), rows_without_times(ref / "runs.csv"))
        << "round " << round;
    fs::remove_all(out);
  }
}

TEST_F(RunSafetyTest, MergeRefusesAnOutputThatIsHoldsOrLiesInsideAnInput) {
  const fs::path shards = subdir("work/shards");
  for (int k = 0; k < 2; ++k)
    ASSERT_EQ(run({"run", "cfg.yaml", "--shard", std::to_string(k) + "/2", "--out",
                   (shards / ("s" + std::to_string(k))).string()})
                  .code,
              0);
  const std::string s0 = read_text(shards / "s0" / "runs.csv");
  CommandResult r = run({"merge", "shards/s0", "shards/s1", "--out", "shards/s0", "--overwrite"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("is the input"), std::string::npos) << r.err;
  r = run({"merge", "shards", "--out", "shards/merged"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("lies inside the input"), std::string::npos) << r.err;
  r = run({"merge", "shards/s0", "shards/s1", "--out", "."});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("holds the input"), std::string::npos) << r.err;
  EXPECT_EQ(read_text(shards / "s0" / "runs.csv"), s0);
  EXPECT_FALSE(fs::exists(shards / "merged"));
  {
    // A shard being rewritten (a report on it, say) is not read half-written.
    const RunLock held = RunLock::acquire(shards / "s1", "test");
    r = run({"merge", "shards", "--out", "m"});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("pid " + std::to_string(::getpid())), std::string::npos) << r.err;
  }
  r = run({"merge", "shards", "--out", "m"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_FALSE(fs::exists(shards / "s0" / "run.lock")) << "merge leaves its inputs as they were";
}

}  // namespace
}  // namespace pathbench
