#include "datasets/map_io.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <istream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <utility>
#include <vector>

#include "algorithms/core/cost_range.h"
#include "datasets/input_file.h"
#include "datasets/text_lines.h"

namespace pathbench {

using namespace detail;

namespace {

// CellId is 32-bit and the grid is padded, so cap each side well below what would overflow it;
// the largest MovingAI maps are a few thousand cells wide.
constexpr long kMaxFileSide = 1 << 15;

std::string quoted_char(char c) {
  if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(static_cast<unsigned char>(c)));
    return buf;
  }
  return std::string(1, c);
}

void validate_options(const MapLoadOptions& options, const std::string& name) {
  for (const auto& [ch, cost] : options.terrain_costs) {
    const std::string field = "terrain_costs['" + quoted_char(ch) + "']";
    if (!is_map_char(ch))
      throw InputError(name, 0, field, "'" + quoted_char(ch) + "' is not a MovingAI map character");
    if (!is_passable_map_char(ch))
      throw InputError(name, 0, field,
                       "'" + quoted_char(ch) +
                           "' is a blocked map character; only '.', 'G' and 'S' may have costs");
    if (!(cost > 0.0) || !std::isfinite(cost))
      throw InputError::expected(name, 0, field, "a finite cost > 0", std::to_string(cost));
    // A cost no map can hold is refused before the file is read (algorithms/core/cost_range.h).
    if (!cell_cost_in_range(cost))
      throw InputError(name, 0, field,
                       fmt::format("cost {:.6g} is above {:.6g}, the most any cell may cost "
                                   "(sqrt(2) x it must fit the searches' cost range, 2^29; "
                                   "README: 'Terrain costs and the cost range')",
                                   cost, kMaxCellCost));
  }
}

// The field a cost-range error names: the terrain character of the costliest cell, since
// lowering its cost is the fix; "map" for a uniform map too large for the range. Only runs for
// a map that is refused.
std::string cost_range_field(const MapLoadOptions& options, const Grid& grid) {
  double top = 1.0;
  for (int y = 0; y < grid.height(); ++y)
    for (int x = 0; x < grid.width(); ++x) top = std::max(top, grid.cell_cost(grid.id(x, y)));
  for (const auto& [ch, cost] : options.terrain_costs)
    if (cost == top) return "terrain_costs['" + quoted_char(ch) + "']";
  return "map";
}

struct Header {
  std::optional<int> height, width;
  bool have_type = false;
  int map_line = 0;  // line number of the `map` line
};

int parse_dimension(std::string_view value, const std::string& name, int line,
                    const std::string& field) {
  long v = 0;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
  if (value.empty() || ec != std::errc() || end != value.data() + value.size() || v <= 0)
    throw InputError::expected(name, line, field, "a positive integer", std::string(value));
  if (v > kMaxFileSide)
    throw InputError::expected(name, line, field, "at most " + std::to_string(kMaxFileSide),
                               std::string(value));
  return static_cast<int>(v);
}

Header parse_header(const std::vector<std::string>& lines, std::size_t& next,
                    const std::string& name) {
  Header h;
  for (; next < lines.size(); ++next) {
    const int line = static_cast<int>(next) + 1;
    const auto tokens = split_whitespace(lines[next]);
    if (tokens.empty()) continue;  // blank lines in the header carry nothing
    const std::string_view key = tokens[0];
    if (key == "map") {
      if (tokens.size() != 1)
        throw InputError(name, line, "map", "the 'map' line must hold nothing else");
      h.map_line = line;
      ++next;
      break;
    }
    if (key != "type" && key != "height" && key != "width") {
      // The likeliest cause of a row-looking line here is a forgotten `map` line; say so.
      if (tokens.size() == 1 && std::all_of(key.begin(), key.end(), is_map_char))
        throw InputError(name, line, "map", "missing 'map' line before the first map row");
      throw InputError::expected(name, line, "header", "'type', 'height', 'width' or 'map'",
                                 std::string(key));
    }
    const std::string field(key);
    if (tokens.size() != 2) throw InputError(name, line, field, "expected '" + field + " <value>'");
    if (key == "type") {
      if (h.have_type) throw InputError(name, line, field, "duplicate 'type' line");
      if (tokens[1] != "octile")
        throw InputError::expected(name, line, field, "'octile'", std::string(tokens[1]));
      h.have_type = true;
    } else {
      auto& slot = key == "height" ? h.height : h.width;
      if (slot) throw InputError(name, line, field, "duplicate '" + field + "' line");
      slot = parse_dimension(tokens[1], name, line, field);
    }
  }
  const int after = static_cast<int>(lines.size()) + (lines.empty() ? 1 : 0);
  if (h.map_line == 0) throw InputError(name, after, "map", "missing 'map' line after the header");
  if (!h.height) throw InputError(name, h.map_line, "height", "missing 'height' line before 'map'");
  if (!h.width) throw InputError(name, h.map_line, "width", "missing 'width' line before 'map'");
  return h;
}

}  // namespace

bool is_map_char(char c) {
  switch (c) {
    case '.':
    case 'G':
    case 'S':
    case '@':
    case 'O':
    case 'T':
    case 'W':
      return true;
    default:
      return false;
  }
}

bool is_passable_map_char(char c) { return c == '.' || c == 'G' || c == 'S'; }

Grid parse_map(std::istream& in, const std::string& name_for_errors,
               const MapLoadOptions& options) {
  const std::string& name = name_for_errors;
  validate_options(options, name);
  const std::vector<std::string> lines = read_lines(in);
  if (in.bad()) throw InputError(name, 0, "", "read error");

  std::size_t next = 0;
  const Header h = parse_header(lines, next, name);
  const int width = *h.width, height = *h.height;

  // Every row's presence and length is checked before the grid exists: a 48-byte file whose
  // header claims 32768 x 32768 must fail here, not after allocating a gigabyte.
  const std::size_t first_row = next;
  for (int y = 0; y < height; ++y, ++next) {
    if (only_blank_from(lines, next))
      throw InputError(name, static_cast<int>(next) + 1, "rows",
                       "expected " + std::to_string(height) + " rows after 'map' (line " +
                           std::to_string(h.map_line) + "), found only " + std::to_string(y));
    const std::string& row = lines[next];
    if (static_cast<long>(row.size()) != width)
      throw InputError(name, static_cast<int>(next) + 1, "row",
                       "row " + std::to_string(y) + " has " + std::to_string(row.size()) +
                           " characters, expected width " + std::to_string(width));
  }
  next = first_row;

  Grid grid(width, height, options.rules);
  // Costs per character, looked up once per cell; 0 means "no cost set".
  double char_cost[256] = {};
  for (const auto& [ch, cost] : options.terrain_costs)
    char_cost[static_cast<unsigned char>(ch)] = cost;

  for (int y = 0; y < height; ++y, ++next) {
    const std::string& row = lines[next];
    const int line = static_cast<int>(next) + 1;
    for (int x = 0; x < width; ++x) {
      const char c = row[static_cast<std::size_t>(x)];
      if (!is_map_char(c))
        throw InputError(name, line, "cell",
                         "column " + std::to_string(x + 1) + " (x=" + std::to_string(x) +
                             "): unknown map character '" + quoted_char(c) +
                             "' (passable: . G S; blocked: @ O T W)");
      if (!is_passable_map_char(c)) {
        grid.set_passable(x, y, false);
      } else if (const double cost = char_cost[static_cast<unsigned char>(c)]; cost > 0.0) {
        grid.set_cell_cost(x, y, cost);
      }
    }
  }
  for (; next < lines.size(); ++next) {
    if (!is_blank(lines[next]))
      throw InputError(name, static_cast<int>(next) + 1, "rows",
                       "unexpected content after the last of " + std::to_string(height) + " rows");
  }
  // Every search cost on this map must fit in int64 fixed point; checked here, once, so that no
  // search loop needs an overflow test (issue 31).
  if (std::string why = cost_range_problem(grid); !why.empty())
    throw InputError(name, 0, cost_range_field(options, grid), std::move(why));
  return grid;
}

Grid read_map(const std::filesystem::path& path, const MapLoadOptions& options) {
  std::ifstream in = open_input_file(path, "map");
  return parse_map(in, path.string(), options);
}

void write_map(const std::filesystem::path& path, const Grid& grid) {
  std::string out;
  out.reserve(static_cast<std::size_t>(grid.width() + 1) * static_cast<std::size_t>(grid.height()) +
              64);
  out += "type octile\nheight " + std::to_string(grid.height()) + "\nwidth " +
         std::to_string(grid.width()) + "\nmap\n";
  for (int y = 0; y < grid.height(); ++y) {
    for (int x = 0; x < grid.width(); ++x) out += grid.passable(x, y) ? '.' : '@';
    out += '\n';
  }
  write_text_file(path, out);
}

}  // namespace pathbench
