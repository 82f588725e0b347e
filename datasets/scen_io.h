// Reading, checking and writing MovingAI `.scen` scenario files.
//
// Accepted input: `version 1` followed by lines of 9 tab-separated fields
//   bucket  map  map_width  map_height  start_x  start_y  goal_x  goal_y  optimal_length
// the legacy `version 1.0` (same fields, any whitespace between them), and the oldest files with
// no version line at all (accepted when the first line already has 9 whitespace-separated fields).
// CRLF endings are tolerated and blank lines skipped. The map column is kept as written (a bare
// name or a path such as `maps/dao/arena.map`); check_scen_against_map compares basenames.
// All errors are InputError naming the scenario file, the 1-based line and the field.
#pragma once

#include <filesystem>
#include <functional>
#include <istream>
#include <string>
#include <vector>

#include "algorithms/core/grid.h"
#include "algorithms/core/input_error.h"

namespace pathbench {

struct ScenEntry {
  int bucket = 0;
  std::string map;  // as written in the file
  int map_width = 0;
  int map_height = 0;
  Point start;
  Point goal;
  double optimal = 0.0;  // optimal_length column
  // Digits after the decimal point in optimal_length as written ("143.57" -> 2, "12" -> 0), so
  // the length is compared at its own precision (matches_published in algorithms/core/moves.h);
  // -1 when not read from text (generated: the exact double) or written with an exponent.
  int decimals = -1;
  int line = 0;  // 1-based line in the file it was read from; 0 when generated

  bool operator==(const ScenEntry&) const = default;
};

// Field names used in InputError::field(), in column order.
inline constexpr const char* kScenFieldNames[9] = {"bucket",     "map",     "map_width",
                                                   "map_height", "start_x", "start_y",
                                                   "goal_x",     "goal_y",  "optimal_length"};

// Reads a whole scenario file (or text from `in`, named `file` in messages).
std::vector<ScenEntry> read_scen(const std::filesystem::path& path);
std::vector<ScenEntry> parse_scen(std::istream& in, const std::string& file);

// Streams the entries in file order: visit(entry, index) with index counting entries from 0;
// reading stops when visit returns false, so the lines after that are never read (or checked).
// Memory stays one line however long the file is.
using ScenVisitor = std::function<bool(const ScenEntry&, std::size_t index)>;
void scan_scen(std::istream& in, const std::string& file, const ScenVisitor& visit);
void scan_scen_file(const std::filesystem::path& path, const ScenVisitor& visit);

// The finest precision the file's optimal_length column is printed with: the largest
// ScenEntry::decimals over its lines (-1 when no line has a plain decimal length). One line's own
// digits understate its precision when the printer drops trailing zeros: MovingAI's dao and sc1
// scens print 6 significant digits (%g), so 12.0000 is written "12" and 143.500 "143.5" beside
// "3.41421"; half a unit in "12"'s last digit would accept 12.4 for 12. A fixed-decimals printer
// (bg512's "%.2f") gives every line the same count, so the file's largest is the printer's.
// A light text pass (lines that do not look like entries are skipped, nothing is checked), so a
// `limit` still never fails on a malformed line it does not take.
int scen_length_decimals(std::istream& in);
int scen_length_decimals_of_file(const std::filesystem::path& path);

// The part of the map column after its last '/' or '\\'.
std::string map_basename(const std::string& map_column);

// Checks every entry against the map it is meant for: the map column's basename equals
// map_path's file name, map_width/map_height equal the grid's, and start/goal are in range and
// passable. Range errors name start_x/start_y/goal_x/goal_y; a blocked cell names "start" or
// "goal". Throws InputError at the first problem.
void check_scen_against_map(const std::vector<ScenEntry>& entries, const Grid& grid,
                            const std::filesystem::path& scen_path,
                            const std::filesystem::path& map_path);
// What check_scen_entry does with a start or goal that is in range but blocked: throw (the
// default), or let it through for the caller to record (a run with on_bad_query: record keeps
// such a line as a data problem: wc3maps512's scens name 2,446 of them).
enum class BlockedEndpoints : unsigned char { Error, Allow };
// The same for one entry.
void check_scen_entry(const ScenEntry& e, const Grid& grid, const std::filesystem::path& scen_path,
                      const std::filesystem::path& map_path,
                      BlockedEndpoints blocked = BlockedEndpoints::Error);
// "data: start (x, y) is a blocked cell of M" (or goal), "" when both are free; the entry must be
// in range (check_scen_entry first).
std::string blocked_endpoint_problem(const ScenEntry& e, const Grid& grid,
                                     const std::string& map_name);

// Writes `version 1` and tab-separated lines; the length is printed with 8 decimals (%.8f),
// so an entry read back has decimals 8.
// Throws std::runtime_error when the file cannot be written.
void write_scen(const std::filesystem::path& path, const std::vector<ScenEntry>& entries);

}  // namespace pathbench
