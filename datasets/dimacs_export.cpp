#include "datasets/dimacs_export.h"

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "algorithms/core/moves.h"

namespace pathbench {
namespace {

constexpr std::int64_t kMaxWeight = std::numeric_limits<std::int32_t>::max();

const char* rules_text(const MoveRules& r) {
  if (r.connectivity == Connectivity::Four) return "4-connected";
  return r.corner_cutting ? "8-connected, corner cutting allowed"
                          : "8-connected, no corner cutting";
}

// Calls fn(from_id, to_id, weight) for every arc, in vertex order then move order.
template <class Fn>
void for_each_arc(const Grid& grid, std::int64_t scale, const std::vector<std::int64_t>& ids,
                  Fn&& fn) {
  const MoveOffsets off(grid);
  for (int y = 0; y < grid.height(); ++y)
    for (int x = 0; x < grid.width(); ++x) {
      const CellId c = grid.id(x, y);
      if (!grid.passable(c)) continue;
      for_each_successor(grid, off, c, [&](CellId n, double cost) {
        fn(ids[c], ids[n], std::llround(cost * static_cast<double>(scale)));
      });
    }
}

// Appends to `buf` and hands it to `out` in large pieces: millions of small writes to an
// ostream are several times slower.
void flush_if_full(fmt::memory_buffer& buf, std::ostream& out, bool force = false) {
  if (!force && buf.size() < (1u << 20)) return;
  out.write(buf.data(), static_cast<std::streamsize>(buf.size()));
  buf.clear();
}

}  // namespace

std::vector<std::int64_t> dimacs_vertex_ids(const Grid& grid) {
  std::vector<std::int64_t> ids(grid.num_ids(), 0);
  std::int64_t next = 1;
  for (int y = 0; y < grid.height(); ++y)
    for (int x = 0; x < grid.width(); ++x)
      if (grid.passable(x, y)) ids[grid.id(x, y)] = next++;
  return ids;
}

DimacsCounts dimacs_counts(const Grid& grid, std::int64_t scale) {
  if (scale < 1) throw std::invalid_argument(fmt::format("scale must be >= 1, got {}", scale));
  const std::vector<std::int64_t> ids = dimacs_vertex_ids(grid);
  DimacsCounts n;
  n.vertices = static_cast<std::int64_t>(grid.count_passable());
  for_each_arc(grid, scale, ids, [&](std::int64_t, std::int64_t, std::int64_t w) {
    ++n.arcs;
    n.max_weight = std::max(n.max_weight, w);
  });
  if (n.max_weight > kMaxWeight)
    throw std::invalid_argument(
        fmt::format("scale {} makes an arc weight of {}, above 2^31 - 1; use a smaller scale",
                    scale, n.max_weight));
  return n;
}

DimacsCounts write_dimacs(const Grid& grid, std::int64_t scale, const std::string& source,
                          std::ostream& gr, std::ostream& co) {
  const DimacsCounts n = dimacs_counts(grid, scale);
  const std::vector<std::int64_t> ids = dimacs_vertex_ids(grid);
  const std::string about =
      fmt::format("c {} ({}x{} grid, {}), written by pathbench export-dimacs\n", source,
                  grid.width(), grid.height(), rules_text(grid.rules()));
  const std::string mapping =
      "c vertices: the passable cells in row-major order (y, then x), numbered from 1\n";

  fmt::memory_buffer buf;
  fmt::format_to(std::back_inserter(buf), "{}{}", about, mapping);
  fmt::format_to(std::back_inserter(buf),
                 "c arc weight = round(cost * {}), cost = step length (1 or sqrt 2) x terrain "
                 "cost of the entered cell\n"
                 "c rounding: at most 0.5/{} per arc, so |sum/{} - cost| <= arcs/(2*{})\n",
                 scale, scale, scale, scale);
  fmt::format_to(std::back_inserter(buf), "p sp {} {}\n", n.vertices, n.arcs);
  for_each_arc(grid, scale, ids, [&](std::int64_t u, std::int64_t v, std::int64_t w) {
    fmt::format_to(std::back_inserter(buf), "a {} {} {}\n", u, v, w);
    flush_if_full(buf, gr);
  });
  flush_if_full(buf, gr, true);

  fmt::format_to(std::back_inserter(buf), "{}{}c v ID X Y: X = column, Y = row (0,0 top left)\n",
                 about, mapping);
  fmt::format_to(std::back_inserter(buf), "p aux sp co {}\n", n.vertices);
  for (int y = 0; y < grid.height(); ++y)
    for (int x = 0; x < grid.width(); ++x)
      if (grid.passable(x, y)) {
        fmt::format_to(std::back_inserter(buf), "v {} {} {}\n", ids[grid.id(x, y)], x, y);
        flush_if_full(buf, co);
      }
  flush_if_full(buf, co, true);
  return n;
}

}  // namespace pathbench
