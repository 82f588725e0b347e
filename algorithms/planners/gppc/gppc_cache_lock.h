// Serialises the processes that make one cached artefact (an entry's build, a map's index), so
// that the shards of a `--jobs` run, or two runs sharing the cache, make it once: the second
// waits for the first and then finds its result instead of repeating minutes of compiling or
// PreprocessMap. The lock is flock(2) on <cache>/locks/<artefact>.lock, so it dies with its
// process (a kill -9 leaves nothing to clear). Without a lock file (a read-only cache) the
// callers still work: their results are published by rename, and the first rename wins.
#pragma once

#include <filesystem>
#include <functional>

namespace pathbench::gppc {

class CacheLock {
 public:
  CacheLock() = default;
  CacheLock(CacheLock&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  CacheLock& operator=(CacheLock&&) = delete;
  CacheLock(const CacheLock&) = delete;
  CacheLock& operator=(const CacheLock&) = delete;
  ~CacheLock();

  // Waits for the exclusive lock of `path`, polling every 100 ms and asking `give_up` between
  // polls (null: wait as long as it takes). Unheld when given up or when no lock file can be made.
  static CacheLock wait(const std::filesystem::path& path,
                        const std::function<bool()>& give_up = nullptr);

  bool held() const { return fd_ >= 0; }

 private:
  explicit CacheLock(int fd) : fd_(fd) {}
  int fd_ = -1;
};

}  // namespace pathbench::gppc
