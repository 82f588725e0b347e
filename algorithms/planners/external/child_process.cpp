#include "algorithms/planners/external/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>

namespace pathbench {
namespace {

// Milliseconds left until `deadline`, rounded up, for poll(); 0 once it has passed.
int poll_ms(ChildProcess::Clock::time_point deadline) {
  const auto left = deadline - ChildProcess::Clock::now();
  if (left <= ChildProcess::Clock::duration::zero()) return 0;
  const auto ms = std::chrono::ceil<std::chrono::milliseconds>(left).count();
  return ms > 1'000'000'000 ? 1'000'000'000 : static_cast<int>(ms);
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// Blocks SIGPIPE for its lifetime; a SIGPIPE raised meanwhile is discarded, not delivered.
class SigpipeBlock {
 public:
  SigpipeBlock() {
    sigemptyset(&set_);
    sigaddset(&set_, SIGPIPE);
    sigset_t pending;
    sigpending(&pending);
    was_pending_ = sigismember(&pending, SIGPIPE) == 1;
    pthread_sigmask(SIG_BLOCK, &set_, &old_);
  }
  ~SigpipeBlock() {
    if (!was_pending_) {
      const timespec zero{0, 0};
      while (sigtimedwait(&set_, nullptr, &zero) == SIGPIPE) {
      }
    }
    pthread_sigmask(SIG_SETMASK, &old_, nullptr);
  }
  SigpipeBlock(const SigpipeBlock&) = delete;
  SigpipeBlock& operator=(const SigpipeBlock&) = delete;

 private:
  sigset_t set_, old_;
  bool was_pending_ = false;
};

std::string describe_wait_status(int status) {
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    const char* name = strsignal(sig);
    return "killed by signal " + std::to_string(sig) + (name ? std::string(" (") + name + ")" : "");
  }
  return "ended (wait status " + std::to_string(status) + ")";
}

}  // namespace

std::string ChildProcess::start(const std::string& command, const std::filesystem::path& cwd,
                                const std::filesystem::path& stderr_log) {
  kill();
  buffer_.clear();
  int in_pipe[2], out_pipe[2];
  if (pipe2(in_pipe, O_CLOEXEC) != 0) return std::string("pipe: ") + std::strerror(errno);
  if (pipe2(out_pipe, O_CLOEXEC) != 0) {
    const int e = errno;
    ::close(in_pipe[0]);
    ::close(in_pipe[1]);
    return std::string("pipe: ") + std::strerror(e);
  }
  int log_fd = -1;
  if (!stderr_log.empty()) {
    log_fd = ::open(stderr_log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (log_fd < 0) {
      const int e = errno;
      for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1]}) ::close(fd);
      return "cannot open " + stderr_log.string() + ": " + std::strerror(e);
    }
  }
  // Everything the child needs is prepared before fork: after it, only async-signal-safe calls.
  const std::string dir = cwd.string();
  const pid_t pid = fork();
  if (pid < 0) {
    const int e = errno;
    for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1], log_fd})
      if (fd >= 0) ::close(fd);
    return std::string("fork: ") + std::strerror(e);
  }
  if (pid == 0) {
    setpgid(0, 0);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    signal(SIGPIPE, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    dup2(in_pipe[0], STDIN_FILENO);
    dup2(out_pipe[1], STDOUT_FILENO);
    if (log_fd >= 0) dup2(log_fd, STDERR_FILENO);
    // Nothing else of pathbench's (runs.csv, other planners' pipes) leaks into the program.
    if (close_range(3, ~0U, 0) != 0)
      for (int fd = 3; fd < 1024; ++fd) ::close(fd);
    if (!dir.empty() && chdir(dir.c_str()) != 0) {
      static const char msg[] = "pathbench: cannot enter the working directory\n";
      [[maybe_unused]] const ssize_t n = ::write(STDERR_FILENO, msg, sizeof msg - 1);
      _exit(127);
    }
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  setpgid(pid, pid);  // also here, so kill() works even before the child ran setpgid itself
  ::close(in_pipe[0]);
  ::close(out_pipe[1]);
  if (log_fd >= 0) ::close(log_fd);
  pid_ = pid;
  to_child_ = in_pipe[1];
  from_child_ = out_pipe[0];
  fcntl(to_child_, F_SETFL, fcntl(to_child_, F_GETFL) | O_NONBLOCK);
  return {};
}

ChildProcess::Io ChildProcess::write_all(const std::string& data, Clock::time_point deadline) {
  if (to_child_ < 0) return Io::Closed;
  const SigpipeBlock block;
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(to_child_, data.data() + done, data.size() - done);
    if (n > 0) {
      done += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) return Io::Closed;  // EPIPE
    pollfd p{to_child_, POLLOUT, 0};
    const int r = poll(&p, 1, poll_ms(deadline));
    if (r < 0 && errno == EINTR) continue;
    if (r == 0) return Io::Timeout;
    if (r < 0 || (p.revents & (POLLERR | POLLHUP))) return Io::Closed;
  }
  return Io::Ok;
}

ChildProcess::Io ChildProcess::read_line(std::string& line, Clock::time_point deadline,
                                         bool* too_long) {
  if (too_long) *too_long = false;
  if (from_child_ < 0) return Io::Closed;
  std::size_t scanned = 0;
  char chunk[65536];
  for (;;) {
    const std::size_t nl = buffer_.find('\n', scanned);
    if (nl != std::string::npos) {
      line.assign(buffer_, 0, nl);
      buffer_.erase(0, nl + 1);
      return Io::Ok;
    }
    scanned = buffer_.size();
    if (buffer_.size() > kMaxLine) {
      if (too_long) *too_long = true;
      return Io::Closed;
    }
    pollfd p{from_child_, POLLIN, 0};
    const int r = poll(&p, 1, poll_ms(deadline));
    if (r < 0 && errno == EINTR) continue;
    if (r == 0) return Io::Timeout;
    if (r < 0) return Io::Closed;
    const ssize_t n = ::read(from_child_, chunk, sizeof chunk);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) return Io::Closed;
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

bool ChildProcess::wait_until(Clock::time_point deadline, int* status) {
  for (;;) {
    // WNOWAIT: the exited child stays a zombie, so its process group id cannot be reused before
    // the group is killed below.
    siginfo_t info{};
    if (waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
        info.si_pid == pid_) {
      killpg(pid_, SIGKILL);  // anything the command left behind in its group
      waitpid(pid_, status, 0);
      pid_ = -1;
      return true;
    }
    if (Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

void ChildProcess::finish(std::chrono::duration<double> grace) {
  if (pid_ <= 0) return close_fds();
  close_fd(to_child_);  // EOF on the child's stdin
  int status = 0;
  const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(grace);
  if (!wait_until(deadline, &status)) kill();
  close_fds();
}

std::string ChildProcess::reap(std::chrono::duration<double> grace) {
  if (pid_ <= 0) {
    close_fds();
    return "ended";
  }
  close_fd(to_child_);
  int status = 0;
  const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(grace);
  std::string how;
  if (wait_until(deadline, &status)) {
    how = describe_wait_status(status);
  } else {
    how = "closed its output but did not exit; killed";
    kill();
  }
  close_fds();
  return how;
}

void ChildProcess::kill() {
  if (pid_ > 0) {
    killpg(pid_, SIGKILL);
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
  }
  close_fds();
}

void ChildProcess::close_fds() {
  close_fd(to_child_);
  close_fd(from_child_);
  buffer_.clear();
}

}  // namespace pathbench
