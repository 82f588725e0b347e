#include "datasets/input_file.h"

#include <system_error>

#include "algorithms/core/input_error.h"

namespace pathbench {
namespace fs = std::filesystem;

namespace {

// status() without exceptions; "" and the status, or the reason it could not be read.
std::string status_of(const fs::path& path, std::string_view what, fs::file_status& st) {
  std::error_code ec;
  st = fs::status(path, ec);
  if (!ec && fs::exists(st)) return {};
  if (!ec || ec == std::errc::no_such_file_or_directory || ec == std::errc::not_a_directory)
    return std::string(what) + " not found";
  return "cannot access the " + std::string(what) + ": " + ec.message();
}

}  // namespace

std::string input_file_problem(const fs::path& path, std::string_view what) {
  fs::file_status st;
  const std::string file = std::string(what) + " file";
  if (std::string reason = status_of(path, file, st); !reason.empty()) return reason;
  if (fs::is_directory(st)) return "expected a " + file + ", found a directory";
  // A FIFO or a device would be read forever (or block); only regular files are input.
  if (!fs::is_regular_file(st))
    return "expected a regular " + file + ", found a FIFO, socket or device";
  return {};
}

std::string input_directory_problem(const fs::path& path, std::string_view what) {
  fs::file_status st;
  if (std::string reason = status_of(path, what, st); !reason.empty()) return reason;
  if (!fs::is_directory(st)) return "expected a " + std::string(what) + ", found a file";
  return {};
}

std::ifstream open_input_file(const fs::path& path, std::string_view what) {
  if (std::string reason = input_file_problem(path, what); !reason.empty())
    throw InputError(path.string(), 0, "", reason);
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw InputError(path.string(), 0, "",
                     "cannot open " + std::string(what) + " file for reading");
  return in;
}

}  // namespace pathbench
