// The one way pathbench writes a whole output file (summaries, meta.json, report.html, LaTeX
// tables, plot data, DIMACS files, generated maps and scenarios): the content goes to
// `<file>.tmp` in the same folder, is flushed and fsync'ed, and only then renamed over `<file>`.
// A full disk, a kill or a crash therefore leaves the previous file byte-identical (or no file),
// never a short or empty one where a good one was. It lives in the datasets library, the lowest
// one that writes files, so that `gen` and the harness share it.
//
// Files appended to while a run goes (runs.csv, paths.jsonl) are not written this way: they are
// resumable by design. Their failures are still reported with output_failure_message.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>

namespace pathbench {

// A file could not be written; what() names it and the cause.
class OutputFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// "cannot write FILE: ..." for a failure with errno `err` while writing `bytes` bytes (0: while
// creating it); ENOSPC says the disk is full.
std::string output_failure_message(const std::filesystem::path& path, int err, std::size_t bytes);

// A symlink is followed (the link stays, the file it names is replaced); a device or FIFO
// (/dev/null, a pipe) is written in place, since a rename cannot replace it.
//
// A file written as a stream (too big to build in memory first, e.g. DIMACS graphs) and
// published by commit(). Until then `path` is untouched; destroying it uncommitted (an exception
// on the way) removes the temporary file.
class AtomicOutputFile {
 public:
  // Opens `<path>.tmp`; throws OutputFileError.
  explicit AtomicOutputFile(std::filesystem::path path);
  ~AtomicOutputFile();
  AtomicOutputFile(const AtomicOutputFile&) = delete;
  AtomicOutputFile& operator=(const AtomicOutputFile&) = delete;

  // Write errors are remembered (with errno) and reported by commit(), which knows the size.
  std::ostream& stream();
  // Flushes, fsyncs and renames over `path`; on failure removes the temporary file and throws
  // OutputFileError naming `path`, the cause and how many bytes were being written.
  void commit();

 private:
  class FdBuf;
  std::filesystem::path path_;    // as given: what messages name
  std::filesystem::path target_;  // what is replaced: path_, or the file a symlink names
  std::string tmp_;
  bool in_place_ = false;  // a device or FIFO, written directly
  std::unique_ptr<FdBuf> buf_;
  std::unique_ptr<std::ostream> out_;
  int fd_ = -1;
  bool committed_ = false;
};

// Replaces `path` with `content` atomically (see above); throws OutputFileError.
void write_file_atomically(const std::filesystem::path& path, std::string_view content);

}  // namespace pathbench
