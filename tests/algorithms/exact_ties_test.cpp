// Exact f ties (issue 12, item 1; algorithms/core/search_cost.h). With costs in the fixed-point
// lattice and the octile heuristic computed in the same lattice, every cell on an optimal path of
// an open grid has the same f, so A*'s larger-g-first rule (AStarOrder) follows one optimal path
// straight to the goal: d expansions for a goal d moves away, the goal itself being popped, not
// expanded. With double costs the same query to (1000, 300) expanded 195,260 nodes.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <string>

#include "algorithms/core/moves.h"
#include "algorithms/core/path_cost.h"
#include "algorithms/core/search_cost.h"
#include "tests/algorithms/test_grids.h"
#include "tests/support/random_grids.h"

namespace pathbench {
namespace {

// Goals up to 1000 moves away in every octant shape: pure cardinal, pure diagonal, mixed, and
// ones a single step off a diagonal or an axis.
const Query kQueries[] = {
    {{0, 0}, {1000, 300}}, {{0, 0}, {100, 30}},     {{0, 0}, {1000, 1000}},    {{0, 0}, {1000, 0}},
    {{0, 0}, {0, 1000}},   {{0, 0}, {999, 1000}},   {{0, 0}, {7, 999}},        {{0, 0}, {537, 911}},
    {{550, 550}, {0, 0}},  {{550, 550}, {1099, 0}}, {{1099, 1099}, {99, 600}}, {{3, 4}, {3, 5}},
};

int moves_between(const Query& q) {
  return std::max(std::abs(q.goal.x - q.start.x), std::abs(q.goal.y - q.start.y));
}

double octile_between(const Query& q) {
  return octile_distance(std::abs(q.goal.x - q.start.x), std::abs(q.goal.y - q.start.y));
}

// Every query on one prepared planner (preparing a 1.2M-cell grid once).
void expect_one_path_expanded(const std::string& planner, const RawParams& params, const Grid& g) {
  ConfiguredPlanner cp = make_planner(planner, params);
  cp.planner->prepare(g);
  for (const Query& q : kQueries) {
    SearchResult r;
    cp.planner->solve({q.start, q.goal}, {}, r);
    const std::string where = planner + " (" + std::to_string(q.start.x) + "," +
                              std::to_string(q.start.y) + ")->(" + std::to_string(q.goal.x) + "," +
                              std::to_string(q.goal.y) + ")";
    ASSERT_EQ(r.status, Status::Solved) << where;
    EXPECT_EQ(r.counters.expansions, static_cast<std::uint64_t>(moves_between(q))) << where;
    EXPECT_EQ(r.path.size(), static_cast<std::size_t>(moves_between(q)) + 1) << where;
    EXPECT_EQ(r.counters.updates, 0u) << where;
    EXPECT_NEAR(r.cost, octile_between(q), 1e-9 * octile_between(q)) << where;
    EXPECT_DOUBLE_EQ(r.cost, testing::walk_cost(g, r.path)) << where;
  }
}

TEST(ExactTies, OpenGridBinaryHeapExpandsOnePath) {
  const Grid g(1100, 1100);
  expect_one_path_expanded("astar", {{"queue", "binary"}}, g);
}

TEST(ExactTies, OpenGridPairingHeapExpandsOnePath) {
  const Grid g(1100, 1100);
  expect_one_path_expanded("astar", {{"queue", "pairing"}}, g);
}

// Weight 1 is plain A*: the same keys, so the same count.
TEST(ExactTies, OpenGridWeightOneExpandsOnePath) {
  const Grid g(1100, 1100);
  expect_one_path_expanded("astar", {{"weight", "1.0"}, {"queue", "binary"}}, g);
  expect_one_path_expanded("astar", {{"weight", "1.0"}, {"queue", "pairing"}}, g);
}

// Terrain of one uniform cost 2.5: steps round up to the lattice, h is scaled by the minimum cell
// cost (2.5) and built from the same rounded step costs, so ties stay exact.
TEST(ExactTies, UniformTerrainKeepsTiesExact) {
  Grid g(300, 300);
  for (int y = 0; y < g.height(); ++y)
    for (int x = 0; x < g.width(); ++x) g.set_cell_cost(x, y, 2.5);
  ASSERT_TRUE(g.has_terrain());
  ConfiguredPlanner cp = make_planner("astar", {});
  cp.planner->prepare(g);
  for (const Query& q : {Query{{0, 0}, {299, 90}}, Query{{10, 250}, {280, 0}}}) {
    SearchResult r;
    cp.planner->solve({q.start, q.goal}, {}, r);
    ASSERT_EQ(r.status, Status::Solved);
    EXPECT_EQ(r.counters.expansions, static_cast<std::uint64_t>(moves_between(q)));
    EXPECT_NEAR(r.cost, 2.5 * octile_between(q), 1e-9 * r.cost);
  }
}

// Reported costs are the double sum over the returned path (built_path_cost), bit-equal to the
// validator's path_cost, with and without terrain, 8- and 4-connected; not the lattice g.
TEST(ExactTies, ReportedCostIsThePathsDoubleSum) {
  testing::RandomMapSpec spec;
  spec.terrain = true;
  int solved = 0;
  for (const bool four : {false, true}) {
    spec.rules = four ? MoveRules{Connectivity::Four, false} : MoveRules{};
    for (const testing::RandomCase& c : testing::random_cases(40, four ? 5 : 4, spec)) {
      ConfiguredPlanner cp = make_planner("astar", {});
      cp.planner->prepare(c.grid);
      for (const auto& [s, t] : c.queries) {
        SearchResult r;
        cp.planner->solve({s, t}, {}, r);
        if (r.status != Status::Solved) continue;
        ++solved;
        EXPECT_EQ(r.cost, path_cost(c.grid, r.path));
        EXPECT_EQ(r.cost, built_path_cost(c.grid, r.path));
      }
    }
  }
  EXPECT_GT(solved, 100);
}

TEST(SearchCost, LatticeConstants) {
  EXPECT_EQ(step_cost(1.0), kCardinalCost);
  EXPECT_EQ(step_cost(kSqrt2), kDiagonalCost);
  // Rounded up: above sqrt(2) * 2^32 (6074000999.952...), by less than one unit.
  const long double exact = std::sqrt(2.0L) * 4294967296.0L;
  EXPECT_GT(static_cast<long double>(kDiagonalCost), exact);
  EXPECT_LT(static_cast<long double>(kDiagonalCost) - exact, 1.0L);
  // Heuristics round down, step costs up.
  EXPECT_EQ(heuristic_cost(kSqrt2), kDiagonalCost - 1);
  EXPECT_EQ(step_cost(0.5), kCardinalCost / 2);
  EXPECT_EQ(heuristic_cost(3.0), 3 * kCardinalCost);
  EXPECT_EQ(octile_cost(7, 3), 4 * kCardinalCost + 3 * kDiagonalCost);
  EXPECT_EQ(octile_cost(3, 7), octile_cost(7, 3));
  EXPECT_EQ(move_cost(false, 1.0, false), kCardinalCost);
  EXPECT_EQ(move_cost(false, kSqrt2, true), kDiagonalCost);
  EXPECT_EQ(move_cost(true, 2.0 * kSqrt2, true), step_cost(2.0 * kSqrt2));
  EXPECT_NEAR(to_real_cost(octile_cost(10, 10)), 10 * kSqrt2, 1e-9);
  EXPECT_TRUE(std::isinf(to_real_cost(kInfiniteCost)));
}

// The euclidean heuristic, rounded down, never exceeds the lattice cost of the octile path it
// underestimates (the rounding directions keep it admissible), here on every (dx, dy) up to 300.
TEST(SearchCost, RoundedEuclideanStaysBelowLatticeOctile) {
  int violations = 0;
  for (int dx = 0; dx <= 300; ++dx)
    for (int dy = 0; dy <= 300; ++dy)
      if (heuristic_cost(std::sqrt(double(dx) * dx + double(dy) * dy)) > octile_cost(dx, dy))
        ++violations;
  EXPECT_EQ(violations, 0);
}

}  // namespace
}  // namespace pathbench
