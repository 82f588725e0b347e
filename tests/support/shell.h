// File and process helpers for tests that drive the `pathbench` binary: read/write whole files,
// quote for /bin/sh, and run a shell command capturing exit code, stdout and stderr.
#pragma once

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "harness/text/escape.h"

extern char** environ;

namespace pathbench::testing {

struct CommandResult {
  int code = -1;  // exit status, or 128 + signal
  std::string out, err;
};

inline std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Returns false when the file could not be written.
inline bool write_text(const std::filesystem::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
  return out.good();
}

// Spelled testing::shell_quote in the tests.
using pathbench::shell_quote;

// `exe` then `args` as one /bin/sh command line, every word quoted.
inline std::string command_line(const std::string& exe, const std::vector<std::string>& args) {
  std::string cmd = shell_quote(exe);
  for (const std::string& a : args) cmd += " " + shell_quote(a);
  return cmd;
}

// Runs `command` with /bin/sh in `cwd`, stdin from /dev/null; stdout and stderr are captured
// through files in `capture_dir` (which must exist and may differ from cwd, so that a test can
// assert that nothing else appeared in cwd).
inline CommandResult run_shell(const std::filesystem::path& cwd, const std::string& command,
                               const std::filesystem::path& capture_dir) {
  const std::filesystem::path out = capture_dir / "stdout", err = capture_dir / "stderr";
  const std::string cmd = "cd " + shell_quote(cwd.string()) + " && " + command + " >" +
                          shell_quote(out.string()) + " 2>" + shell_quote(err.string()) +
                          " </dev/null";
  const int status = std::system(cmd.c_str());
  CommandResult r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = read_text(out);
  r.err = read_text(err);
  return r;
}

// Starts `exe` with `args` (no shell), stdin /dev/null, stdout and stderr to `capture_dir`/stdout
// and /stderr; returns the pid (-1 on failure). For tests that signal a running process.
inline pid_t spawn_process(const std::filesystem::path& capture_dir, const std::string& exe,
                           const std::vector<std::string>& args) {
  std::vector<std::string> words = {exe};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  const std::string out = (capture_dir / "stdout").string(),
                    err = (capture_dir / "stderr").string();
  posix_spawn_file_actions_addopen(&fa, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&fa, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid = -1;
  const int rc = posix_spawn(&pid, argv[0], &fa, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  return rc == 0 ? pid : -1;
}

// Waits for a process started by spawn_process and collects what it printed.
inline CommandResult wait_process(const std::filesystem::path& capture_dir, pid_t pid) {
  CommandResult r;
  int status = 0;
  if (pid > 0 && waitpid(pid, &status, 0) == pid)
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = read_text(capture_dir / "stdout");
  r.err = read_text(capture_dir / "stderr");
  return r;
}

}  // namespace pathbench::testing
