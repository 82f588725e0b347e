// The one random-map generator of the tests: deterministic maps of varied shape and density with
// random free endpoints, optionally with wall segments (the corridors and corners where jump
// points live), terrain costs and non-default move rules. Randomness comes from raw
// std::mt19937_64 output (never the implementation-defined std distributions), so a seed gives the
// same maps with every standard library.
#pragma once

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "algorithms/core/grid.h"
#include "algorithms/core/search_types.h"
#include "datasets/map_generators.h"

namespace pathbench::testing {

struct RandomMapSpec {
  int min_side = 1;  // sides uniform in [min_side, max_side]
  int max_side = 64;
  int max_density_percent = 45;  // obstacle density uniform in {0, 1, ..., max} percent
  MoveRules rules{};
  bool walls = false;       // on about half the maps, a few wall segments with gaps
  bool terrain = false;     // a quarter of the cells cost 1.0 to 4.9
  int big_every = 0;        // every n-th map is 256x256 (0: none)
  bool thin_first = false;  // maps 0-9 are 1x1 ... 10x1 (degenerate shapes)
  int queries = 4;          // per map, endpoints uniform over the free cells
};

struct RandomCase {
  Grid grid;
  std::vector<Query> queries;
};

inline std::vector<Point> free_cells(const Grid& g) {
  std::vector<Point> cells;
  for (int y = 0; y < g.height(); ++y)
    for (int x = 0; x < g.width(); ++x)
      if (g.passable(x, y)) cells.push_back({x, y});
  return cells;
}

inline int below(std::mt19937_64& rng, int n) {
  return static_cast<int>(rng() % static_cast<std::uint64_t>(n));
}

inline void add_walls(std::mt19937_64& rng, Grid& g) {
  const int w = g.width(), h = g.height();
  const int walls = 1 + below(rng, 1 + (w + h) / 8);
  for (int i = 0; i < walls; ++i) {
    const bool horizontal = below(rng, 2);
    int x = below(rng, w), y = below(rng, h);
    const int len = 1 + below(rng, std::max(w, h));
    for (int k = 0; k < len && g.in_bounds(x, y); ++k) {
      if (below(rng, 10) != 0) g.set_passable(x, y, false);  // gaps one cell in ten
      (horizontal ? x : y) += 1;
    }
  }
}

// A w x h map: uniform noise at `density`, then the spec's walls, terrain and rules.
inline Grid random_grid(std::mt19937_64& rng, int w, int h, double density,
                        const RandomMapSpec& spec = {}) {
  Grid g = random_map(w, h, density, rng());
  g.set_rules(spec.rules);
  if (spec.walls && below(rng, 2)) add_walls(rng, g);
  if (spec.terrain)
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x)
        if (below(rng, 4) == 0) g.set_cell_cost(x, y, 1.0 + below(rng, 40) / 10.0);
  return g;
}

// `count` maps that have at least one free cell (maps without one are drawn again).
inline std::vector<RandomCase> random_cases(int count, std::uint64_t seed,
                                            const RandomMapSpec& spec = {}) {
  std::mt19937_64 rng(seed);
  std::vector<RandomCase> cases;
  for (int i = 0; static_cast<int>(cases.size()) < count; ++i) {
    int w = spec.min_side + below(rng, spec.max_side - spec.min_side + 1);
    int h = spec.min_side + below(rng, spec.max_side - spec.min_side + 1);
    if (spec.thin_first && i < 10) {
      w = 1 + i;
      h = 1;
    } else if (spec.big_every > 0 && i % spec.big_every == spec.big_every - 1) {
      w = h = 256;
    }
    const double density = below(rng, spec.max_density_percent + 1) / 100.0;
    RandomCase c{random_grid(rng, w, h, density, spec), {}};
    const std::vector<Point> free = free_cells(c.grid);
    if (free.empty()) continue;
    for (int q = 0; q < spec.queries; ++q)
      c.queries.push_back({free[rng() % free.size()], free[rng() % free.size()]});
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace pathbench::testing
