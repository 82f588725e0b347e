// A full disk on demand, for tests of what pathbench leaves behind when writes fail: LD_PRELOAD
// this library and write()/writev() to files whose path contains PATHBENCH_ENOSPC_MATCH fail
// with ENOSPC, as on a full disk. Optional:
//   PATHBENCH_ENOSPC_AFTER=N  the first N bytes (over all matching files) still succeed, so a
//                             file can be cut part way, as when the disk fills during a write;
//   PATHBENCH_ENOSPC_FSYNC=1  write() succeeds and fsync() fails instead (delayed allocation:
//                             some filesystems report a full disk only there).
// Other files (the lock's pwrite, stdout) are untouched. A mounted small tmpfs would be the real
// thing, but mounting needs root, which CI does not have.
#include <dlfcn.h>
#include <sys/uio.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

bool matches(int fd) {
  const char* pattern = std::getenv("PATHBENCH_ENOSPC_MATCH");
  if (pattern == nullptr || *pattern == '\0') return false;
  char link[64];
  std::snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  char target[4096];
  const ssize_t n = ::readlink(link, target, sizeof target - 1);
  if (n <= 0) return false;
  target[n] = '\0';
  return std::strstr(target, pattern) != nullptr;
}

bool fail_fsync_instead() {
  const char* v = std::getenv("PATHBENCH_ENOSPC_FSYNC");
  return v != nullptr && std::strcmp(v, "1") == 0;
}

// How many of `want` bytes may still be written to matching files.
std::size_t grant(std::size_t want) {
  static std::atomic<long long> left{[] {
    const char* v = std::getenv("PATHBENCH_ENOSPC_AFTER");
    return v ? std::atoll(v) : 0LL;
  }()};
  long long now = left.load();
  for (;;) {
    const long long take = now < static_cast<long long>(want) ? now : static_cast<long long>(want);
    if (take <= 0) return 0;
    if (left.compare_exchange_weak(now, now - take)) return static_cast<std::size_t>(take);
  }
}

template <class Fn>
Fn next(const char* name) {
  return reinterpret_cast<Fn>(::dlsym(RTLD_NEXT, name));
}

}  // namespace

extern "C" ssize_t write(int fd, const void* buf, size_t count) {
  static const auto real = next<ssize_t (*)(int, const void*, size_t)>("write");
  if (count > 0 && !fail_fsync_instead() && matches(fd)) {
    count = grant(count);
    if (count == 0) {
      errno = ENOSPC;
      return -1;
    }
  }
  return real(fd, buf, count);
}

// libstdc++'s filebuf writes its buffer and the new data in one writev().
extern "C" ssize_t writev(int fd, const struct iovec* iov, int iovcnt) {
  static const auto real = next<ssize_t (*)(int, const struct iovec*, int)>("writev");
  if (iovcnt > 0 && !fail_fsync_instead() && matches(fd)) {
    for (int i = 0; i < iovcnt; ++i)
      if (iov[i].iov_len > 0) return write(fd, iov[i].iov_base, iov[i].iov_len);
  }
  return real(fd, iov, iovcnt);
}

extern "C" int fsync(int fd) {
  static const auto real = next<int (*)(int)>("fsync");
  if (fail_fsync_instead() && matches(fd)) {
    errno = ENOSPC;
    return -1;
  }
  return real(fd);
}
