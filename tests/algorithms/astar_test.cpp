// A* and its presets: exact costs and expansion counts on hand-checked maps, edge cases, and
// agreement with the reference Dijkstra on hundreds of random maps.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>

#include "algorithms/reference/reference_dijkstra.h"
#include "datasets/map_generators.h"
#include "tests/algorithms/test_grids.h"

namespace pathbench {
namespace {

using testing::grid_from_rows;
using testing::solve_with;
using testing::walk_cost;

const MoveRules kFour{Connectivity::Four, false};

// Solved at `cost` (to within a few ulps) after exactly `expansions` expansions: what the
// hand-checked maps below pin down, each adding the counters it also worked out.
void expect_solved(const SearchResult& r, double cost, std::uint64_t expansions) {
  ASSERT_EQ(r.status, Status::Solved);
  EXPECT_DOUBLE_EQ(r.cost, cost);
  EXPECT_EQ(r.counters.expansions, expansions);
}

TEST(AStar, CorridorExactCounts) {
  const Grid g = grid_from_rows({"....."});
  const SearchResult r = solve_with("astar", {}, g, {0, 0}, {4, 0});
  // Cells 0..3 are expanded; the goal is popped, not expanded.
  expect_solved(r, 4.0, 4);
  EXPECT_EQ(r.counters.generated, 5u);
  EXPECT_EQ(r.path.size(), 5u);
}

TEST(AStar, OpenSquareDiagonalExactCounts) {
  // Worked by hand: expand (0,0) [generates E, S, SE], SE wins on f = 2*sqrt2; expand (1,1)
  // [generates (2,1) (1,2) (2,0) (2,2) (0,2)]; (2,2) is popped next. No decrease-key.
  const Grid g = grid_from_rows({"...", "...", "..."});
  const SearchResult r = solve_with("astar", {}, g, {0, 0}, {2, 2});
  expect_solved(r, 2 * kSqrt2, 2);
  EXPECT_EQ(r.counters.generated, 9u);
  EXPECT_EQ(r.counters.updates, 0u);
}

TEST(AStar, FourConnectedManhattanAroundWallExactCounts) {
  const Grid g = grid_from_rows({"...", "@@.", "..."}, kFour);
  const SearchResult r = solve_with("astar", {{"heuristic", "manhattan"}}, g, {0, 0}, {0, 2});
  expect_solved(r, 6.0, 6);
  EXPECT_EQ(r.counters.generated, 7u);
  EXPECT_DOUBLE_EQ(walk_cost(g, r.path), 6.0);
}

TEST(AStar, DijkstraExpandsEverythingCloser) {
  // Dijkstra (f = g) from x=2 to x=4 in a 5-cell corridor. Order: x=2; then the g=1 tie goes
  // to the smaller id, x=1; then x=3; then the g=2 tie between x=0 and the goal x=4 goes to x=0.
  // The goal is popped fifth: 4 expansions.
  const Grid g = grid_from_rows({"....."});
  expect_solved(solve_with("dijkstra", {}, g, {2, 0}, {4, 0}), 2.0, 4);
}

TEST(AStar, NoCornerCuttingByDefault) {
  const Grid g = grid_from_rows({".@", ".."});
  const SearchResult r = solve_with("astar", {}, g, {0, 0}, {1, 1});
  ASSERT_EQ(r.status, Status::Solved);
  EXPECT_DOUBLE_EQ(r.cost, 2.0);
  Grid cut = g;
  cut.set_rules({Connectivity::Eight, true});
  const SearchResult rc = solve_with("astar", {}, cut, {0, 0}, {1, 1});
  ASSERT_EQ(rc.status, Status::Solved);
  EXPECT_DOUBLE_EQ(rc.cost, kSqrt2);
}

TEST(AStar, DiagonalBetweenTwoWallsIsBlockedEvenWithOneSideFree) {
  // Both side cells must be free; one blocked side forbids the diagonal.
  const Grid g = grid_from_rows({"..", "@."});
  const SearchResult r = solve_with("astar", {}, g, {0, 0}, {1, 1});
  EXPECT_DOUBLE_EQ(r.cost, 2.0);
}

TEST(AStar, FourVersusEightConnected) {
  const Grid g8 = grid_from_rows({"....", "....", "...."});
  const Grid g4 = grid_from_rows({"....", "....", "...."}, kFour);
  EXPECT_DOUBLE_EQ(solve_with("astar", {}, g8, {0, 0}, {3, 2}).cost, 1 + 2 * kSqrt2);
  EXPECT_DOUBLE_EQ(solve_with("astar", {}, g4, {0, 0}, {3, 2}).cost, 5.0);
}

TEST(AStar, TerrainCostsAreAvoidedWhenCheaper) {
  // Entering the '5' cell costs 5; going around it diagonally costs 2*sqrt2.
  const Grid g = grid_from_rows({".5.", "..."});
  const SearchResult r = solve_with("astar", {}, g, {0, 0}, {2, 0});
  ASSERT_EQ(r.status, Status::Solved);
  EXPECT_NEAR(r.cost, 2 * kSqrt2, 1e-12);
  EXPECT_NEAR(walk_cost(g, r.path), r.cost, 1e-12);
  // In a corridor there is no way around: 5 + 1.
  const Grid corridor = grid_from_rows({".5."});
  EXPECT_DOUBLE_EQ(solve_with("astar", {}, corridor, {0, 0}, {2, 0}).cost, 6.0);
}

TEST(AStar, TerrainCheaperThanOneKeepsHeuristicAdmissible) {
  Grid g = grid_from_rows({"......", "......"});
  for (int x = 0; x < 6; ++x) g.set_cell_cost(x, 1, 0.25);
  const SearchResult r = solve_with("astar", {}, g, {0, 0}, {5, 0});
  EXPECT_NEAR(r.cost, reference_cost(g, {0, 0}, {5, 0}), 1e-12);
}

TEST(AStar, StartEqualsGoal) {
  const Grid g = grid_from_rows({"...", "..."});
  const SearchResult r = solve_with("astar", {}, g, {1, 1}, {1, 1});
  ASSERT_EQ(r.status, Status::Solved);
  EXPECT_EQ(r.cost, 0.0);
  ASSERT_EQ(r.path.size(), 1u);
  EXPECT_EQ(r.counters.expansions, 0u);
}

TEST(AStar, UnreachableGoal) {
  const Grid g = grid_from_rows({"..@..", "..@..", "..@.."});
  const SearchResult r = solve_with("astar", {}, g, {0, 0}, {4, 2});
  EXPECT_EQ(r.status, Status::Unreachable);
  EXPECT_TRUE(r.path.empty());
  EXPECT_EQ(r.counters.expansions, 6u);  // the whole left component
}

TEST(AStar, BlockedOrOutOfRangeEndpointsAreInvalidQueries) {
  const Grid g = grid_from_rows({".@.", "..."});
  SearchResult r = solve_with("astar", {}, g, {1, 0}, {2, 1});
  EXPECT_EQ(r.status, Status::InvalidQuery);
  EXPECT_NE(r.message.find("start (1,0) is blocked"), std::string::npos) << r.message;
  r = solve_with("astar", {}, g, {0, 0}, {1, 0});
  EXPECT_EQ(r.status, Status::InvalidQuery);
  EXPECT_NE(r.message.find("goal"), std::string::npos);
  r = solve_with("astar", {}, g, {0, 0}, {3, 0});
  EXPECT_EQ(r.status, Status::InvalidQuery);
  EXPECT_NE(r.message.find("out of range"), std::string::npos);
  r = solve_with("astar", {}, g, {-1, 0}, {0, 0});
  EXPECT_EQ(r.status, Status::InvalidQuery);
}

TEST(AStar, OneByNAndNByOne) {
  const Grid row = grid_from_rows({"........"});
  EXPECT_DOUBLE_EQ(solve_with("astar", {}, row, {7, 0}, {0, 0}).cost, 7.0);
  const Grid col = grid_from_rows({".", ".", ".", ".", "."});
  EXPECT_DOUBLE_EQ(solve_with("astar", {}, col, {0, 0}, {0, 4}).cost, 4.0);
  const Grid one = grid_from_rows({"."});
  EXPECT_DOUBLE_EQ(solve_with("astar", {}, one, {0, 0}, {0, 0}).cost, 0.0);
}

TEST(AStar, ExpansionLimitGivesTimeout) {
  const Grid g = grid_from_rows({"..........", "..........", ".........."});
  ConfiguredPlanner cp = make_planner("dijkstra", {});
  cp.planner->prepare(g);
  SearchResult r;
  Budget b;
  b.max_expansions = 3;
  cp.planner->solve({{0, 0}, {9, 2}}, b, r);
  EXPECT_EQ(r.status, Status::Timeout);
  EXPECT_EQ(r.counters.expansions, 3u);
}

TEST(AStar, EffectiveParamsEchoPresets) {
  EXPECT_EQ(make_planner("dijkstra", {}).params.to_string(),
            "greedy=false;heuristic=zero;queue=binary;weight=1");
  EXPECT_EQ(make_planner("astar", {{"weight", "1.5"}}).params.to_string(),
            "greedy=false;heuristic=octile;queue=binary;weight=1.5");
  EXPECT_THROW(make_planner("dijkstra", {{"heuristic", "octile"}}), ParamError);
  EXPECT_THROW(make_planner("astar", {{"weight", "-1"}}), ParamError);
  EXPECT_THROW(make_planner("astar", {{"wieght", "2"}}), ParamError);
  EXPECT_THROW(make_planner("astra", {}), UnknownPlannerError);
}

TEST(AStar, CapabilitiesFollowParameters) {
  EXPECT_TRUE(make_planner("astar", {}).planner->capabilities().optimal);
  const Capabilities w = make_planner("astar", {{"weight", "2"}}).planner->capabilities();
  EXPECT_FALSE(w.optimal);
  EXPECT_DOUBLE_EQ(w.suboptimality_bound, 2.0);
  EXPECT_FALSE(make_planner("gbfs", {}).planner->capabilities().optimal);
  // Manhattan overestimates diagonal moves: no claim on an 8-connected map, optimal on a
  // 4-connected one. Capabilities say so up front; prepare() changes nothing.
  ConfiguredPlanner m = make_planner("astar", {{"heuristic", "manhattan"}});
  const Capabilities before = m.planner->capabilities();
  EXPECT_TRUE(before.claim_four_connected_only);
  const Grid g8 = grid_from_rows({".."});
  const Grid g4 = grid_from_rows({".."}, kFour);
  EXPECT_FALSE(cost_guarantee(before, g8.rules()).optimal);
  EXPECT_TRUE(std::isinf(cost_guarantee(before, g8.rules()).suboptimality_bound));
  EXPECT_TRUE(cost_guarantee(before, g4.rules()).optimal);
  m.planner->prepare(g8);
  EXPECT_TRUE(m.planner->capabilities().claim_four_connected_only);
  EXPECT_TRUE(m.planner->capabilities().optimal);
  // Weighted Manhattan keeps its bound where the heuristic is consistent, and only there.
  const Capabilities w4 =
      make_planner("astar", {{"heuristic", "manhattan"}, {"weight", "2"}}).planner->capabilities();
  EXPECT_DOUBLE_EQ(cost_guarantee(w4, g4.rules()).suboptimality_bound, 2.0);
  EXPECT_TRUE(std::isinf(cost_guarantee(w4, g8.rules()).suboptimality_bound));
  EXPECT_FALSE(make_planner("astar", {}).planner->capabilities().claim_four_connected_only);
}

// One query per map, sides up to 48.
std::vector<testing::RandomCase> random_cases(int count, std::uint64_t seed, MoveRules rules,
                                              bool terrain = false) {
  return testing::random_cases(count, seed,
                               {.max_side = 48, .rules = rules, .terrain = terrain, .queries = 1});
}

void expect_matches_reference(const std::string& planner, const RawParams& params, MoveRules rules,
                              bool terrain, std::uint64_t seed) {
  int solved = 0, unreachable = 0;
  for (const testing::RandomCase& c : random_cases(300, seed, rules, terrain)) {
    const double ref = reference_cost(c.grid, c.queries[0].start, c.queries[0].goal);
    const SearchResult r =
        solve_with(planner, params, c.grid, c.queries[0].start, c.queries[0].goal);
    if (!std::isfinite(ref)) {
      EXPECT_EQ(r.status, Status::Unreachable);
      ++unreachable;
      continue;
    }
    ASSERT_EQ(r.status, Status::Solved);
    EXPECT_NEAR(r.cost, ref, 1e-9 * std::max(1.0, ref));
    EXPECT_NEAR(walk_cost(c.grid, r.path), r.cost, 1e-9 * std::max(1.0, ref));
    EXPECT_EQ(c.grid.point(r.path.front()), c.queries[0].start);
    EXPECT_EQ(c.grid.point(r.path.back()), c.queries[0].goal);
    ++solved;
  }
  // The generator must exercise both outcomes for the comparison to mean something.
  EXPECT_GT(solved, 100);
  EXPECT_GT(unreachable, 5);
}

TEST(AStarVsReference, EightConnectedOctile) {
  expect_matches_reference("astar", {}, {}, false, 1);
}
TEST(AStarVsReference, EightConnectedEuclideanAndChebyshev) {
  expect_matches_reference("astar", {{"heuristic", "euclidean"}}, {}, false, 2);
  expect_matches_reference("astar", {{"heuristic", "chebyshev"}}, {}, false, 3);
}
TEST(AStarVsReference, FourConnectedManhattan) {
  expect_matches_reference("astar", {{"heuristic", "manhattan"}}, kFour, false, 4);
}
TEST(AStarVsReference, CornerCutting) {
  expect_matches_reference("astar", {}, {Connectivity::Eight, true}, false, 5);
}
TEST(AStarVsReference, TerrainCosts) {
  expect_matches_reference("astar", {}, {}, true, 6);
  expect_matches_reference("astar", {}, kFour, true, 7);
}
TEST(AStarVsReference, DijkstraAndPairingQueue) {
  expect_matches_reference("dijkstra", {}, {}, false, 8);
  expect_matches_reference("astar", {{"queue", "pairing"}}, {}, false, 9);
}

TEST(AStar, BinaryAndPairingQueuesExpandIdentically) {
  for (const testing::RandomCase& c : random_cases(200, 10, {})) {
    const SearchResult a = solve_with("astar", {}, c.grid, c.queries[0].start, c.queries[0].goal);
    const SearchResult b =
        solve_with("astar", {{"queue", "pairing"}}, c.grid, c.queries[0].start, c.queries[0].goal);
    ASSERT_EQ(a.status, b.status);
    EXPECT_EQ(a.counters.expansions, b.counters.expansions);
    EXPECT_EQ(a.counters.generated, b.counters.generated);
    EXPECT_EQ(a.counters.updates, b.counters.updates);
    EXPECT_EQ(a.path, b.path);
  }
}

TEST(AStar, WeightedAndGreedyStayValidAndBounded) {
  for (const testing::RandomCase& c : random_cases(200, 11, {})) {
    const double ref = reference_cost(c.grid, c.queries[0].start, c.queries[0].goal);
    if (!std::isfinite(ref)) continue;
    for (const double w : {1.5, 2.0, 5.0}) {
      const SearchResult r = solve_with("astar", {{"weight", std::to_string(w)}}, c.grid,
                                        c.queries[0].start, c.queries[0].goal);
      ASSERT_EQ(r.status, Status::Solved);
      EXPECT_LE(r.cost, w * ref + 1e-9);
      EXPECT_NEAR(walk_cost(c.grid, r.path), r.cost, 1e-9 * std::max(1.0, ref));
    }
    const SearchResult g = solve_with("gbfs", {}, c.grid, c.queries[0].start, c.queries[0].goal);
    ASSERT_EQ(g.status, Status::Solved);
    EXPECT_GE(g.cost, ref - 1e-9);
    EXPECT_NEAR(walk_cost(c.grid, g.path), g.cost, 1e-9 * std::max(1.0, ref));
  }
}

TEST(AStar, ReusedPlannerGivesIdenticalResults) {
  // Generation stamps must make every query independent of the ones before it.
  const auto cases = random_cases(50, 12, {});
  for (const testing::RandomCase& c : cases) {
    ConfiguredPlanner reused = make_planner("astar", {});
    reused.planner->prepare(c.grid);
    SearchResult r1, r2;
    for (int i = 0; i < 3; ++i)
      reused.planner->solve({c.queries[0].goal, c.queries[0].start}, {}, r1);
    reused.planner->solve({c.queries[0].start, c.queries[0].goal}, {}, r1);
    const SearchResult fresh =
        solve_with("astar", {}, c.grid, c.queries[0].start, c.queries[0].goal);
    EXPECT_EQ(r1.counters.expansions, fresh.counters.expansions);
    EXPECT_EQ(r1.path, fresh.path);
  }
}

}  // namespace
}  // namespace pathbench
