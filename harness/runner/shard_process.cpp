#include "harness/runner/shard_process.h"

#include <fcntl.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fstream>
#include <stdexcept>

namespace pathbench {

std::vector<int> allowed_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  std::vector<int> cpus;
  if (sched_getaffinity(0, sizeof(set), &set) == 0)
    for (int c = 0; c < CPU_SETSIZE; ++c)
      if (CPU_ISSET(c, &set)) cpus.push_back(c);
  return cpus;
}

pid_t start_shard_process(const std::vector<std::string>& argv, int cpu,
                          const std::filesystem::path& log) {
  // Everything the child needs is prepared before fork: between fork and exec only
  // async-signal-safe calls are allowed.
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const std::string log_path = log.string();
  cpu_set_t set;
  CPU_ZERO(&set);
  if (cpu >= 0) CPU_SET(cpu, &set);

  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0)
    throw std::runtime_error(std::string("cannot start a shard process: ") + std::strerror(errno));
  if (pid > 0) return pid;
  setpgid(0, 0);
  // A shard is in its own process group, so a terminal's Ctrl-C reaches only the parent, which
  // passes it on. If the parent dies without passing anything on (kill -9, OOM killer), the
  // kernel sends the shard SIGTERM, which stops it as resumably as a forwarded one: otherwise it
  // would run on unseen, holding its lock against the `--resume` the parent told the user to run.
  // (It follows the forking thread: parallel_run starts every shard from the thread that waits.)
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (getppid() != parent) _exit(143);  // the parent died before prctl took effect
  const int out = open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  const int in = open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (out < 0 || in < 0) _exit(127);
  dup2(in, 0);
  dup2(out, 1);
  dup2(out, 2);
  if (cpu >= 0) sched_setaffinity(0, sizeof(set), &set);
  execv(args[0], args.data());
  static const char msg[] = "pathbench: cannot execute the shard process\n";
  [[maybe_unused]] const ssize_t w = write(2, msg, sizeof(msg) - 1);
  _exit(127);
}

int exit_code_of(int status) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return 1;
}

std::filesystem::path self_executable() {
  std::error_code ec;
  std::filesystem::path p = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) throw std::runtime_error("cannot find the pathbench executable (/proc/self/exe)");
  return p;
}

std::vector<std::string> log_tail(const std::filesystem::path& log, std::size_t count) {
  std::ifstream in(log);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    lines.push_back(line);
    if (lines.size() > count) lines.erase(lines.begin());
  }
  return lines;
}

}  // namespace pathbench
