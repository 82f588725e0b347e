// Small helpers shared by algorithm tests: build grids from ASCII art, run a planner by name,
// and re-walk a path under the grid's rules.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "algorithms/core/moves.h"
#include "algorithms/registry/planner_registry.h"

namespace pathbench::testing {

// Rows of '.' (free), '@' (blocked) or a digit 2-9 (free with that terrain cost).
inline Grid grid_from_rows(const std::vector<std::string>& rows, MoveRules rules = {}) {
  const int h = static_cast<int>(rows.size());
  const int w = h ? static_cast<int>(rows[0].size()) : 0;
  Grid g(w, h, rules);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const char c = rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)];
      if (c == '@') g.set_passable(x, y, false);
      if (c >= '2' && c <= '9') g.set_cell_cost(x, y, c - '0');
    }
  return g;
}

inline SearchResult solve_with(const std::string& planner, const RawParams& params, const Grid& g,
                               Point s, Point t) {
  ConfiguredPlanner cp = make_planner(planner, params);
  cp.planner->prepare(g);
  SearchResult r;
  cp.planner->solve({s, t}, {}, r);
  return r;
}

// Recomputes the cost of `path`, failing the test on any illegal step.
inline double walk_cost(const Grid& g, const std::vector<CellId>& path) {
  double cost = 0;
  for (std::size_t i = 1; i < path.size(); ++i) {
    double step = 0;
    const Point a = g.point(path[i - 1]), b = g.point(path[i]);
    EXPECT_TRUE(legal_move(g, a, b, &step))
        << "illegal step (" << a.x << "," << a.y << ")->(" << b.x << "," << b.y << ")";
    cost += step;
  }
  return cost;
}

}  // namespace pathbench::testing
