// Runs a program to completion without a shell: argv[0] is the program's path and every
// argument reaches it as one word, whatever quotes, spaces or `$` it holds.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace pathbench::cli {

struct ProgramExit {
  bool started = false;  // false: posix_spawn failed (see `problem`)
  int status = -1;       // exit status, or 128 + signal
  std::string problem;   // empty when it started and exited 0; else why not, in words
};

// Spawns argv[0] (a path, not looked up in PATH) with the environment of this process; with
// `stdout_to_stderr` its standard output goes to our stderr (so it cannot mix with what we print
// on stdout). Waits for it.
ProgramExit run_program(const std::vector<std::string>& argv, bool stdout_to_stderr);

// The same with stdin from /dev/null and stdout and stderr appended to `log` (created if
// needed): for children whose chatter is kept for a post-mortem, not shown.
ProgramExit run_program_logged(const std::vector<std::string>& argv,
                               const std::filesystem::path& log);

}  // namespace pathbench::cli
