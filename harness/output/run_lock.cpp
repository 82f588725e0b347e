#include "harness/output/run_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fmt/format.h>
#include <fstream>
#include <iterator>

#include "algorithms/core/input_error.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;

constexpr const char* kLockFile = "run.lock";
constexpr std::size_t kMaxHolderText = 400;

bool same_file(int fd, const fs::path& path) {
  struct stat a {}, b {};
  return ::fstat(fd, &a) == 0 && ::stat(path.c_str(), &b) == 0 && a.st_dev == b.st_dev &&
         a.st_ino == b.st_ino;
}

// This process's command line, NULs as spaces, cut to a readable length.
std::string own_command_line() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  while (!text.empty() && text.back() == '\0') text.pop_back();
  for (char& c : text)
    if (c == '\0') c = ' ';
  if (text.size() > kMaxHolderText) text = text.substr(0, kMaxHolderText) + " ...";
  return text;
}

std::string holder_text(int fd) {
  char buf[kMaxHolderText + 64];
  const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
  std::string text(buf, n > 0 ? static_cast<std::size_t>(n) : 0);
  if (const std::size_t nl = text.find('\n'); nl != std::string::npos) text.resize(nl);
  return text;
}

void write_holder(int fd) {
  const std::string text = fmt::format("pid {} ({})\n", ::getpid(), own_command_line());
  // Best effort: the lock is the flock; the text only names the holder in refusals.
  if (::ftruncate(fd, 0) == 0) {
    [[maybe_unused]] const ssize_t n = ::pwrite(fd, text.data(), text.size(), 0);
  }
}

}  // namespace

RunLock::RunLock(RunLock&& other) noexcept : fd_(other.fd_), dir_(std::move(other.dir_)) {
  other.fd_ = -1;
}

RunLock& RunLock::operator=(RunLock&& other) noexcept {
  if (this != &other) {
    release();
    fd_ = other.fd_;
    dir_ = std::move(other.dir_);
    other.fd_ = -1;
  }
  return *this;
}

RunLock::~RunLock() { release(); }

RunLock RunLock::acquire(const fs::path& dir, const std::string& field, Mode mode) {
  const fs::path path = dir / kLockFile;
  // A holder that lets go removes the file; a file locked after that is no longer the lock, so
  // such a (rare) race is retried with the new file.
  for (int attempt = 0; attempt < 100; ++attempt) {
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0) {
      const int err = errno;
      if (mode == Mode::Shared && (err == EACCES || err == EROFS || err == EPERM)) return {};
      throw InputError(dir.string(), 0, field,
                       fmt::format("cannot lock this directory ({}: {})", path.string(),
                                   std::strerror(err)));
    }
    const int how = (mode == Mode::Exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB;
    if (::flock(fd, how) != 0) {
      const int err = errno;
      const std::string holder = holder_text(fd);
      ::close(fd);
      if (err != EWOULDBLOCK)
        throw InputError(dir.string(), 0, field,
                         fmt::format("cannot lock {}: {}", path.string(), std::strerror(err)));
      throw InputError(
          dir.string(), 0, field,
          fmt::format("in use by another pathbench command ({}); wait for it to finish or stop "
                      "it, then try again",
                      holder.empty() ? "one that reads it" : holder));
    }
    if (!same_file(fd, path)) {
      ::close(fd);
      continue;
    }
    if (mode == Mode::Exclusive) write_holder(fd);
    return RunLock(fd, dir);
  }
  throw InputError(dir.string(), 0, field, "cannot lock this directory: its run.lock keeps "
                                           "changing");
}

void RunLock::release() {
  if (fd_ < 0) return;
  // Only the last holder removes the file: a shared holder tries to become the only one first.
  if (::flock(fd_, LOCK_EX | LOCK_NB) == 0 && same_file(fd_, dir_ / kLockFile))
    ::unlink((dir_ / kLockFile).c_str());
  ::close(fd_);
  fd_ = -1;
}

std::string run_lock_holder(const fs::path& dir) {
  const int fd = ::open((dir / kLockFile).c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) return {};
  std::string holder;
  if (::flock(fd, LOCK_SH | LOCK_NB) != 0) {
    holder = holder_text(fd);
    if (holder.empty()) holder = "another pathbench process";
  }
  ::close(fd);
  return holder;
}

}  // namespace pathbench
