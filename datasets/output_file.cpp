#include "datasets/output_file.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <streambuf>
#include <vector>

namespace pathbench {

std::string output_failure_message(const std::filesystem::path& path, int err, std::size_t bytes) {
  // 0 bytes: the file could not even be created (its size is not known yet).
  const std::string what = bytes > 0 ? fmt::format(" while writing {} bytes", bytes) : "";
  if (err == ENOSPC || err == EDQUOT)
    return fmt::format("cannot write {}: the disk is full ({}: {}){}", path.string(),
                       err == ENOSPC ? "ENOSPC" : "EDQUOT", std::strerror(err), what);
  return fmt::format("cannot write {}: {}{}", path.string(), std::strerror(err),
                     bytes > 0 ? " (" + what.substr(1) + ")" : "");
}

// A buffered stream onto a file descriptor that keeps the first errno. After a failure it goes
// on counting (and dropping) bytes, so the error can say how big the file was meant to be.
class AtomicOutputFile::FdBuf : public std::streambuf {
 public:
  explicit FdBuf(int fd) : fd_(fd), buffer_(64 * 1024) { reset(); }
  int error() const { return err_; }
  std::size_t bytes() const { return counted_ + static_cast<std::size_t>(pptr() - pbase()); }
  bool drain() {
    const std::size_t n = static_cast<std::size_t>(pptr() - pbase());
    for (std::size_t done = 0; err_ == 0 && done < n;) {
      const ssize_t w = ::write(fd_, pbase() + done, n - done);
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0)
        err_ = w < 0 ? errno : EIO;
      else
        done += static_cast<std::size_t>(w);
    }
    counted_ += n;
    reset();
    return err_ == 0;
  }

 protected:
  int_type overflow(int_type c) override {
    drain();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  void reset() { setp(buffer_.data(), buffer_.data() + buffer_.size()); }
  int fd_;
  int err_ = 0;
  std::size_t counted_ = 0;
  std::vector<char> buffer_;
};

AtomicOutputFile::AtomicOutputFile(std::filesystem::path path) : path_(std::move(path)) {
  namespace fs = std::filesystem;
  std::error_code ec;
  // A symlink given by the user stays: the file it names is replaced, as writing through it did.
  fs::path target = path_;
  if (fs::is_symlink(fs::symlink_status(path_, ec))) {
    const fs::path resolved = fs::weakly_canonical(path_, ec);
    if (!ec) target = resolved;
  }
  // A device or FIFO (/dev/null, /dev/stdout, a pipe) cannot be replaced by a rename, and must
  // not be (as root, /dev/null would become a regular file): it is written in place.
  const fs::file_status st = fs::status(target, ec);
  in_place_ = fs::exists(st) && !fs::is_regular_file(st) && !fs::is_directory(st);
  target_ = in_place_ ? path_ : target;
  // `<name>.tmp` is the name run_directory.cpp recognises as ours when deciding whether a folder
  // holds only pathbench's files; O_NOFOLLOW keeps a planted symlink from redirecting the write.
  tmp_ = target_.string() + ".tmp";
  const int fd =
      in_place_ ? ::open(path_.c_str(), O_WRONLY | O_CLOEXEC)
                : ::open(tmp_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0666);
  if (fd < 0) throw OutputFileError(output_failure_message(path_, errno, 0));
  buf_ = std::make_unique<FdBuf>(fd);
  fd_ = fd;
  out_ = std::make_unique<std::ostream>(buf_.get());
}

AtomicOutputFile::~AtomicOutputFile() {
  if (committed_) return;
  if (fd_ >= 0) ::close(fd_);
  if (!in_place_) ::unlink(tmp_.c_str());
}

std::ostream& AtomicOutputFile::stream() { return *out_; }

void AtomicOutputFile::commit() {
  buf_->drain();
  int err = buf_->error();
  // Delayed allocation can report a full disk only here, so fsync and close are checked too.
  if (err == 0 && !in_place_ && ::fsync(fd_) != 0) err = errno;
  if (::close(fd_) != 0 && err == 0) err = errno;
  fd_ = -1;
  committed_ = true;  // from here on nothing is left for the destructor to undo
  if (in_place_) {
    if (err != 0) throw OutputFileError(output_failure_message(path_, err, buf_->bytes()));
    return;
  }
  if (err == 0 && ::rename(tmp_.c_str(), target_.c_str()) != 0) err = errno;
  if (err != 0) {
    ::unlink(tmp_.c_str());
    throw OutputFileError(output_failure_message(path_, err, buf_->bytes()) +
                          "; the previous file, if any, is unchanged");
  }
  // The rename itself survives a power cut only once the folder is synced; best effort.
  const std::string parent = target_.has_parent_path() ? target_.parent_path().string() : ".";
  if (const int dir = ::open(parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
}

void write_file_atomically(const std::filesystem::path& path, std::string_view content) {
  AtomicOutputFile file(path);
  file.stream().write(content.data(), static_cast<std::streamsize>(content.size()));
  file.commit();
}

}  // namespace pathbench
