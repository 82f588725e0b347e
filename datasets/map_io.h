// Reading and writing MovingAI `.map` files (https://movingai.com/benchmarks/formats.html).
//
// Accepted input: header lines `type octile`, `height N`, `width N` in any order (type optional,
// each at most once), then a line `map`, then exactly `height` rows of exactly `width` characters.
// CRLF line endings, a missing final newline and blank lines after the last row are tolerated.
// Passable characters: '.', 'G', 'S' (cost 1 unless MapLoadOptions::terrain_costs says otherwise);
// blocked: '@', 'O', 'T', 'W'. Anything else is an error. Every problem with the file is reported
// as an InputError carrying the file name and the 1-based line number.
//
// write_map emits only '.' and '@' (terrain costs are not representable in the format), so
// read_map(write_map(g)) == g for any grid without terrain and with default rules.
#pragma once

#include <filesystem>
#include <iosfwd>
#include <map>
#include <string>

#include "algorithms/core/grid.h"
#include "algorithms/core/input_error.h"

namespace pathbench {

struct MapLoadOptions {
  MoveRules rules;
  // Cost multiplier for every cell showing that character, e.g. {'S', 3.0} makes swamps cost 3.
  // Only passable characters ('.', 'G', 'S') may be listed, with a finite cost > 0.
  std::map<char, double> terrain_costs;
};

// Is `c` one of the characters the MovingAI format defines (passable or blocked)?
bool is_map_char(char c);
// Is `c` a passable map character? Precondition: is_map_char(c).
bool is_passable_map_char(char c);

// Parses a map from `in`; `name_for_errors` is used as the file name in InputError messages.
Grid parse_map(std::istream& in, const std::string& name_for_errors,
               const MapLoadOptions& options = {});

// Reads a map file. Throws InputError when the file is missing, unreadable or malformed.
Grid read_map(const std::filesystem::path& path, const MapLoadOptions& options = {});

// Writes `grid` as `type octile`, `height`, `width`, `map` and '.'/'@' rows with LF endings.
// Throws std::runtime_error when the file cannot be written.
void write_map(const std::filesystem::path& path, const Grid& grid);

}  // namespace pathbench
