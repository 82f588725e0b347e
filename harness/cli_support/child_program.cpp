#include "harness/cli_support/child_program.h"

#include <spawn.h>
#include <sys/wait.h>

#include <cerrno>
#include <cstring>

extern char** environ;

namespace pathbench::cli {

ProgramExit run_program(const std::vector<std::string>& argv, bool stdout_to_stderr) {
  ProgramExit exit;
  if (argv.empty()) {
    exit.problem = "no program given";
    return exit;
  }
  std::vector<std::string> words = argv;
  std::vector<char*> args;
  for (std::string& w : words) args.push_back(w.data());
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (stdout_to_stderr) posix_spawn_file_actions_adddup2(&actions, 2, 1);
  pid_t pid = -1;
  const int rc = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) {
    exit.problem = "cannot start " + argv[0] + ": " + std::strerror(rc);
    return exit;
  }
  exit.started = true;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) {
      exit.problem = std::string("waitpid failed: ") + std::strerror(errno);
      return exit;
    }
  exit.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  if (WIFSIGNALED(status))
    exit.problem = "killed by signal " + std::to_string(WTERMSIG(status));
  else if (exit.status != 0)
    exit.problem = "exited with status " + std::to_string(exit.status);
  return exit;
}

}  // namespace pathbench::cli
