#include "algorithms/planners/external/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>

#include "algorithms/planners/external/command_words.h"
#include "algorithms/planners/external/supervisor.h"

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

// One whole Report (blocking; the supervisor writes each in one write()). False at end of file.
bool read_report(int fd, external::Report& r) {
  for (;;) {
    const ssize_t n = ::read(fd, &r, sizeof r);
    if (n < 0 && errno == EINTR) continue;
    return n == static_cast<ssize_t>(sizeof r);
  }
}

}  // namespace

std::string ChildProcess::start(const std::vector<std::string>& argv,
                                const std::filesystem::path& cwd,
                                const std::filesystem::path& stderr_log) {
  kill();
  buffer_.clear();
  if (argv.empty()) return "no program given";
  std::string why;
  const std::string program = external::resolve_program(argv[0], cwd, &why);
  if (program.empty()) return why;
  // Everything the supervisor needs is prepared before fork: after it, only system calls.
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const std::string dir = cwd.string();

  int fds[8];  // stdin, stdout, control, report pipes: [read, write] each
  for (int i = 0; i < 4; ++i)
    if (pipe2(fds + 2 * i, O_CLOEXEC) != 0) {
      const int e = errno;
      for (int j = 0; j < 2 * i; ++j) ::close(fds[j]);
      return std::string("pipe: ") + std::strerror(e);
    }
  const auto close_all = [&] {
    for (int fd : fds) ::close(fd);
  };
  int log_fd = -1;
  if (!stderr_log.empty()) {
    log_fd = ::open(stderr_log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (log_fd < 0) {
      const int e = errno;
      close_all();
      return "cannot open " + stderr_log.string() + ": " + std::strerror(e);
    }
  }
  external::SupervisorSetup setup;
  setup.program = program.c_str();
  setup.argv = args.data();
  setup.dir = dir.c_str();
  setup.planner_stdin = fds[0];
  setup.planner_stdout = fds[3];
  setup.log_fd = log_fd;
  setup.control = fds[4];
  setup.report = fds[7];
  const pid_t pid = fork();
  if (pid < 0) {
    const int e = errno;
    close_all();
    if (log_fd >= 0) ::close(log_fd);
    return std::string("fork: ") + std::strerror(e);
  }
  if (pid == 0) external::run_supervisor(setup);
  for (int fd : {fds[0], fds[3], fds[4], fds[7], log_fd})
    if (fd >= 0) ::close(fd);
  pid_ = pid;
  to_child_ = fds[1];
  from_child_ = fds[2];
  control_ = fds[5];
  report_ = fds[6];
  fcntl(to_child_, F_SETFL, fcntl(to_child_, F_GETFL) | O_NONBLOCK);
  // The first report says whether execv ran the program; a failure there is no exit status.
  external::Report r;
  if (!read_report(report_, r)) r = {external::Report::SetupFailed, 0};
  if (r.kind == external::Report::Started) {
    program_pid_ = r.value;
    return {};
  }
  kill();
  const std::string what = r.kind == external::Report::ExecFailed
                               ? "cannot execute '" + program + "'"
                               : std::string("cannot set up the process");
  return r.value != 0 ? what + ": " + std::strerror(r.value) : what;
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
    siginfo_t info{};
    if (waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
        info.si_pid == pid_) {
      *status = collect();
      return true;
    }
    if (Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

int ChildProcess::collect() {
  int ignored = 0;
  while (waitpid(pid_, &ignored, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
  // The last report is the program's end; anything before it (Started) is skipped.
  external::Report r, last{external::Report::Ended, SIGKILL};
  while (read_report(report_, r))
    if (r.kind == external::Report::Ended) last = r;
  close_fd(report_);
  close_fd(control_);
  return last.value;
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
    close_fd(control_);  // the supervisor kills the program and all it started, then exits
    collect();
  }
  close_fds();
}

void ChildProcess::close_fds() {
  close_fd(to_child_);
  close_fd(from_child_);
  buffer_.clear();
}

}  // namespace pathbench
