// Conformance of every registered planner against the reference Dijkstra, driven by the
// registry: a planner is tested the day it is registered. Optimal planners must return the
// optimal cost; bounded ones stay within their bound; every planner must find a path exactly
// when one exists (all planners here are complete) and return a legal path whose recomputed cost
// equals the reported cost. Solving the same query twice on one prepared planner must give the
// same result and counters (generation stamps, reused state).
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "algorithms/reference/reference_dijkstra.h"
#include "datasets/map_generators.h"
#include "tests/algorithms/test_grids.h"

namespace pathbench {
namespace {

using testing::walk_cost;

struct Variant {
  std::string name;
  RawParams params;
};

// Every registry entry with its defaults, plus the non-default queue of astar. Except external:
// it runs a program given by its required `command` (tests/harness/external_planner_test.cpp
// checks it with the reference Python planner, too slow for 500 maps).
std::vector<Variant> all_variants() {
  std::vector<Variant> out;
  for (const PlannerInfo& info : planner_registry())
    if (info.name != "external") out.push_back({info.name, {}});
  out.push_back({"astar", {{"queue", "pairing"}}});
  out.push_back({"astar", {{"weight", "1.5"}}});
  return out;
}

std::string describe(const Variant& v) {
  std::string s = v.name;
  for (const auto& [k, val] : v.params) s += " " + k + "=" + val;
  return s;
}

struct Case {
  Grid grid;
  std::vector<Query> queries;
};

// 500 maps from 1x1 to 256x256, densities 0-45%, a few random free endpoints each; about 15%
// of the queries have no path at these densities.
std::vector<Case> make_cases() {
  std::mt19937_64 rng(20261202);
  std::vector<Case> cases;
  for (int i = 0; i < 500; ++i) {
    int w, h;
    if (i < 10) {
      w = 1 + i;  // degenerate shapes first: 1x1, 2x1, ...
      h = 1;
    } else if (i % 50 == 0) {
      w = h = 256;
    } else {
      w = 1 + static_cast<int>(rng() % 64);
      h = 1 + static_cast<int>(rng() % 64);
    }
    const double density = static_cast<double>(rng() % 46) / 100.0;
    Case c{random_map(w, h, density, rng()), {}};
    std::vector<Point> free;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x)
        if (c.grid.passable(x, y)) free.push_back({x, y});
    if (free.empty()) continue;
    for (int q = 0; q < 3; ++q)
      c.queries.push_back({free[rng() % free.size()], free[rng() % free.size()]});
    cases.push_back(std::move(c));
  }
  return cases;
}

const std::vector<Case>& cases() {
  static const std::vector<Case> all = make_cases();
  return all;
}

class Conformance : public ::testing::TestWithParam<Variant> {};

TEST_P(Conformance, MatchesReferenceOnGeneratedMaps) {
  const Variant& v = GetParam();
  ConfiguredPlanner cp = make_planner(v.name, v.params);
  Planner& planner = *cp.planner;
  std::size_t solved = 0, unreachable = 0;
  SearchResult r, again;
  for (const Case& c : cases()) {
    ASSERT_TRUE(check_support(planner.capabilities(), c.grid).empty());
    planner.prepare(c.grid);
    const Capabilities caps = planner.capabilities();
    for (const Query& q : c.queries) {
      const double ref = reference_cost(c.grid, q.start, q.goal);
      planner.solve(q, {}, r);
      planner.solve(q, {}, again);
      EXPECT_EQ(again.path, r.path) << describe(v) << ": second solve differs";
      EXPECT_EQ(again.counters.expansions, r.counters.expansions) << describe(v);
      if (!std::isfinite(ref)) {
        EXPECT_EQ(r.status, Status::Unreachable) << describe(v);
        ++unreachable;
        continue;
      }
      ASSERT_EQ(r.status, Status::Solved)
          << describe(v) << " on a " << c.grid.width() << "x" << c.grid.height() << " map";
      ++solved;
      const double tol = 1e-9 * std::max(1.0, ref);
      EXPECT_EQ(c.grid.point(r.path.front()), q.start);
      EXPECT_EQ(c.grid.point(r.path.back()), q.goal);
      EXPECT_NEAR(walk_cost(c.grid, r.path), r.cost, tol) << describe(v);
      EXPECT_GE(r.cost, ref - tol) << describe(v);
      if (caps.optimal) {
        EXPECT_NEAR(r.cost, ref, tol) << describe(v);
      } else if (std::isfinite(caps.suboptimality_bound)) {
        EXPECT_LE(r.cost, caps.suboptimality_bound * ref + tol) << describe(v);
      }
    }
  }
  EXPECT_GT(solved, 800u);
  EXPECT_GT(unreachable, 20u);
}

INSTANTIATE_TEST_SUITE_P(AllPlanners, Conformance, ::testing::ValuesIn(all_variants()),
                         [](const ::testing::TestParamInfo<Variant>& param) {
                           std::string s = param.param.name;
                           for (const auto& [k, val] : param.param.params) s += "_" + k + "_" + val;
                           for (char& ch : s)
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return s;
                         });

TEST(Conformance, RegistryListsEveryPlannerOnce) {
  std::vector<std::string> names;
  for (const PlannerInfo& info : planner_registry()) names.push_back(info.name);
  for (const char* expected : {"astar", "boost_astar", "dijkstra", "dstar_lite", "external", "gbfs",
                               "hpa", "jps", "jps_plus"})
    EXPECT_EQ(std::count(names.begin(), names.end(), expected), 1) << expected;
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
}

}  // namespace
}  // namespace pathbench
