// A child process spoken to over pipes, one line at a time, with deadlines on everything: the
// transport of the external planner (POSIX fork/exec, no dependencies).
//
// The program runs directly (execv of argv, no shell: its exit status and signal are its own)
// under a supervisor process (supervisor.h) that ends everything the program started, even what
// left its process group, before it exits itself. stdin and stdout are pipes; stderr goes to a
// log file (appended, capped at external::kStderrLogCap) or, without one, is inherited. Writes are
// non-blocking (a child that never reads cannot stall pathbench once the pipe buffer is full) and
// SIGPIPE is blocked around them, so a child that has exited gives an error, not a dead pathbench.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

namespace pathbench {

class ChildProcess {
 public:
  using Clock = std::chrono::steady_clock;

  enum class Io { Ok, Timeout, Closed };

  ChildProcess() = default;
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  ~ChildProcess() { kill(); }

  // Starts argv[0] (found as external::resolve_program does) with `argv`, in `cwd` (empty =
  // inherit); `stderr_log` empty = inherit stderr. Returns an empty string once the program runs
  // (execv succeeded), otherwise why it could not start: a program that does not exist or cannot
  // be executed is said so here, not left to look like an exit status.
  std::string start(const std::vector<std::string>& argv, const std::filesystem::path& cwd,
                    const std::filesystem::path& stderr_log);

  bool running() const { return pid_ > 0; }
  // The program's own pid (not the supervisor's), while running; -1 otherwise.
  pid_t program_pid() const { return pid_ > 0 ? program_pid_ : -1; }

  // Writes all of `data` before `deadline`. Closed: the child closed its stdin (or exited).
  Io write_all(const std::string& data, Clock::time_point deadline);
  // Reads one line (without its '\n') before `deadline`. Closed: end of output before a full
  // line. A line longer than max_line gives Closed too, with *too_long set.
  Io read_line(std::string& line, Clock::time_point deadline, bool* too_long = nullptr);

  // Closes the child's stdin and waits up to `grace` for it to exit, then kills everything.
  void finish(std::chrono::duration<double> grace);
  // Has the supervisor SIGKILL the program and all it started, and waits until they are gone.
  // Idempotent.
  void kill();
  // After the child has closed its output: reaps it (waiting up to `grace`, then killing) and
  // describes how it ended ("exited with status 1", "killed by signal 11").
  std::string reap(std::chrono::duration<double> grace);

  static constexpr std::size_t kMaxLine = std::size_t{64} << 20;

 private:
  void close_fds();
  // Waits until `deadline` for the supervisor to exit (the program and everything it started being
  // gone then); true when it did, with the program's wait status in *status.
  bool wait_until(Clock::time_point deadline, int* status);
  // Reaps the supervisor (blocking) and reads the program's wait status from the report pipe.
  int collect();

  pid_t pid_ = -1;  // the supervisor
  pid_t program_pid_ = -1;
  int control_ = -1;     // closing it tells the supervisor to end everything
  int report_ = -1;      // external::Report messages from the supervisor
  int to_child_ = -1;    // the child's stdin
  int from_child_ = -1;  // the child's stdout
  std::string buffer_;   // bytes read past the last returned line
};

}  // namespace pathbench
