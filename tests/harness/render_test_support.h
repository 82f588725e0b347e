// Shared by the render tests: a small map with a wall bar, random queries, and one planner
// traced on a map.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "algorithms/core/grid.h"
#include "algorithms/registry/planner_registry.h"
#include "harness/render/trace_renderer.h"

namespace pathbench::render_testing {

// A small map with a wall bar (y = 7, x = 4..19): paths between the halves go around it.
inline Grid bar_map() {
  Grid g(24, 14);
  for (int x = 4; x < 20; ++x) g.set_passable(x, 7, false);
  g.set_passable(0, 13, false);
  return g;
}

inline RenderPanel traced_panel(const Grid& g, const Query& q, const std::string& name,
                                const std::string& label = "") {
  ConfiguredPlanner cp = make_planner(name, {});
  cp.planner->prepare(g);
  return run_traced(g, q, *cp.planner, label.empty() ? name : label, cp.params.to_string());
}

inline std::vector<Query> random_queries(const Grid& g, int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Point> free;
  for (int y = 0; y < g.height(); ++y)
    for (int x = 0; x < g.width(); ++x)
      if (g.passable(x, y)) free.push_back({x, y});
  std::uniform_int_distribution<std::size_t> pick(0, free.size() - 1);
  std::vector<Query> qs;
  for (int i = 0; i < count; ++i) qs.push_back({free[pick(rng)], free[pick(rng)]});
  return qs;
}

}  // namespace pathbench::render_testing
