// Small helpers shared by algorithm tests: build grids from ASCII art, run a planner by name,
// and re-walk a path under the grid's rules.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "algorithms/core/moves.h"
#include "algorithms/core/path_cost.h"
#include "algorithms/registry/planner_registry.h"
#include "tests/support/random_grids.h"

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
  std::size_t bad = 0;
  const double cost = path_cost(g, path, &bad);
  EXPECT_EQ(bad, 0u) << "illegal step (" << g.point(path[bad - 1]).x << ","
                     << g.point(path[bad - 1]).y << ")->(" << g.point(path[bad]).x << ","
                     << g.point(path[bad]).y << ")";
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
  std::size_t bad = 0;
  const double cost = path_cost(g, r.path, &bad);
  if (bad) return "illegal step " + std::to_string(bad);
  if (!near(cost, r.cost, 1e-12)) return "recomputed cost differs from the reported cost";
  return {};
}

// Equal status, cost, path and counters: what the same search must reproduce exactly.
inline ::testing::AssertionResult same_result(const SearchResult& a, const SearchResult& b) {
  auto differ = [](const char* what) { return ::testing::AssertionFailure() << what << " differ"; };
  if (a.status != b.status) return differ("statuses");
  if (!(a.cost == b.cost || (std::isnan(a.cost) && std::isnan(b.cost)))) return differ("costs");
  if (a.path != b.path) return differ("paths");
  if (a.counters.expansions != b.counters.expansions) return differ("expansions");
  if (a.counters.generated != b.counters.generated) return differ("generated counts");
  if (a.counters.updates != b.counters.updates) return differ("update counts");
  if (a.counters.peak_open != b.counters.peak_open) return differ("open-list peaks");
  return ::testing::AssertionSuccess();
}

inline SearchResult solve(Planner& p, Point s, Point t, Budget budget = {}) {
  SearchResult r;
  p.solve({s, t}, budget, r);
  return r;
}

}  // namespace pathbench::testing
