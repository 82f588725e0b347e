// Theta* and Lazy Theta* (algorithms/search/any_angle_search.h): hand-checked paths on small maps,
// the planners' line-of-sight walk against the validator's exact test, and on generated maps every
// path valid under the any-angle model (harness/runner/path_validation.h) with its cost relative
// to the octile optimum printed (no bound over it is asserted: none is claimed, see
// docs/any-angle.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "algorithms/core/path_cost.h"
#include "algorithms/reference/reference_dijkstra.h"
#include "algorithms/search/line_of_sight.h"
#include "harness/runner/path_validation.h"
#include "tests/algorithms/test_grids.h"
#include "tests/support/random_grids.h"

namespace pathbench {
namespace {

using testing::ascii_grid;
using testing::solve_with;

const std::vector<std::string> kAnyAngle = {"theta_star", "lazy_theta_star"};

std::vector<Point> points(const Grid& g, const SearchResult& r) {
  std::vector<Point> out;
  for (CellId c : r.path) out.push_back(g.point(c));
  return out;
}

bool sight(const Grid& g, Point a, Point b) { return LineOfSight(g)(g.id(a), a.x, a.y, b.x, b.y); }

TEST(ThetaStar, OpenGridIsOneStraightSegment) {
  const Grid g(20, 12);
  for (const std::string& name : kAnyAngle) {
    const Point s{1, 2}, t{14, 9};
    const SearchResult r = solve_with(name, {}, g, s, t);
    ASSERT_EQ(r.status, Status::Solved) << name;
    EXPECT_EQ(points(g, r), (std::vector<Point>{s, t})) << name;
    EXPECT_DOUBLE_EQ(r.cost, std::sqrt(13.0 * 13 + 7 * 7)) << name;
    // The octile optimum is 6 + 7 sqrt(2) ~ 15.90; the segment is 14.76.
    EXPECT_LT(r.cost, 6 + 7 * std::sqrt(2.0)) << name;
  }
}

// A wall in column 3 from the top down to row 3; the only way round is row 4. The centre of
// (3,4) is not a usable corner: a segment through it from the start side touches the wall's
// bottom cell (3,3) (grazing its corner counts), so the shortest polyline of cell centres is
// (0,0) -> (2,4) -> (4,4) -> (6,0): sqrt(20) + 2 + sqrt(20) ~ 10.944, where the octile optimum
// is 6 + 4 sqrt(2) ~ 11.657. Both planners find it: from (2,4) on, every cell below the wall
// sees (2,4) or (4,4), and (4,4) sees the goal.
TEST(ThetaStar, AroundOneWallByHand) {
  const Grid g = ascii_grid({
      "...@...",
      "...@...",
      "...@...",
      "...@...",
      ".......",
  });
  for (const std::string& name : kAnyAngle) {
    const SearchResult r = solve_with(name, {}, g, {0, 0}, {6, 0});
    ASSERT_EQ(r.status, Status::Solved) << name;
    EXPECT_EQ(points(g, r), (std::vector<Point>{{0, 0}, {2, 4}, {4, 4}, {6, 0}})) << name;
    EXPECT_NEAR(r.cost, 2 + 2 * std::sqrt(20.0), 1e-12) << name;
    EXPECT_NEAR(reference_cost(g, {0, 0}, {6, 0}), 6 + 4 * std::sqrt(2.0), 1e-12);
  }
}

// The straight line (0,0) -> (3,3) passes exactly through the grid vertex (2,2), between the
// diagonally touching blocked cells (2,1) and (1,2): refused, so the path bends.
TEST(ThetaStar, NoSqueezeBetweenDiagonalBlocks) {
  const Grid g = ascii_grid({
      ".....",
      "..@..",
      ".@...",
      ".....",
      ".....",
  });
  EXPECT_FALSE(sight(g, {0, 0}, {3, 3}));
  EXPECT_FALSE(segment_in_sight(g, {0, 0}, {3, 3}));
  for (const std::string& name : kAnyAngle) {
    const SearchResult r = solve_with(name, {}, g, {0, 0}, {3, 3});
    ASSERT_EQ(r.status, Status::Solved) << name;
    EXPECT_GT(r.path.size(), 2u) << name;
    EXPECT_GT(r.cost, 3 * std::sqrt(2.0) + 1e-9) << name;
    Capabilities caps = make_planner(name, {}).planner->capabilities();
    const PathCheck check =
        check_result(g, {{0, 0}, {3, 3}}, r, reference_cost(g, {0, 0}, {3, 3}), caps);
    EXPECT_TRUE(check.valid) << name << ": " << check.error;
  }
}

// A single blocked corner is grazed by no segment either (the octile moves' no corner cutting):
// (0,0) -> (2,2) passes the vertex (1,1), one of whose four cells, (1,0), is blocked.
TEST(ThetaStar, NoGrazingOneBlockedCorner) {
  const Grid g = ascii_grid({
      ".@..",
      "....",
      "....",
  });
  EXPECT_FALSE(sight(g, {0, 0}, {2, 2}));
  EXPECT_FALSE(segment_in_sight(g, {0, 0}, {2, 2}));
  EXPECT_TRUE(sight(g, {0, 1}, {3, 2}));  // below the block: only free cells touched
  EXPECT_TRUE(segment_in_sight(g, {0, 1}, {3, 2}));
}

TEST(ThetaStar, UnreachableAndBudget) {
  const Grid g = ascii_grid({
      "..@..",
      "..@..",
      "..@..",
  });
  for (const std::string& name : kAnyAngle) {
    EXPECT_EQ(solve_with(name, {}, g, {0, 0}, {4, 2}).status, Status::Unreachable) << name;
    ConfiguredPlanner cp = make_planner(name, {});
    const Grid open(30, 30);
    cp.planner->prepare(open);
    SearchResult r;
    Budget b;
    b.max_expansions = 3;
    cp.planner->solve({{0, 0}, {29, 17}}, b, r);
    EXPECT_EQ(r.status, Status::Timeout) << name;
    EXPECT_EQ(r.counters.expansions, 3u) << name;
  }
}

TEST(ThetaStar, RefusesOtherMoveRulesAndTerrain) {
  for (const std::string& name : kAnyAngle) {
    const Capabilities caps = make_planner(name, {}).planner->capabilities();
    EXPECT_EQ(caps.path_model, PathModel::AnyAngle);
    EXPECT_FALSE(check_support(caps, Grid(3, 3, {Connectivity::Four, false})).empty());
    EXPECT_FALSE(check_support(caps, Grid(3, 3, {Connectivity::Eight, true})).empty());
    Grid terrain(3, 3);
    terrain.set_cell_cost(1, 1, 2.0);
    EXPECT_FALSE(check_support(caps, terrain).empty());
    EXPECT_TRUE(check_support(caps, Grid(3, 3)).empty());
  }
}

// The planners' walk and the validator's column-by-column test are two computations of one rule:
// on random maps, every pair of free cells of small maps and random pairs on larger ones.
TEST(ThetaStar, LineOfSightMatchesValidator) {
  std::size_t seen = 0, blocked = 0;
  const auto cases = testing::random_cases(
      60, 11, {.min_side = 1, .max_side = 14, .max_density_percent = 40, .queries = 0});
  for (const testing::RandomCase& c : cases) {
    const std::vector<Point> free = testing::free_cells(c.grid);
    for (const Point a : free)
      for (const Point b : free) {
        const bool mine = sight(c.grid, a, b), exact = segment_in_sight(c.grid, a, b);
        ASSERT_EQ(mine, exact) << "(" << a.x << "," << a.y << ")->(" << b.x << "," << b.y << ")";
        ASSERT_EQ(exact, segment_in_sight(c.grid, b, a));  // symmetric
        (exact ? seen : blocked)++;
      }
  }
  std::mt19937_64 rng(5);
  for (const testing::RandomCase& c : testing::random_cases(
           20, 12, {.min_side = 100, .max_side = 300, .max_density_percent = 10, .queries = 0})) {
    const std::vector<Point> free = testing::free_cells(c.grid);
    for (int i = 0; i < 2000; ++i) {
      const Point a = free[rng() % free.size()], b = free[rng() % free.size()];
      const bool exact = segment_in_sight(c.grid, a, b);
      ASSERT_EQ(sight(c.grid, a, b), exact);
      (exact ? seen : blocked)++;
    }
  }
  EXPECT_GT(seen, 10000u);
  EXPECT_GT(blocked, 10000u);
}

// Generated maps (the conformance suite's kind, walls included): every answer valid under the
// any-angle model, found exactly when the reference finds a path, never below the straight line;
// the ratio to the octile optimum is printed, with how many paths exceed it (allowed: docs).
TEST(ThetaStar, RandomMapsValidAndRatioToOctile) {
  const auto cases = testing::random_cases(
      300, 20261207, {.max_side = 96, .walls = true, .big_every = 60, .queries = 4});
  for (const std::string& name : kAnyAngle) {
    ConfiguredPlanner cp = make_planner(name, {});
    const Capabilities caps = cp.planner->capabilities();
    std::vector<double> ratios;
    std::size_t above = 0, below = 0;
    SearchResult r;
    for (const testing::RandomCase& c : cases) {
      cp.planner->prepare(c.grid);
      for (const Query& q : c.queries) {
        const double ref = reference_cost(c.grid, q.start, q.goal);
        cp.planner->solve(q, {}, r);
        const PathCheck check = check_result(c.grid, q, r, ref, caps);
        ASSERT_TRUE(check.valid) << name << ": " << check.error;
        if (!std::isfinite(ref)) {
          EXPECT_EQ(r.status, Status::Unreachable);
          continue;
        }
        ASSERT_EQ(r.status, Status::Solved);
        EXPECT_GE(r.cost, euclidean_length(q.goal.x - q.start.x, q.goal.y - q.start.y) - 1e-9);
        if (ref == 0) continue;
        ratios.push_back(r.cost / ref);
        above += r.cost > ref * (1 + 1e-9);
        below += r.cost < ref * (1 - 1e-9);
      }
    }
    ASSERT_GT(ratios.size(), 500u);
    std::sort(ratios.begin(), ratios.end());
    const auto at = [&](double q) {
      return ratios[static_cast<std::size_t>(q * static_cast<double>(ratios.size() - 1))];
    };
    std::printf(
        "%s: %zu paths, cost / octile optimum min %.4f p10 %.4f median %.4f p90 %.4f "
        "max %.4f; %zu below 1, %zu above 1\n",
        name.c_str(), ratios.size(), ratios.front(), at(0.1), at(0.5), at(0.9), ratios.back(),
        below, above);
    EXPECT_GT(below, ratios.size() / 2) << name << ": any-angle paths should mostly cut across";
  }
}

}  // namespace
}  // namespace pathbench
