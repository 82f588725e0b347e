// Small helpers shared by algorithm tests: build grids from ASCII art, run a planner by name,
// and re-walk a path under the grid's rules.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
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

// Rows of '.' (free) and '@' (blocked), MovingAI style.
inline Grid ascii_grid(const std::vector<std::string>& rows) {
  Grid g(static_cast<int>(rows.front().size()), static_cast<int>(rows.size()));
  for (int y = 0; y < g.height(); ++y)
    for (int x = 0; x < g.width(); ++x)
      g.set_passable(x, y, rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] == '.');
  return g;
}

// Relative closeness; infinities are equal only to themselves.
inline bool near(double a, double b, double rel) {
  if (std::isinf(a) || std::isinf(b)) return a == b;
  return std::fabs(a - b) <= rel * std::max(1.0, std::fabs(b));
}

// Replays the path move by move; returns a failure description, empty when it is valid.
inline std::string check_path(const Grid& g, const Query& q, const SearchResult& r) {
  if (r.path.empty()) return "empty path";
  if (r.path.front() != g.id(q.start)) return "path does not start at start";
  if (r.path.back() != g.id(q.goal)) return "path does not end at goal";
  double cost = 0.0;
  for (std::size_t i = 1; i < r.path.size(); ++i) {
    double step = 0.0;
    if (!legal_move(g, g.point(r.path[i - 1]), g.point(r.path[i]), &step))
      return "illegal step " + std::to_string(i);
    cost += step;
  }
  if (!near(cost, r.cost, 1e-12)) return "recomputed cost differs from the reported cost";
  return {};
}

inline SearchResult solve(Planner& p, Point s, Point t, Budget budget = {}) {
  SearchResult r;
  p.solve({s, t}, budget, r);
  return r;
}

// Random map: uniform noise at `density`, plus (sometimes) a few wall segments, which create the
// long corridors and corners where jump points live.
inline Grid random_grid(std::mt19937_64& rng, int w, int h, double density) {
  Grid g(w, h);
  std::bernoulli_distribution blocked(density);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      if (blocked(rng)) g.set_passable(x, y, false);
  if (std::uniform_int_distribution<int>(0, 1)(rng)) {
    const int walls = std::uniform_int_distribution<int>(1, 1 + (w + h) / 8)(rng);
    for (int i = 0; i < walls; ++i) {
      const bool horizontal = std::uniform_int_distribution<int>(0, 1)(rng);
      int x = std::uniform_int_distribution<int>(0, w - 1)(rng);
      int y = std::uniform_int_distribution<int>(0, h - 1)(rng);
      const int len = std::uniform_int_distribution<int>(1, std::max(w, h))(rng);
      for (int k = 0; k < len && g.in_bounds(x, y); ++k) {
        if (std::uniform_int_distribution<int>(0, 9)(rng) != 0) g.set_passable(x, y, false);
        (horizontal ? x : y) += 1;
      }
    }
  }
  return g;
}

inline std::vector<Point> free_cells(const Grid& g) {
  std::vector<Point> cells;
  for (int y = 0; y < g.height(); ++y)
    for (int x = 0; x < g.width(); ++x)
      if (g.passable(x, y)) cells.push_back({x, y});
  return cells;
}

}  // namespace pathbench::testing
