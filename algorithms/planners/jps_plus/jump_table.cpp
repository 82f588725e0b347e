#include "algorithms/planners/jps_plus/jump_table.h"

#include <limits>
#include <stdexcept>
#include <string>

namespace pathbench {

void JumpTable::build(const Grid& g) {
  const int pw = g.padded_width(), ph = g.height() + 2;
  // The longest jump is a padded side minus the two padding cells.
  if (pw > std::numeric_limits<std::int16_t>::max() ||
      ph > std::numeric_limits<std::int16_t>::max())
    throw std::invalid_argument("jump table holds 16-bit distances: at most " +
                                std::to_string(std::numeric_limits<std::int16_t>::max() - 2) +
                                " cells per side");
  entries_.assign(g.num_ids(), Entry{});
  const std::uint8_t* free = g.passable_data().data();
  auto open = [&](int x, int y) { return free[static_cast<std::size_t>(y) * pw + x] != 0; };
  auto id = [&](int x, int y) { return static_cast<std::size_t>(y) * pw + x; };

  // Visits interior cells so that (x + dx, y + dy) is always visited before (x, y): each entry
  // extends its successor's by one step. Padding cells stay 0, as does anything blocked.
  auto sweep = [&](int dx, int dy, auto&& fill) {
    for (int j = 1; j <= g.height(); ++j) {
      const int y = dy > 0 ? ph - 1 - j : j;
      for (int i = 1; i <= g.width(); ++i) {
        const int x = dx > 0 ? pw - 1 - i : i;
        if (open(x, y)) fill(x, y);
      }
    }
  };
  // One step more than the successor's value, keeping its sign (jump point ahead or wall ahead).
  auto extend = [](int next) { return static_cast<std::int16_t>(next > 0 ? next + 1 : next - 1); };

  for (int d = 0; d < 4; ++d) {
    const int dx = kDx[d], dy = kDy[d];
    sweep(dx, dy, [&](int x, int y) {
      const int nx = x + dx, ny = y + dy;
      std::int16_t& v = entries_[id(x, y)].d[d];
      if (!open(nx, ny)) {
        v = 0;
        return;
      }
      // Forced neighbour beside (nx, ny): a side line blocked at (x, y), free at (nx, ny).
      const int px = dy != 0, py = dx != 0;  // unit vector across the travel direction
      const bool forced = (!open(x - px, y - py) && open(nx - px, ny - py)) ||
                          (!open(x + px, y + py) && open(nx + px, ny + py));
      v = forced ? std::int16_t{1} : extend(entries_[id(nx, ny)].d[d]);
    });
  }
  for (int d = 4; d < 8; ++d) {
    const int dx = kDx[d], dy = kDy[d];
    const int h = dx > 0 ? kEast : kWest, vert = dy > 0 ? kSouth : kNorth;
    sweep(dx, dy, [&](int x, int y) {
      std::int16_t& v = entries_[id(x, y)].d[d];
      if (!open(x + dx, y) || !open(x, y + dy) || !open(x + dx, y + dy)) {
        v = 0;
        return;
      }
      const Entry& next = entries_[id(x + dx, y + dy)];
      v = next.d[h] > 0 || next.d[vert] > 0 ? std::int16_t{1} : extend(next.d[d]);
    });
  }
}

}  // namespace pathbench
