// boost_astar (the Boost.Graph baseline) against the reference Dijkstra on random maps under every
// move-rule combination, plus path legality, unreachable goals, start == goal and budgets.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "algorithms/core/moves.h"
#include "algorithms/core/planner.h"
#include "algorithms/planners/boost_astar/boost_astar_planner.h"
#include "algorithms/reference/reference_dijkstra.h"
#include "tests/algorithms/test_grids.h"
#include "tests/support/planner_checks.h"
#include "tests/support/random_grids.h"

namespace pathbench {
namespace {

std::unique_ptr<Planner> make_boost_astar() { return boost_astar_planner_info().factory({}); }
std::unique_ptr<Planner> prepared_boost_astar(const Grid& g) {
  auto planner = make_boost_astar();
  planner->prepare(g);
  return planner;
}
using testing::solve;

struct MapSpec {
  std::string name;
  MoveRules rules;
  bool terrain = false;
};

// Path from start to goal, every step a single legal move, and its recomputed cost equal to the
// reported one.
void expect_legal_path(const Grid& g, const Query& q, const SearchResult& r) {
  ASSERT_FALSE(r.path.empty());
  EXPECT_EQ(r.path.front(), g.id(q.start));
  EXPECT_EQ(r.path.back(), g.id(q.goal));
  double total = 0.0;
  for (std::size_t i = 1; i < r.path.size(); ++i) {
    double step = 0.0;
    ASSERT_TRUE(legal_move(g, g.point(r.path[i - 1]), g.point(r.path[i]), &step))
        << "illegal step " << i << " of " << r.path.size();
    total += step;
  }
  EXPECT_TRUE(costs_equal(total, r.cost)) << "recomputed " << total << " vs reported " << r.cost;
}

TEST(BoostAStar, InfoAndCapabilities) {
  testing::expect_info_without_params(boost_astar_planner_info(), "boost_astar");
  testing::expect_optimal_on(
      make_boost_astar()->capabilities(),
      {.uniform_cost_only = false, .four_connected = true, .corner_cutting = true});
}

TEST(BoostAStar, MatchesReferenceOnRandomMaps) {
  const std::vector<MapSpec> specs = {
      {"8-connected", {Connectivity::Eight, false}, false},
      {"4-connected", {Connectivity::Four, false}, false},
      {"corner-cutting", {Connectivity::Eight, true}, false},
      {"8-connected terrain", {Connectivity::Eight, false}, true},
      {"4-connected terrain", {Connectivity::Four, false}, true},
      {"corner-cutting terrain", {Connectivity::Eight, true}, true},
  };
  int solved = 0, unreachable = 0;
  std::uint64_t seed = 1000;
  for (const MapSpec& spec : specs) {
    ++seed;
    const testing::RandomMapSpec maps{.min_side = 4,
                                      .max_side = 40,
                                      .max_density_percent = 40,
                                      .rules = spec.rules,
                                      .terrain = spec.terrain,
                                      .queries = 6};
    for (const testing::RandomCase& c : testing::random_cases(15, seed, maps)) {
      const Grid& g = c.grid;
      const auto planner = make_boost_astar();
      planner->prepare(g);
      EXPECT_GT(planner->memory_bytes(), 0u);
      SearchResult r;  // reused across queries, as the harness does
      for (const Query& q : c.queries) {
        SCOPED_TRACE(spec.name + " seed " + std::to_string(seed));
        planner->solve(q, Budget{}, r);
        const double want = reference_cost(g, q.start, q.goal);
        if (std::isinf(want)) {
          EXPECT_EQ(r.status, Status::Unreachable);
          EXPECT_TRUE(r.path.empty());
          ++unreachable;
          continue;
        }
        ASSERT_EQ(r.status, Status::Solved);
        EXPECT_TRUE(costs_equal(r.cost, want)) << r.cost << " vs reference " << want;
        expect_legal_path(g, q, r);
        if (q.start != q.goal) {
          EXPECT_GT(r.counters.generated, 0u);
          EXPECT_GE(r.counters.generated, r.counters.expansions);
          EXPECT_GE(r.counters.peak_open, 1u);
        }
        ++solved;
      }
    }
  }
  EXPECT_GE(solved + unreachable, 300);
  EXPECT_GT(solved, 250);
  EXPECT_GT(unreachable, 0);  // dense maps split into components sometimes; keep that path tested
}

TEST(BoostAStar, UnreachableBehindWall) {
  Grid g(10, 6);
  for (int y = 0; y < 6; ++y) g.set_passable(5, y, false);
  const SearchResult r = solve(*prepared_boost_astar(g), {1, 1}, {8, 4});
  EXPECT_EQ(r.status, Status::Unreachable);
  EXPECT_TRUE(std::isinf(r.cost));
  EXPECT_TRUE(r.path.empty());
  EXPECT_EQ(r.counters.expansions, 30u);  // the whole left component is closed
}

TEST(BoostAStar, DiagonalGapNeedsCornerCutting) {
  // Two free cells touching only at a corner: connected only when corners may be cut.
  Grid g(2, 2);
  g.set_passable(1, 0, false);
  g.set_passable(0, 1, false);
  const auto planner = make_boost_astar();
  SearchResult r;
  planner->prepare(g);
  planner->solve({{0, 0}, {1, 1}}, Budget{}, r);
  EXPECT_EQ(r.status, Status::Unreachable);
  g.set_rules({Connectivity::Eight, true});
  planner->prepare(g);  // the graph is built in prepare, so rules changes need a re-prepare
  planner->solve({{0, 0}, {1, 1}}, Budget{}, r);
  ASSERT_EQ(r.status, Status::Solved);
  EXPECT_DOUBLE_EQ(r.cost, kSqrt2);
  EXPECT_EQ(r.path.size(), 2u);
}

TEST(BoostAStar, StartEqualsGoal) {
  Grid g(5, 5);
  const SearchResult r = solve(*prepared_boost_astar(g), {2, 3}, {2, 3});
  EXPECT_EQ(r.status, Status::Solved);
  EXPECT_EQ(r.cost, 0.0);
  ASSERT_EQ(r.path.size(), 1u);
  EXPECT_EQ(r.path[0], g.id(2, 3));
}

TEST(BoostAStar, InvalidQueries) {
  Grid g(5, 5);
  g.set_passable(1, 1, false);
  const auto planner = prepared_boost_astar(g);
  EXPECT_EQ(solve(*planner, {1, 1}, {3, 3}).status, Status::InvalidQuery);
  EXPECT_EQ(solve(*planner, {0, 0}, {5, 0}).status, Status::InvalidQuery);
}

TEST(BoostAStar, OpenGridStraightLineAndTerrainScaledHeuristic) {
  const Grid g(30, 30);
  const auto planner = prepared_boost_astar(g);
  SearchResult r = solve(*planner, {0, 0}, {29, 0});
  ASSERT_EQ(r.status, Status::Solved);
  EXPECT_DOUBLE_EQ(r.cost, 29.0);
  // With an exact heuristic and no obstacles the search stays on the straight line.
  EXPECT_LE(r.counters.expansions, 29u * 3u);

  // Cheap cells (cost 0.5) make an unscaled octile heuristic inadmissible; scaling keeps it exact.
  Grid t(20, 20);
  for (int y = 0; y < 20; ++y)
    for (int x = 0; x < 20; ++x) t.set_cell_cost(x, y, y == 10 ? 0.5 : 2.0);
  planner->prepare(t);
  const Query q{{0, 0}, {19, 19}};
  r = solve(*planner, q.start, q.goal);
  ASSERT_EQ(r.status, Status::Solved);
  EXPECT_TRUE(costs_equal(r.cost, reference_cost(t, q.start, q.goal)));
  expect_legal_path(t, q, r);
}

TEST(BoostAStar, ExpansionBudgetGivesTimeout) {
  Grid g(60, 60);
  for (int y = 0; y < 59; ++y) g.set_passable(30, y, false);  // force a long detour
  const auto planner = prepared_boost_astar(g);
  Budget budget;
  budget.max_expansions = 10;
  SearchResult r = solve(*planner, {0, 0}, {59, 0}, budget);
  EXPECT_EQ(r.status, Status::Timeout);
  EXPECT_EQ(r.counters.expansions, 10u);  // same convention as best_first_search
  // The same planner still answers an unrestricted query correctly afterwards.
  r = solve(*planner, {0, 0}, {59, 0});
  ASSERT_EQ(r.status, Status::Solved);
  EXPECT_TRUE(costs_equal(r.cost, reference_cost(g, {0, 0}, {59, 0})));
}

}  // namespace
}  // namespace pathbench
