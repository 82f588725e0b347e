// Checks and opens files the user names as input (maps, scens, experiment files, results). One
// place decides what an unreadable input looks like, so a symlink loop, an over-long name or a
// FIFO gives the same clear InputError everywhere instead of a raw std::filesystem exception (or a
// read that blocks forever).
#pragma once

#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace pathbench {

// Why `path` cannot be read as a regular `what` file ("map", "scen", ...), or "" when it can.
// Never throws: filesystem errors become the reason ("map file not found", "cannot access the
// map file: Too many levels of symbolic links", "expected a regular map file, found a FIFO, ...").
std::string input_file_problem(const std::filesystem::path& path, std::string_view what);

// Same for a directory ("results directory", ...): "" when `path` is an existing directory.
std::string input_directory_problem(const std::filesystem::path& path, std::string_view what);

// Opens `path` for reading in binary mode; throws InputError(path, 0, "", reason) when
// input_file_problem names one or the open fails.
std::ifstream open_input_file(const std::filesystem::path& path, std::string_view what);

}  // namespace pathbench
