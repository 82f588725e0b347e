// The differential heuristic's tables and astar_differential: the bound is admissible against the
// reference Dijkstra and consistent move by move in the search lattice (every rule set, terrain
// included, where only the one-sided bound holds), and on a maze the landmarks cut A*'s
// expansions while every cost stays A*'s. The conformance suite runs the planner on its
// random maps too (planner_variants.h).
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "algorithms/core/moves.h"
#include "algorithms/heuristics/differential_heuristic.h"
#include "algorithms/reference/reference_dijkstra.h"
#include "algorithms/registry/planner_registry.h"
#include "datasets/map_generators.h"
#include "tests/support/random_grids.h"

namespace pathbench {
namespace {

using testing::RandomMapSpec;
using testing::random_cases;

std::vector<RandomMapSpec> every_rule_set() {
  std::vector<RandomMapSpec> specs;
  for (const MoveRules rules : {MoveRules{Connectivity::Eight, false},
                                MoveRules{Connectivity::Eight, true},
                                MoveRules{Connectivity::Four, false}})
    for (const bool terrain : {false, true}) {
      RandomMapSpec s;
      s.min_side = 1;
      s.max_side = 12;
      s.rules = rules;
      s.terrain = terrain;
      s.walls = true;
      specs.push_back(s);
    }
  return specs;
}

TEST(DifferentialHeuristic, AdmissibleAndConsistentUnderEveryRuleSet) {
  int checked_pairs = 0;
  for (const RandomMapSpec& spec : every_rule_set()) {
    for (const testing::RandomCase& c : random_cases(12, 7, spec)) {
      const Grid& g = c.grid;
      for (const LandmarkPlacement placement :
           {LandmarkPlacement::Farthest, LandmarkPlacement::Random}) {
        DifferentialHeuristic dh;
        dh.build(g, 3, placement, 11);
        const MoveOffsets off(g);
        const std::vector<Point> free = testing::free_cells(g);
        ASSERT_EQ(dh.landmarks(), std::min<int>(3, static_cast<int>(free.size())));
        for (const Point n : free) {
          // d(n, .) from n: costs are directed with terrain (entering a cell is what costs).
          const std::vector<double> exact = reference_costs_from(g, n);
          for (const Point goal : free) {
            dh.set_goal(g.id(goal));
            const SearchCost h = dh.bound(g.id(n));
            ASSERT_GE(h, 0);
            const double d = exact[g.id(goal)];
            if (std::isinf(d)) continue;
            // The lattice rounds each step up by < 2^-32 (search_cost.h): allow that slack.
            ASSERT_LE(to_real_cost(h), d + 1e-6)
                << "n " << n.x << "," << n.y << " goal " << goal.x << "," << goal.y;
            ++checked_pairs;
            for_each_successor(g, off, g.id(n), [&](CellId m, double step, int dir) {
              const SearchCost move = move_cost(g.has_terrain(), step, is_diagonal(dir));
              ASSERT_LE(h, move + dh.bound(m)) << "inconsistent at " << n.x << "," << n.y;
            });
          }
        }
      }
    }
  }
  EXPECT_GT(checked_pairs, 10000);
}

TEST(DifferentialHeuristic, FarthestPlacementSpreadsTheLandmarks) {
  // An open 20x10 room: the first landmark lies on the rim, the second is the farthest cell from
  // it, the opposite corner region; all distinct.
  Grid g(20, 10);
  DifferentialHeuristic dh;
  dh.build(g, 4, LandmarkPlacement::Farthest, 1);
  const std::vector<CellId>& l = dh.landmark_cells();
  ASSERT_EQ(l.size(), 4u);
  EXPECT_GE(std::abs(g.x_of(l[0]) - g.x_of(l[1])), 19);
  for (std::size_t i = 0; i < l.size(); ++i)
    for (std::size_t j = i + 1; j < l.size(); ++j) EXPECT_NE(l[i], l[j]);
  EXPECT_EQ(dh.memory_bytes(), g.num_ids() * 4 * sizeof(SearchCost));
}

TEST(AStarDifferential, SameCostsAsAStarAndFewerExpansionsOnAMaze) {
  const Grid maze = maze_map(65, 65, 1, 5);
  const std::vector<Point> free = testing::free_cells(maze);
  std::mt19937_64 rng(3);
  ConfiguredPlanner astar = make_planner("astar", {});
  ConfiguredPlanner dh = make_planner("astar_differential", {{"landmarks", "8"}});
  astar.planner->prepare(maze);
  dh.planner->prepare(maze);
  EXPECT_GE(dh.planner->memory_bytes(), maze.num_ids() * 8 * sizeof(SearchCost));
  std::uint64_t astar_expansions = 0, dh_expansions = 0;
  for (int q = 0; q < 40; ++q) {
    const Query query{free[rng() % free.size()], free[rng() % free.size()]};
    SearchResult a, d;
    astar.planner->solve(query, {}, a);
    dh.planner->solve(query, {}, d);
    ASSERT_EQ(a.status, Status::Solved);
    ASSERT_EQ(d.status, Status::Solved);
    EXPECT_EQ(d.cost, a.cost);
    EXPECT_NEAR(d.cost, reference_cost(maze, query.start, query.goal), 1e-6);
    astar_expansions += a.counters.expansions;
    dh_expansions += d.counters.expansions;
  }
  // Octile is blind to a maze's walls; the landmarks see them. Deterministic counts.
  EXPECT_LT(dh_expansions * 2, astar_expansions)
      << "A* " << astar_expansions << ", differential " << dh_expansions;
}

TEST(AStarDifferential, ParametersAreChecked) {
  EXPECT_THROW(make_planner("astar_differential", {{"landmarks", "0"}}), ParamError);
  EXPECT_THROW(make_planner("astar_differential", {{"placement", "middle"}}), ParamError);
  EXPECT_EQ(make_planner("astar_differential", {}).params.to_string(),
            "landmark_seed=1;landmarks=4;placement=farthest;queue=binary;weight=1");
}

}  // namespace
}  // namespace pathbench
