// Internal helpers shared by the map and scenario readers/writers: line splitting that tolerates
// CRLF and a missing final newline, whitespace tokenising, and file opening that reports failures
// as InputError. Not part of the public datasets API.
//
// Invariant: lines returned by read_lines never end in '\r' or '\n'; line i (0-based) is line
// i + 1 of the input.
#pragma once

#include <filesystem>
#include <fstream>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

namespace pathbench::detail {

std::vector<std::string> read_lines(std::istream& in);

inline bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

bool is_blank(std::string_view s);
// True when every line from index `from` to the end is blank (vacuously true past the end).
bool only_blank_from(const std::vector<std::string>& lines, std::size_t from);

std::string_view trim(std::string_view s);
// Views into `s`; they are valid as long as `s` is.
std::vector<std::string_view> split_whitespace(std::string_view s);
std::vector<std::string_view> split_on(std::string_view s, char sep);

// Writes `content` to `path` byte for byte (LF stays LF), atomically (datasets/output_file.h);
// throws OutputFileError on failure.
void write_text_file(const std::filesystem::path& path, const std::string& content);

}  // namespace pathbench::detail
