// The process between pathbench and an external planner, so that nothing the planner starts
// outlives it. Private to child_process.cpp.
//
// Why a process of its own: killing the planner's process group misses anything that left it
// (a daemon's setsid(), a setpgid()), and re-parents such orphans to init, out of reach. The
// supervisor marks itself PR_SET_CHILD_SUBREAPER (itself only, not pathbench, whose other
// children and reaping stay as they were), so every orphan of the planner's tree becomes its
// child; when the planner exits, or pathbench closes the control pipe (or dies), it kills the
// planner's group and then, round after round, every child it has until none is left, and exits.
// Reaping the supervisor therefore means the whole tree is gone.
//
// It also carries the planner's stderr to the log file, up to kStderrLogCap bytes per file.
//
// It is a fork of pathbench that never execs, so (pathbench may have threads) it only makes
// async-signal-safe system calls: everything it needs is prepared before the fork.
#pragma once

#include <sys/types.h>

#include <cstdint>

namespace pathbench::external {

// Bytes of a planner's stderr kept in its log file (all processes of a label together); past it a
// note says so and the rest is discarded, so a chatty or looping program cannot fill the disk.
constexpr std::uint64_t kStderrLogCap = std::uint64_t{4} << 20;

// Messages from the supervisor on the report pipe: fixed size, written whole.
struct Report {
  enum Kind : int { Started = 1, ExecFailed = 2, SetupFailed = 3, Ended = 4 };
  int kind = 0;
  int value = 0;  // Started: the planner's pid; ExecFailed/SetupFailed: errno; Ended: wait status
};

struct SupervisorSetup {
  const char* program = nullptr;  // what execv runs (resolved beforehand)
  char* const* argv = nullptr;
  const char* dir = "";  // "" = stay where pathbench is
  int planner_stdin = -1, planner_stdout = -1;
  int log_fd = -1;   // -1: the planner inherits pathbench's stderr, uncapped
  int control = -1;  // read end; end of file (pathbench closed it or died) = end everything
  int report = -1;   // write end of Report messages
};

// Runs in the forked child; never returns.
[[noreturn]] void run_supervisor(const SupervisorSetup& s);

}  // namespace pathbench::external
