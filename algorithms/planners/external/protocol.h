// The external-planner line protocol (docs/external-planners.md): the messages pathbench sends,
// and the checked parsing of the two answers it expects. One JSON object per line, both ways.
// No I/O here: external_planner.cpp moves the lines, this file only makes and reads them.
#pragma once

#include <cstdint>
#include <filesystem>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/core/grid.h"
#include "algorithms/core/search_types.h"

namespace pathbench::external {

// {"type":"map", "path":<file or null>, "width", "height", "connectivity":4|8,
//  "corner_cutting", "rows":[...]} — rows are always sent ('.' free, '@' blocked, row y = rows[y])
// so generated maps, which have no file, work the same. Ends with '\n', like every message.
std::string map_message(const Grid& grid, const std::filesystem::path& map_file);
// {"type":"solve","id","start":[x,y],"goal":[x,y],"time_limit_s"} (0 = no limit).
std::string solve_message(std::uint64_t id, Point start, Point goal, double time_limit_s);
std::string quit_message();

struct Ready {
  double prep_ms = std::numeric_limits<double>::quiet_NaN();  // self-reported; NaN when absent
};

struct Answer {
  Status status = Status::Solved;  // Solved, Unreachable ("no_path") or Timeout ("timeout")
  std::vector<Point> path;         // Solved only; every cell inside the map
  std::optional<double> cost;      // self-reported cost, when given
  std::uint64_t expansions = 0;
  std::uint64_t generated = 0;
  double time_us = std::numeric_limits<double>::quiet_NaN();  // self-reported; NaN when absent
  std::string message;                                        // optional "message" field
  // Any other top-level numeric field, by name (e.g. the gppc driver's "first20_us"), in the
  // order the line gives them.
  std::vector<std::pair<std::string, double>> numbers;
};

// Each returns an empty string when `line` is a well-formed answer (filling `out`), otherwise
// the protocol error, quoting the start of the line.
std::string parse_ready(const std::string& line, Ready& out);
std::string parse_result(const std::string& line, std::uint64_t id, int width, int height,
                         Answer& out);

}  // namespace pathbench::external
