#include "algorithms/planners/external/supervisor.h"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>

namespace pathbench::external {
namespace {

// Fixed descriptor numbers after renumbering, so the planner's fork knows which to keep.
constexpr int kIn = 0, kOut = 1, kLog = 2, kControl = 3, kReport = 4;

void write_all(int fd, const void* data, std::size_t size) {
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t n = ::write(fd, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    p += n;
    size -= static_cast<std::size_t>(n);
  }
}

void report(int kind, int value) {
  const Report r{kind, value};
  write_all(kReport, &r, sizeof r);
}

void set_default_signals() {
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  for (int s = 1; s < NSIG; ++s)
    if (s != SIGKILL && s != SIGSTOP) sigaction(s, &dfl, nullptr);
}

// The parent pid in /proc/<pid>/stat ("pid (comm) state ppid ..."; comm may hold ')' or spaces).
pid_t parent_of(const char* pid_text) {
  char path[64] = "/proc/";
  std::size_t n = std::strlen(path);
  for (const char* c = pid_text; *c && n + 6 < sizeof path; ++c) path[n++] = *c;
  std::memcpy(path + n, "/stat", 6);
  const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  char buf[1024];
  const ssize_t got = ::read(fd, buf, sizeof buf - 1);
  ::close(fd);
  if (got <= 0) return -1;
  buf[got] = '\0';
  const char* close_paren = std::strrchr(buf, ')');
  if (!close_paren || close_paren[1] == '\0' || close_paren[2] == '\0') return -1;
  const char* p = close_paren + 3;  // past ") S"
  while (*p == ' ') ++p;
  pid_t ppid = 0;
  for (; *p >= '0' && *p <= '9'; ++p) ppid = ppid * 10 + (*p - '0');
  return ppid;
}

// SIGKILL to every process whose parent is this one; returns how many were found.
int kill_children() {
  const int dir = ::open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return 0;
  const pid_t self = ::getpid();
  int found = 0;
  alignas(8) char buf[8192];
  for (;;) {
    const long n = ::syscall(SYS_getdents64, dir, buf, sizeof buf);
    if (n <= 0) break;
    for (long off = 0; off < n;) {
      const auto* d = reinterpret_cast<const dirent64*>(buf + off);
      off += d->d_reclen;
      if (d->d_name[0] < '1' || d->d_name[0] > '9') continue;
      if (parent_of(d->d_name) != self) continue;
      pid_t pid = 0;
      for (const char* c = d->d_name; *c; ++c) pid = pid * 10 + (*c - '0');
      ::kill(pid, SIGKILL);
      ++found;
    }
  }
  ::close(dir);
  return found;
}

// Kills the planner's group, then every descendant that left it: killed parents hand their
// children to this subreaper, so rounds go on until there is no child at all.
void kill_everything(pid_t planner_group) {
  ::kill(-planner_group, SIGKILL);
  for (;;) {
    const int found = kill_children();
    int status = 0;
    pid_t r;
    while ((r = ::waitpid(-1, &status, WNOHANG)) > 0) {
    }
    if (r < 0 && errno == ECHILD) return;
    if (found == 0) {
      // A child between its parent's death and its re-parenting: look again shortly.
      const timespec ms{0, 1'000'000};
      ::nanosleep(&ms, nullptr);
    }
  }
}

// Copies what is readable on the stderr pipe to the log, within the cap. False at end of file.
bool carry_stderr(int from, std::uint64_t& room, bool& noted) {
  char chunk[65536];
  const ssize_t n = ::read(from, chunk, sizeof chunk);
  if (n < 0) return errno == EINTR || errno == EAGAIN;
  if (n == 0) return false;
  const std::uint64_t keep =
      static_cast<std::uint64_t>(n) < room ? static_cast<std::uint64_t>(n) : room;
  write_all(kLog, chunk, keep);
  room -= keep;
  if (keep < static_cast<std::uint64_t>(n) && !noted) {
    static const char note[] =
        "\n[pathbench: this log reached its cap of 4194304 bytes; whatever the planner wrote to "
        "stderr after this point was discarded]\n";
    static_assert(kStderrLogCap == 4194304, "the note states the cap");
    write_all(kLog, note, sizeof note - 1);
    noted = true;
  }
  return true;
}

}  // namespace

void run_supervisor(const SupervisorSetup& s) {
  ::setsid();  // away from pathbench's terminal signals and process group
  const bool has_log = s.log_fd >= 0;
  const int wanted[5] = {s.planner_stdin, s.planner_stdout, has_log ? s.log_fd : STDERR_FILENO,
                         s.control, s.report};
  int high[5];
  for (int i = 0; i < 5; ++i) high[i] = ::fcntl(wanted[i], F_DUPFD, 16);
  for (int i = 0; i < 5; ++i) ::dup2(high[i], i);
  ::close_range(5, ~0U, 0);  // pathbench's own ends of the pipes included: EOF must work

  set_default_signals();
  struct sigaction ign {};
  ign.sa_handler = SIG_IGN;
  sigaction(SIGPIPE, &ign, nullptr);  // pathbench gone: the report write just fails
  sigset_t chld;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  sigprocmask(SIG_SETMASK, &chld, nullptr);
  const int sigfd = ::signalfd(-1, &chld, SFD_CLOEXEC | SFD_NONBLOCK);
  int err_pipe[2] = {-1, -1}, exec_pipe[2] = {-1, -1};
  if (::prctl(PR_SET_CHILD_SUBREAPER, 1) != 0 || sigfd < 0 ||
      (has_log && ::pipe2(err_pipe, O_CLOEXEC) != 0) || ::pipe2(exec_pipe, O_CLOEXEC) != 0) {
    report(Report::SetupFailed, errno);
    ::_exit(1);
  }

  const pid_t planner = ::fork();
  if (planner < 0) {
    report(Report::SetupFailed, errno);
    ::_exit(1);
  }
  if (planner == 0) {
    ::setpgid(0, 0);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    set_default_signals();
    if (has_log) ::dup2(err_pipe[1], STDERR_FILENO);
    const int keep = exec_pipe[1];  // close-on-exec: tells the supervisor whether execv worked
    ::close_range(3, static_cast<unsigned>(keep - 1), 0);
    ::close_range(static_cast<unsigned>(keep + 1), ~0U, 0);
    int e = 0;
    if (s.dir[0] != '\0' && ::chdir(s.dir) != 0) {
      e = errno;
    } else {
      ::execv(s.program, s.argv);
      e = errno;
    }
    write_all(keep, &e, sizeof e);
    ::_exit(127);
  }
  ::close(kIn);
  ::close(kOut);
  ::close(exec_pipe[1]);
  if (has_log) ::close(err_pipe[1]);
  int exec_errno = 0;
  ssize_t got;
  while ((got = ::read(exec_pipe[0], &exec_errno, sizeof exec_errno)) < 0 && errno == EINTR) {
  }
  ::close(exec_pipe[0]);
  if (got > 0) {
    kill_everything(planner);
    report(Report::ExecFailed, exec_errno);
    ::_exit(0);
  }
  report(Report::Started, planner);

  std::uint64_t room = 0;
  bool noted = false;
  if (has_log) {
    struct stat st {};
    const std::uint64_t size = ::fstat(kLog, &st) == 0 ? static_cast<std::uint64_t>(st.st_size) : 0;
    room = size < kStderrLogCap ? kStderrLogCap - size : 0;
    noted = room == 0;  // a full log already ends with the note
  }
  int err_fd = has_log ? err_pipe[0] : -1;
  int planner_status = 0;
  bool planner_ended = false, stop = false;
  while (!planner_ended && !stop) {
    pollfd p[3] = {{kControl, POLLIN, 0}, {sigfd, POLLIN, 0}, {err_fd, POLLIN, 0}};
    if (::poll(p, err_fd >= 0 ? 3 : 2, -1) < 0) continue;  // EINTR
    if (p[0].revents) stop = true;  // pathbench never writes: readable means closed
    if (p[1].revents) {
      signalfd_siginfo info;
      while (::read(sigfd, &info, sizeof info) > 0) {
      }
      int status = 0;
      pid_t r;
      while ((r = ::waitpid(-1, &status, WNOHANG)) > 0)
        if (r == planner) {
          planner_status = status;
          planner_ended = true;
        }
    }
    if (err_fd >= 0 && p[2].revents && !carry_stderr(err_fd, room, noted)) {
      ::close(err_fd);
      err_fd = -1;
    }
  }
  kill_everything(planner);
  // Every writer of the stderr pipe is dead now: what is left in it ends with end of file.
  while (err_fd >= 0 && carry_stderr(err_fd, room, noted)) {
  }
  if (!planner_ended) planner_status = SIGKILL;  // as a wait status: killed by SIGKILL
  report(Report::Ended, planner_status);
  ::_exit(0);
}

}  // namespace pathbench::external
