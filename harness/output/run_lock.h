// The one lock on a results directory. Every command that writes one (run, resume, `--jobs`,
// merge, report, `--overwrite`) holds an exclusive lock on it for as long as it writes; merge
// holds shared locks on its inputs while it reads them. The lock is flock(2) on DIR/run.lock:
// it belongs to an open file description, so it dies with the process (a kill -9 leaves
// nothing to clear by hand), and it follows the directory through a rename (`X.partial` -> `X`).
//
// A command that finds the lock held is refused at once (no waiting) with the holder's pid and
// command line, which the holder writes into run.lock. The last holder removes run.lock when it
// lets go, so a finished directory holds no lock file; acquire() checks that the file it locked
// is still the one at DIR/run.lock, so removing it cannot let two holders in.
#pragma once

#include <filesystem>
#include <string>

namespace pathbench {

class RunLock {
 public:
  enum class Mode { Exclusive, Shared };

  RunLock() = default;
  RunLock(RunLock&& other) noexcept;
  RunLock& operator=(RunLock&& other) noexcept;
  RunLock(const RunLock&) = delete;
  RunLock& operator=(const RunLock&) = delete;
  ~RunLock();

  // Locks the existing directory `dir`. Throws InputError(dir, `field`) naming the holder when
  // another process (or another RunLock in this one) holds it in a conflicting mode, or when the
  // lock file cannot be made. A shared lock of a directory that cannot be written (read-only
  // storage of finished runs) is returned unheld: nothing can write there either.
  static RunLock acquire(const std::filesystem::path& dir, const std::string& field,
                         Mode mode = Mode::Exclusive);

  bool held() const { return fd_ >= 0; }
  const std::filesystem::path& dir() const { return dir_; }

  // The locked directory was renamed to `dir` (publishing `X.partial` as `X`).
  void moved_to(const std::filesystem::path& dir) { dir_ = dir; }
  // Lets go; removes run.lock unless another process still holds it shared.
  void release();

 private:
  RunLock(int fd, std::filesystem::path dir) : fd_(fd), dir_(std::move(dir)) {}

  int fd_ = -1;
  std::filesystem::path dir_;
};

// "pid N (pathbench run ...)" of the process holding `dir`'s lock, or empty when nobody does.
std::string run_lock_holder(const std::filesystem::path& dir);

}  // namespace pathbench
