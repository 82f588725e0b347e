#include "datasets/map_generators.h"

#include <cmath>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/core/cost_range.h"
#include "datasets/map_shape.h"
#include "datasets/random.h"

namespace pathbench {

using namespace detail;

namespace {

constexpr double kExtraDoorProbability = 0.5;

void require(bool ok, const std::string& message) {
  if (!ok) throw std::invalid_argument(message);
}

void require_size(const char* fn, int width, int height) {
  require(width > 0 && height > 0 && width <= kMaxGeneratedSide && height <= kMaxGeneratedSide,
          std::string(fn) + ": width and height must be in 1.." +
              std::to_string(kMaxGeneratedSide) + ", got " + std::to_string(width) + "x" +
              std::to_string(height));
  // The maps are uniform, so their size alone bounds a path's cost: past 2^29 the searches'
  // fixed point could not hold it (algorithms/core/cost_range.h). Only the C++ API can ask for
  // this many cells; the CLI and YAML stop at 2^26.
  require(uniform_path_cost_bound(static_cast<double>(width) * height) <= kMaxPathCost,
          std::string(fn) + ": " + std::to_string(width) + "x" + std::to_string(height) +
              " cells are too many: a path could cost more than 2^29, the searches' cost range");
}

Grid all_blocked(int width, int height) {
  Grid g(width, height);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) g.set_passable(x, y, false);
  return g;
}

void open_rect(Grid& g, int x0, int y0, int w, int h) {
  for (int y = y0; y < y0 + h; ++y)
    for (int x = x0; x < x0 + w; ++x) g.set_passable(x, y, true);
}

// Union-find over room indices, for the random spanning tree of doors.
struct DisjointSets {
  std::vector<int> parent;
  explicit DisjointSets(int n) : parent(static_cast<std::size_t>(n)) {
    std::iota(parent.begin(), parent.end(), 0);
  }
  int find(int a) {
    while (parent[a] != a) a = parent[a] = parent[parent[a]];
    return a;
  }
  bool unite(int a, int b) {
    a = find(a);
    b = find(b);
    if (a == b) return false;
    parent[b] = a;
    return true;
  }
};

}  // namespace

Grid random_map(int width, int height, double density, std::uint64_t seed) {
  require_size("random_map", width, height);
  require(density >= 0.0 && density <= 1.0,
          "random_map: density must be in [0, 1], got " + std::to_string(density));
  std::mt19937_64 rng(seed);
  Grid g(width, height);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      if (uniform_unit(rng) < density) g.set_passable(x, y, false);
  return g;
}

Grid maze_map(int width, int height, int corridor_width, std::uint64_t seed) {
  require_size("maze_map", width, height);
  require(corridor_width >= 1,
          "maze_map: corridor_width must be >= 1, got " + std::to_string(corridor_width));
  const int pitch = corridor_width + 1;
  require(width >= pitch && height >= pitch,
          "maze_map: width and height must be at least corridor_width + 1");
  const int nx = width / pitch, ny = height / pitch;
  const auto origin = [&](int i) { return 1 + i * pitch; };

  Grid g = all_blocked(width, height);
  std::mt19937_64 rng(seed);
  std::vector<char> visited(static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny), 0);
  const auto index = [&](int cx, int cy) { return static_cast<std::size_t>(cy) * nx + cx; };

  // Explicit stack: a recursive backtracker would overflow the call stack on large mazes.
  std::vector<std::pair<int, int>> stack;
  const int sx = static_cast<int>(uniform_below(rng, static_cast<std::uint64_t>(nx)));
  const int sy = static_cast<int>(uniform_below(rng, static_cast<std::uint64_t>(ny)));
  visited[index(sx, sy)] = 1;
  open_rect(g, origin(sx), origin(sy), corridor_width, corridor_width);
  stack.push_back({sx, sy});
  constexpr int kDirX[4] = {0, 1, 0, -1}, kDirY[4] = {-1, 0, 1, 0};
  while (!stack.empty()) {
    const auto [cx, cy] = stack.back();
    int options[4], n = 0;
    for (int d = 0; d < 4; ++d) {
      const int ax = cx + kDirX[d], ay = cy + kDirY[d];
      if (ax >= 0 && ay >= 0 && ax < nx && ay < ny && !visited[index(ax, ay)]) options[n++] = d;
    }
    if (n == 0) {
      stack.pop_back();
      continue;
    }
    const int d = options[uniform_below(rng, static_cast<std::uint64_t>(n))];
    const int ax = cx + kDirX[d], ay = cy + kDirY[d];
    visited[index(ax, ay)] = 1;
    open_rect(g, origin(ax), origin(ay), corridor_width, corridor_width);
    // The 1-wide wall between the two cells, as long as the corridor is wide.
    if (kDirX[d] != 0) {
      open_rect(g, std::max(origin(cx), origin(ax)) - 1, origin(cy), 1, corridor_width);
    } else {
      open_rect(g, origin(cx), std::max(origin(cy), origin(ay)) - 1, corridor_width, 1);
    }
    stack.push_back({ax, ay});
  }
  return g;
}

Grid rooms_map(int width, int height, int room_size, std::uint64_t seed) {
  require_size("rooms_map", width, height);
  require(room_size >= 1, "rooms_map: room_size must be >= 1, got " + std::to_string(room_size));
  require(width >= 2 && height >= 2, "rooms_map: width and height must be at least 2");
  const int pitch = room_size + 1;
  // Rooms start after each wall line at 0, pitch, 2*pitch, ...; the last one may be cut short.
  const int nx = (width - 2) / pitch + 1, ny = (height - 2) / pitch + 1;
  const auto lo = [&](int i) { return 1 + i * pitch; };
  const auto extent = [&](int i, int side) { return std::min(room_size, side - lo(i)); };

  Grid g = all_blocked(width, height);
  for (int ry = 0; ry < ny; ++ry)
    for (int rx = 0; rx < nx; ++rx)
      open_rect(g, lo(rx), lo(ry), extent(rx, width), extent(ry, height));

  // Every wall segment between horizontally or vertically adjacent rooms, in a fixed order.
  struct Segment {
    int rx, ry;
    bool vertical;  // wall between (rx, ry) and (rx + 1, ry); else between (rx, ry), (rx, ry + 1)
  };
  std::vector<Segment> segments;
  for (int ry = 0; ry < ny; ++ry)
    for (int rx = 0; rx < nx; ++rx) {
      if (rx + 1 < nx) segments.push_back({rx, ry, true});
      if (ry + 1 < ny) segments.push_back({rx, ry, false});
    }
  std::mt19937_64 rng(seed);
  // Fisher-Yates with our own uniform mapping, then Kruskal: a uniformly shuffled edge order
  // gives a random spanning tree.
  for (std::size_t i = segments.size(); i > 1; --i)
    std::swap(segments[i - 1], segments[uniform_below(rng, i)]);
  DisjointSets rooms(nx * ny);
  for (const Segment& s : segments) {
    const int a = s.ry * nx + s.rx, b = s.vertical ? a + 1 : a + nx;
    const bool tree_edge = rooms.unite(a, b);
    const bool door = tree_edge || uniform_unit(rng) < kExtraDoorProbability;
    if (!door) continue;
    if (s.vertical) {
      const int wall_x = lo(s.rx + 1) - 1;
      const int y = lo(s.ry) + static_cast<int>(uniform_below(
                                   rng, static_cast<std::uint64_t>(extent(s.ry, height))));
      g.set_passable(wall_x, y, true);
    } else {
      const int wall_y = lo(s.ry + 1) - 1;
      const int x = lo(s.rx) + static_cast<int>(uniform_below(
                                   rng, static_cast<std::uint64_t>(extent(s.rx, width))));
      g.set_passable(x, wall_y, true);
    }
  }
  return g;
}

}  // namespace pathbench
