#include "algorithms/planners/gppc/gppc_cache_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <system_error>
#include <thread>

namespace pathbench::gppc {

CacheLock::~CacheLock() {
  if (fd_ >= 0) ::close(fd_);
}

CacheLock CacheLock::wait(const std::filesystem::path& path, const std::function<bool()>& give_up) {
  std::error_code ec;
  std::filesystem::create_directories(path.parent_path(), ec);
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
  if (fd < 0) {
    return {};
  }
  while (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    if (errno != EWOULDBLOCK || (give_up && give_up())) {
      ::close(fd);
      return {};
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return CacheLock(fd);
}

}  // namespace pathbench::gppc
