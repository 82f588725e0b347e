#include "harness/cli_support/child_program.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

#include <cerrno>
#include <cstring>

extern char** environ;

namespace pathbench::cli {
namespace {

// Spawns with the prepared file actions and waits.
ProgramExit spawn_and_wait(const std::vector<std::string>& argv,
                           posix_spawn_file_actions_t& actions) {
  ProgramExit exit;
  std::vector<std::string> words = argv;
  std::vector<char*> args;
  for (std::string& w : words) args.push_back(w.data());
  args.push_back(nullptr);
  pid_t pid = -1;
  const int rc = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
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

}  // namespace

ProgramExit run_program(const std::vector<std::string>& argv, bool stdout_to_stderr) {
  if (argv.empty()) return {false, -1, "no program given"};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (stdout_to_stderr) posix_spawn_file_actions_adddup2(&actions, 2, 1);
  ProgramExit exit = spawn_and_wait(argv, actions);
  posix_spawn_file_actions_destroy(&actions);
  return exit;
}

ProgramExit run_program_logged(const std::vector<std::string>& argv,
                               const std::filesystem::path& log) {
  if (argv.empty()) return {false, -1, "no program given"};
  const std::string log_path = log.string();
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND,
                                   0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  ProgramExit exit = spawn_and_wait(argv, actions);
  posix_spawn_file_actions_destroy(&actions);
  return exit;
}

}  // namespace pathbench::cli
