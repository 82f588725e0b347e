// File and process helpers for tests that drive the `pathbench` binary: read/write whole files,
// quote for /bin/sh, and run a shell command capturing exit code, stdout and stderr.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

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

// Single-quotes `s` for /bin/sh.
inline std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
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

}  // namespace pathbench::testing
