// Scratch files of fixed-size records, one per table cell: how `report` (summary_stream.h) and
// `compare` (run_comparison.h) hold a large runs.csv on disk instead of in memory, reading one
// cell back at a time.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <span>
#include <system_error>
#include <type_traits>
#include <vector>

#include "algorithms/core/input_error.h"

namespace pathbench {

// A folder created for the scratch files and removed with them however the command ends.
class ScratchFolder {
 public:
  explicit ScratchFolder(std::filesystem::path dir) : dir_(std::move(dir)) {
    if (!std::filesystem::create_directory(dir_))
      throw InputError(dir_.string(), 0, "", "scratch folder already exists");
  }
  ~ScratchFolder() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
  std::filesystem::path file(const char* kind, std::size_t cell) const {
    return dir_ / fmt::format("{}{}.bin", kind, cell);
  }

 private:
  std::filesystem::path dir_;
};

namespace spill_detail {
struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};
using File = std::unique_ptr<std::FILE, FileCloser>;
}  // namespace spill_detail

// Appends `records` to `path` as raw bytes.
template <typename T>
void append_records(const std::filesystem::path& path, const std::vector<T>& records) {
  static_assert(std::is_trivially_copyable_v<T>);
  if (records.empty()) return;
  const spill_detail::File f(std::fopen(path.c_str(), "ab"));
  if (!f || std::fwrite(records.data(), sizeof(T), records.size(), f.get()) != records.size() ||
      std::fflush(f.get()) != 0)
    throw InputError(path.string(), 0, "", "cannot write a scratch file (disk full?)");
}

// The `count` records that append_records wrote to `path`.
template <typename T>
std::vector<T> load_records(const std::filesystem::path& path, std::size_t count) {
  static_assert(std::is_trivially_copyable_v<T>);
  std::vector<T> records(count);
  if (count == 0) return records;
  const spill_detail::File f(std::fopen(path.c_str(), "rb"));
  if (!f || std::fread(records.data(), sizeof(T), count, f.get()) != count)
    throw InputError(path.string(), 0, "", "cannot read back a scratch file");
  return records;
}

// Calls f(std::span<const T>) with the `count` records that append_records wrote to `path`, in
// order, at most `chunk` at a time: a cell read in memory bounded by the chunk, not the cell.
template <typename T, typename F>
void for_each_record_chunk(const std::filesystem::path& path, std::size_t count, std::size_t chunk,
                           F&& f) {
  static_assert(std::is_trivially_copyable_v<T>);
  if (count == 0) return;
  const spill_detail::File file(std::fopen(path.c_str(), "rb"));
  if (!file) throw InputError(path.string(), 0, "", "cannot read back a scratch file");
  std::vector<T> records(std::min(count, std::max<std::size_t>(chunk, 1)));
  for (std::size_t done = 0; done < count;) {
    const std::size_t n = std::min(records.size(), count - done);
    if (std::fread(records.data(), sizeof(T), n, file.get()) != n)
      throw InputError(path.string(), 0, "", "cannot read back a scratch file");
    f(std::span<const T>(records.data(), n));
    done += n;
  }
}

}  // namespace pathbench
