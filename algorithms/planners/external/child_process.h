// A child process spoken to over pipes, one line at a time, with deadlines on everything: the
// transport of the external planner (POSIX fork/exec, no dependencies).
//
// The command runs as `/bin/sh -c <command>` in its own process group, so kill() also ends
// whatever the shell started. stdin and stdout are pipes; stderr goes to a log file (appended)
// or, without one, is inherited. Writes are non-blocking (a child that never reads cannot stall
// pathbench once the pipe buffer is full) and SIGPIPE is blocked around them, so a child that has
// exited gives an error, not a dead pathbench.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <string>

namespace pathbench {

class ChildProcess {
 public:
  using Clock = std::chrono::steady_clock;

  enum class Io { Ok, Timeout, Closed };

  ChildProcess() = default;
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  ~ChildProcess() { kill(); }

  // Starts `command`. `cwd` empty = inherit; `stderr_log` empty = inherit stderr. Returns an
  // empty string on success, otherwise why it could not start (fork/pipe/log file failure; a
  // command that does not exist starts fine and exits with 127, like in a shell).
  std::string start(const std::string& command, const std::filesystem::path& cwd,
                    const std::filesystem::path& stderr_log);

  bool running() const { return pid_ > 0; }

  // Writes all of `data` before `deadline`. Closed: the child closed its stdin (or exited).
  Io write_all(const std::string& data, Clock::time_point deadline);
  // Reads one line (without its '\n') before `deadline`. Closed: end of output before a full
  // line. A line longer than max_line gives Closed too, with *too_long set.
  Io read_line(std::string& line, Clock::time_point deadline, bool* too_long = nullptr);

  // Closes the child's stdin and waits up to `grace` for it to exit, then kills the group.
  void finish(std::chrono::duration<double> grace);
  // SIGKILL to the process group, then reaps the child. Idempotent.
  void kill();
  // After the child has closed its output: reaps it (waiting up to `grace`, then killing) and
  // describes how it ended ("exited with status 1", "killed by signal 11").
  std::string reap(std::chrono::duration<double> grace);

  static constexpr std::size_t kMaxLine = std::size_t{64} << 20;

 private:
  void close_fds();
  // waitpid until `deadline`; true when reaped (status in *status).
  bool wait_until(Clock::time_point deadline, int* status);

  pid_t pid_ = -1;
  int to_child_ = -1;    // the child's stdin
  int from_child_ = -1;  // the child's stdout
  std::string buffer_;   // bytes read past the last returned line
};

}  // namespace pathbench
