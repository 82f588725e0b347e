// One shard of a `run --jobs` experiment as a child process of this binary: started in its own
// process group (so a terminal's Ctrl-C reaches the parent only, which passes it on once), pinned
// to one core, stdout and stderr appended to a log file, stdin from /dev/null.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

namespace pathbench {

// The cores this process may run on (sched_getaffinity), in increasing order.
std::vector<int> allowed_cpus();

// Starts `argv` (argv[0] = the program path) pinned to `cpu` (-1: not pinned). Throws
// std::runtime_error when fork fails; a failed exec shows as exit code 127 with a line in `log`.
pid_t start_shard_process(const std::vector<std::string>& argv, int cpu,
                          const std::filesystem::path& log);

// Exit code of a finished child as a shell reports it (128 + signal when killed).
int exit_code_of(int wait_status);

// The last `count` lines of a child's log, for the error that names it (empty when none).
std::vector<std::string> log_tail(const std::filesystem::path& log, std::size_t count = 5);

// The path of the running executable (/proc/self/exe resolved), for starting copies of it.
std::filesystem::path self_executable();

}  // namespace pathbench
