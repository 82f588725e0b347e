#include "datasets/scen_io.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <string_view>

#include "datasets/input_file.h"
#include "datasets/text_lines.h"

namespace pathbench {

using namespace detail;

namespace {

constexpr std::size_t kNumFields = 9;

enum class Layout { Tabs, Whitespace };

int parse_int_field(std::string_view text, const std::string& file, int line, std::size_t field,
                    bool positive) {
  long v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  const bool ok = !text.empty() && ec == std::errc() && end == text.data() + text.size() &&
                  v <= 0x7fffffffL && (positive ? v > 0 : v >= 0);
  if (!ok)
    throw InputError::expected(file, line, kScenFieldNames[field],
                               positive ? "a positive integer" : "a non-negative integer",
                               std::string(text));
  return static_cast<int>(v);
}

double parse_length_field(std::string_view text, const std::string& file, int line) {
  double v = 0.0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v) ||
      v < 0.0)
    throw InputError::expected(file, line, kScenFieldNames[8], "a non-negative number",
                               std::string(text));
  return v;
}

// Digits after the '.' of a length field parse_length_field accepted; -1 with an exponent, whose
// precision is not a count of decimals.
int printed_decimals(std::string_view text) {
  if (text.find_first_of("eE") != std::string_view::npos) return -1;
  const std::size_t dot = text.find('.');
  return dot == std::string_view::npos ? 0 : static_cast<int>(text.size() - dot - 1);
}

ScenEntry parse_entry(std::string_view text, Layout layout, const std::string& file, int line) {
  std::vector<std::string_view> fields;
  if (layout == Layout::Tabs) {
    fields = split_on(trim(text), '\t');
    for (auto& f : fields) f = trim(f);
  } else {
    fields = split_whitespace(text);
  }
  if (fields.size() != kNumFields)
    throw InputError(file, line, "fields",
                     "expected 9 " + std::string(layout == Layout::Tabs ? "tab-separated " : "") +
                         "fields (bucket, map, map_width, map_height, start_x, start_y, goal_x, "
                         "goal_y, optimal_length), got " +
                         std::to_string(fields.size()));
  ScenEntry e;
  e.line = line;
  e.bucket = parse_int_field(fields[0], file, line, 0, false);
  if (fields[1].empty()) throw InputError(file, line, kScenFieldNames[1], "empty map name");
  e.map = std::string(fields[1]);
  e.map_width = parse_int_field(fields[2], file, line, 2, true);
  e.map_height = parse_int_field(fields[3], file, line, 3, true);
  e.start.x = parse_int_field(fields[4], file, line, 4, false);
  e.start.y = parse_int_field(fields[5], file, line, 5, false);
  e.goal.x = parse_int_field(fields[6], file, line, 6, false);
  e.goal.y = parse_int_field(fields[7], file, line, 7, false);
  e.optimal = parse_length_field(fields[8], file, line);
  e.decimals = printed_decimals(fields[8]);
  return e;
}

}  // namespace

void scan_scen(std::istream& in, const std::string& file, const ScenVisitor& visit) {
  // One line at a time, so a caller that stops early (a `limit`) never holds the whole file.
  std::string text;
  int line = 0;
  bool header_seen = false;
  Layout layout = Layout::Whitespace;
  std::size_t index = 0;
  while (std::getline(in, text)) {
    ++line;
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (is_blank(text)) continue;
    if (!header_seen) {
      header_seen = true;
      const auto first = split_whitespace(text);
      if (first[0] == "version") {
        if (first.size() != 2)
          throw InputError(file, line, "version", "expected 'version 1' or 'version 1.0'");
        if (first[1] == "1")
          layout = Layout::Tabs;
        else if (first[1] != "1.0")
          throw InputError::expected(file, line, "version", "'1' or '1.0'", std::string(first[1]));
        continue;
      }
      // Version-less files are the oldest format; anything else is not a scenario file.
      if (first.size() != kNumFields)
        throw InputError(file, line, "version",
                         "expected a 'version 1' line or a first entry of 9 fields");
    }
    if (!visit(parse_entry(text, layout, file, line), index++)) return;
  }
  if (in.bad()) throw InputError(file, line, "", "read error");
}

void scan_scen_file(const std::filesystem::path& path, const ScenVisitor& visit) {
  std::ifstream in = open_input_file(path, "scenario");
  scan_scen(in, path.string(), visit);
}

std::vector<ScenEntry> parse_scen(std::istream& in, const std::string& file) {
  std::vector<ScenEntry> entries;
  scan_scen(in, file, [&](const ScenEntry& e, std::size_t) {
    entries.push_back(e);
    return true;
  });
  return entries;
}

std::vector<ScenEntry> read_scen(const std::filesystem::path& path) {
  std::ifstream in = open_input_file(path, "scenario");
  return parse_scen(in, path.string());
}

int scen_length_decimals(std::istream& in) {
  int best = -1;
  std::string text;
  while (std::getline(in, text)) {
    if (!text.empty() && text.back() == '\r') text.pop_back();
    const auto fields = split_whitespace(text);
    if (fields.size() != kNumFields) continue;  // header, blank or malformed: not this pass's job
    const std::string_view f = fields[kNumFields - 1];
    if (f.empty() || f.find_first_not_of("0123456789.") != std::string_view::npos) continue;
    best = std::max(best, printed_decimals(f));
  }
  return best;
}

int scen_length_decimals_of_file(const std::filesystem::path& path) {
  std::ifstream in = open_input_file(path, "scenario");
  return scen_length_decimals(in);
}

std::string map_basename(const std::string& map_column) {
  const std::size_t pos = map_column.find_last_of("/\\");
  return pos == std::string::npos ? map_column : map_column.substr(pos + 1);
}

void check_scen_against_map(const std::vector<ScenEntry>& entries, const Grid& grid,
                            const std::filesystem::path& scen_path,
                            const std::filesystem::path& map_path) {
  for (const ScenEntry& e : entries) check_scen_entry(e, grid, scen_path, map_path);
}

void check_scen_entry(const ScenEntry& e, const Grid& grid, const std::filesystem::path& scen_path,
                      const std::filesystem::path& map_path, BlockedEndpoints blocked) {
  const std::string file = scen_path.string();
  const std::string map_name = map_path.filename().string();
  {
    if (map_basename(e.map) != map_name)
      throw InputError(file, e.line, "map",
                       "scenario names map '" + e.map + "' but is being checked against '" +
                           map_path.string() + "' (basenames differ)");
    if (e.map_width != grid.width())
      throw InputError::expected(file, e.line, "map_width",
                                 std::to_string(grid.width()) + " (the width of " + map_name + ")",
                                 std::to_string(e.map_width));
    if (e.map_height != grid.height())
      throw InputError::expected(
          file, e.line, "map_height",
          std::to_string(grid.height()) + " (the height of " + map_name + ")",
          std::to_string(e.map_height));
    const auto check_point = [&](Point p, const char* what, const char* fx, const char* fy) {
      if (p.x < 0 || p.x >= grid.width())
        throw InputError::expected(file, e.line, fx, "0.." + std::to_string(grid.width() - 1),
                                   std::to_string(p.x));
      if (p.y < 0 || p.y >= grid.height())
        throw InputError::expected(file, e.line, fy, "0.." + std::to_string(grid.height() - 1),
                                   std::to_string(p.y));
      if (blocked == BlockedEndpoints::Error && !grid.passable(p.x, p.y))
        throw InputError(file, e.line, what,
                         fmt::format("({}, {}) is a blocked cell of {}", p.x, p.y, map_name));
    };
    check_point(e.start, "start", "start_x", "start_y");
    check_point(e.goal, "goal", "goal_x", "goal_y");
  }
}

std::string blocked_endpoint_problem(const ScenEntry& e, const Grid& grid,
                                     const std::string& map_name) {
  for (const auto& [p, what] : {std::pair{e.start, "start"}, std::pair{e.goal, "goal"}})
    if (!grid.passable(p.x, p.y))
      return fmt::format("data: {} ({}, {}) is a blocked cell of {}", what, p.x, p.y, map_name);
  return "";
}

void write_scen(const std::filesystem::path& path, const std::vector<ScenEntry>& entries) {
  std::string out = "version 1\n";
  for (const ScenEntry& e : entries)
    out += fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{:.8f}\n", e.bucket, e.map, e.map_width,
                       e.map_height, e.start.x, e.start.y, e.goal.x, e.goal.y, e.optimal);
  write_text_file(path, out);
}

}  // namespace pathbench
