// What the planners over jump points share (`jps`, `jps_plus`, `canonical_astar` and its
// `canonical_dijkstra` preset), run once per planner: exact costs on hand-made maps, budgets,
// agreement with the reference Dijkstra on random maps (every path replayed move by move), reuse
// across queries, capability rejections and the MovingAI scenario lengths. Planner-specific checks
// (jump tables, agreement of jps_plus with jps, tracing) live in jps_test.cpp / jps_plus_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "algorithms/reference/reference_dijkstra.h"
#include "datasets/map_io.h"
#include "datasets/scen_io.h"
#include "tests/algorithms/test_grids.h"
#include "tests/support/planner_checks.h"
#include "tests/support/test_data.h"

namespace pathbench {
namespace {

using testing::ascii_grid;
using testing::check_path;
using testing::near;
using testing::solve;

class JumpPoint : public ::testing::TestWithParam<std::string> {
 protected:
  std::unique_ptr<Planner> make() const { return make_planner(GetParam(), {}).planner; }
};

TEST_P(JumpPoint, Capabilities) {
  testing::expect_optimal_on(
      make()->capabilities(),
      {.uniform_cost_only = true, .four_connected = false, .corner_cutting = false});
}

TEST_P(JumpPoint, HandMadeMaps) {
  auto p = make();
  const Grid open(5, 5);
  p->prepare(open);
  EXPECT_GT(p->memory_bytes(), 0u);
  for (const auto& [goal, cost] :
       {std::pair{Point{4, 4}, 4 * kSqrt2}, std::pair{Point{4, 2}, 2 * kSqrt2 + 2}}) {
    const SearchResult r = solve(*p, {0, 0}, goal);
    ASSERT_EQ(r.status, Status::Solved);
    EXPECT_DOUBLE_EQ(r.cost, cost);
    EXPECT_EQ(r.path.size(), 5u);
    EXPECT_EQ(check_path(open, {{0, 0}, goal}, r), "");
  }
  // The only way through column 2 is its bottom cell; no corner cutting around (2,3).
  const Grid gap = ascii_grid({"..@..", "..@..", "..@..", "..@..", "....."});
  p->prepare(gap);
  SearchResult r = solve(*p, {0, 0}, {4, 0});
  ASSERT_EQ(r.status, Status::Solved);
  EXPECT_NEAR(r.cost, 8 + 2 * kSqrt2, 1e-12);
  EXPECT_EQ(check_path(gap, {{0, 0}, {4, 0}}, r), "");
  // A room behind a door at (5,2), entered and left straight (the diagonals would cut the
  // wall's corners): octile (0,4)->(4,2) + 2 + octile (6,2)->(9,0).
  const Grid door =
      ascii_grid({".....@....", ".....@....", "..........", ".....@....", ".....@...."});
  p->prepare(door);
  r = solve(*p, {0, 4}, {9, 0});
  ASSERT_EQ(r.status, Status::Solved);
  EXPECT_NEAR(r.cost, 4 * kSqrt2 + 5, 1e-12);
  EXPECT_EQ(check_path(door, {{0, 4}, {9, 0}}, r), "");
}

TEST_P(JumpPoint, UnreachableGoals) {
  auto p = make();
  // (0,0) -> (1,1) would cut two blocked corners; the only path is the long way round.
  const Grid squeeze = ascii_grid({".@...", "@....", "....."});
  p->prepare(squeeze);
  SearchResult r = solve(*p, {0, 0}, {1, 1});
  EXPECT_EQ(r.status, Status::Unreachable);
  EXPECT_TRUE(std::isinf(r.cost));
  EXPECT_TRUE(r.path.empty());
  const Grid wall = ascii_grid({"...@....", "...@....", "...@....", "...@...."});
  p->prepare(wall);
  r = solve(*p, {0, 0}, {7, 3});
  EXPECT_EQ(r.status, Status::Unreachable);
  EXPECT_TRUE(r.path.empty());
  // The left side has 12 cells; a jump point search touches a handful of them at most.
  EXPECT_GE(r.counters.expansions, 1u);
  EXPECT_GE(r.counters.generated, r.counters.expansions);
  EXPECT_LE(r.counters.generated, 12u);
  EXPECT_GE(r.counters.peak_open, 1u);
}

TEST_P(JumpPoint, StartEqualsGoalAndInvalidQueries) {
  const Grid g = ascii_grid({"..@"});
  auto p = make();
  p->prepare(g);
  const SearchResult same = solve(*p, {1, 0}, {1, 0});
  ASSERT_EQ(same.status, Status::Solved);
  EXPECT_EQ(same.cost, 0.0);
  EXPECT_EQ(same.path, std::vector<CellId>{g.id(1, 0)});
  EXPECT_EQ(solve(*p, {0, 0}, {2, 0}).status, Status::InvalidQuery);
  EXPECT_EQ(solve(*p, {0, 0}, {5, 0}).status, Status::InvalidQuery);
  const Grid one(1, 1);
  p->prepare(one);
  EXPECT_EQ(solve(*p, {0, 0}, {0, 0}).status, Status::Solved);
}

// The goal lies inside straight jumps (a row or column longer than a 64-bit word).
TEST_P(JumpPoint, SingleRowAndSingleColumn) {
  for (const bool row : {true, false}) {
    const int n = 70;
    const Grid g = row ? Grid(n, 1) : Grid(1, n);
    auto p = make();
    p->prepare(g);
    for (int a = 0; a < n; a += 7)
      for (int b = 0; b < n; b += 5) {
        const Point s = row ? Point{a, 0} : Point{0, a};
        const Point t = row ? Point{b, 0} : Point{0, b};
        const SearchResult r = solve(*p, s, t);
        ASSERT_EQ(r.status, Status::Solved);
        EXPECT_EQ(r.cost, std::abs(a - b));
        EXPECT_EQ(r.path.size(), static_cast<std::size_t>(std::abs(a - b) + 1));
        EXPECT_EQ(check_path(g, {s, t}, r), "");
      }
  }
}

// Diagonal runs that step onto the goal or cross its row or column, on an open grid: with
// nothing to turn around, the start's own jumps reach the goal (one expansion).
TEST_P(JumpPoint, PathShapeOnOpenGrid) {
  const Grid g(40, 30);
  auto p = make();
  p->prepare(g);
  for (const Query q : {Query{{0, 0}, {39, 29}}, Query{{39, 0}, {0, 10}}, Query{{5, 29}, {5, 0}},
                        Query{{20, 15}, {21, 16}}, Query{{20, 15}, {10, 5}}, Query{{3, 3}, {30, 4}},
                        Query{{3, 3}, {4, 28}}}) {
    const SearchResult r = solve(*p, q.start, q.goal);
    ASSERT_EQ(r.status, Status::Solved);
    const int dx = std::abs(q.goal.x - q.start.x), dy = std::abs(q.goal.y - q.start.y);
    // An optimal octile path on an open grid has max(dx, dy) steps: no detours, no waits.
    EXPECT_EQ(r.path.size(), static_cast<std::size_t>(std::max(dx, dy) + 1));
    EXPECT_NEAR(r.cost, (kSqrt2 - 1) * std::min(dx, dy) + std::max(dx, dy), 1e-12);
    EXPECT_EQ(check_path(g, q, r), "");
    EXPECT_EQ(r.counters.expansions, 1u);
    if (dx != 0 && dy != 0) {  // diagonal-first canonical order
      const Point second = g.point(r.path[1]);
      EXPECT_NE(second.x, q.start.x);
      EXPECT_NE(second.y, q.start.y);
    }
  }
  // The goal beyond a jump point on its line: the jump point comes first, then the goal.
  const Grid h = ascii_grid({"..@.....", "........"});
  p->prepare(h);
  const SearchResult r = solve(*p, {0, 1}, {7, 1});
  ASSERT_EQ(r.status, Status::Solved);
  EXPECT_EQ(r.cost, 7.0);
  EXPECT_EQ(check_path(h, {{0, 1}, {7, 1}}, r), "");
}

TEST_P(JumpPoint, ExpansionBudgetGivesTimeout) {
  // A serpentine map forces many jump points.
  std::vector<std::string> rows;
  for (int y = 0; y < 21; ++y) {
    std::string r(21, '.');
    if (y % 2 == 1)
      for (int x = 0; x < 21; ++x) r[x] = (x == ((y / 2) % 2 ? 0 : 20)) ? '.' : '@';
    rows.push_back(r);
  }
  const Grid g = ascii_grid(rows);
  auto p = make();
  p->prepare(g);
  const SearchResult full = solve(*p, {0, 0}, {0, 20});
  ASSERT_EQ(full.status, Status::Solved);
  EXPECT_NEAR(full.cost, reference_cost(g, {0, 0}, {0, 20}), 1e-9);
  ASSERT_GT(full.counters.expansions, 3u);
  Budget b;
  b.max_expansions = 3;
  const SearchResult cut = solve(*p, {0, 0}, {0, 20}, b);
  EXPECT_EQ(cut.status, Status::Timeout);
  EXPECT_EQ(cut.counters.expansions, 3u);
  // The planner recovers fully for the next query.
  const SearchResult again = solve(*p, {0, 0}, {0, 20});
  EXPECT_EQ(again.cost, full.cost);
  EXPECT_EQ(again.path, full.path);
}

TEST_P(JumpPoint, ExpiredTimeBudgetStopsBeforeTheFirstExpansion) {
  // A cluttered map where a corner-to-corner query needs well over kClockCheckInterval jump
  // points; a time limit that has always expired stops it at the first clock check, which the
  // one budget meaning (search_types.h) puts before the first expansion, as for A*.
  std::mt19937_64 rng(11);
  Grid g = testing::random_grid(rng, 256, 256, 0.3, {.walls = true});
  g.set_passable(0, 0, true);
  g.set_passable(255, 255, true);
  auto p = make();
  p->prepare(g);
  const SearchResult full = solve(*p, {0, 0}, {255, 255});
  ASSERT_EQ(full.status, Status::Solved);
  ASSERT_GT(full.counters.expansions, Budget::kClockCheckInterval);
  Budget b;
  b.time_limit_s = 1e-12;
  const SearchResult cut = solve(*p, {0, 0}, {255, 255}, b);
  EXPECT_EQ(cut.status, Status::Timeout);
  EXPECT_EQ(cut.counters.expansions, 0u);
  EXPECT_TRUE(cut.path.empty());
}

TEST_P(JumpPoint, MatchesReferenceOnRandomMaps) {
  const testing::RandomMapSpec spec{.walls = true, .big_every = 60, .queries = 5};
  int queries = 0, unreachable = 0;
  auto p = make();
  for (const testing::RandomCase& c : testing::random_cases(560, 20240601, spec)) {
    p->prepare(c.grid);
    for (const Query& q : c.queries) {
      const double ref = reference_cost(c.grid, q.start, q.goal);
      const SearchResult r = solve(*p, q.start, q.goal);
      ++queries;
      SCOPED_TRACE(std::to_string(c.grid.width()) + "x" + std::to_string(c.grid.height()) + " (" +
                   std::to_string(q.start.x) + "," + std::to_string(q.start.y) + ")->(" +
                   std::to_string(q.goal.x) + "," + std::to_string(q.goal.y) + ")");
      if (std::isinf(ref)) {
        ++unreachable;
        ASSERT_EQ(r.status, Status::Unreachable);
        ASSERT_TRUE(std::isinf(r.cost));
        ASSERT_TRUE(r.path.empty());
        continue;
      }
      ASSERT_EQ(r.status, Status::Solved);
      ASSERT_TRUE(near(r.cost, ref, 1e-9)) << r.cost << " vs reference " << ref;
      ASSERT_EQ(check_path(c.grid, q, r), "");
      ASSERT_LE(r.counters.expansions, r.counters.generated);
    }
  }
  EXPECT_GT(unreachable, 20);  // the unreachable branch is really exercised
  RecordProperty("queries", queries);
}

TEST_P(JumpPoint, ReusedPlannerMatchesFreshPlanner) {
  const testing::RandomCase c =
      testing::random_cases(1, 7, {.min_side = 80, .max_side = 96, .walls = true, .queries = 300})
          .front();
  auto reused = make();
  reused->prepare(c.grid);
  SearchResult r;  // reused result object too, as the harness does
  for (const Query& q : c.queries) {
    reused->solve(q, {}, r);
    auto fresh = make();
    fresh->prepare(c.grid);
    const SearchResult f = solve(*fresh, q.start, q.goal);
    ASSERT_TRUE(testing::same_result(r, f));
  }
}

TEST_P(JumpPoint, RejectsUnsupportedGrids) {
  auto expect_reject = [this](const Grid& g, const std::string& why) {
    auto p = make();
    try {
      p->prepare(g);
      ADD_FAILURE() << "prepare accepted a grid it cannot handle (" << why << ")";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
    }
  };
  expect_reject(Grid(4, 4, MoveRules{Connectivity::Four, false}), "4-connected");
  expect_reject(Grid(4, 4, MoveRules{Connectivity::Eight, true}), "corner cutting");
  Grid terrain(4, 4);
  terrain.set_cell_cost(1, 1, 2.0);
  expect_reject(terrain, "terrain");
}

// Every line of arena and den312d; 300 lines evenly spaced over the file (so every bucket) of
// every other shared map.
TEST_P(JumpPoint, MovingAIScenLinesMatchOptimal) {
  PATHBENCH_REQUIRE_MOVINGAI();
  const auto dir = testing::movingai_dir();
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().extension() == ".map") names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  ASSERT_FALSE(names.empty());
  int solved = 0;
  for (const std::string& name : names) {
    const bool full = name == "arena.map" || name == "den312d.map";
    const Grid g = read_map(dir / name);
    const std::vector<ScenEntry> scen = read_scen(dir / (name + ".scen"));
    ASSERT_FALSE(scen.empty()) << name;
    auto p = make();
    p->prepare(g);
    const std::size_t n = full ? scen.size() : std::min<std::size_t>(300, scen.size());
    SearchResult r;
    for (std::size_t k = 0; k < n; ++k) {
      const ScenEntry& e = scen[k * scen.size() / n];
      p->solve({e.start, e.goal}, {}, r);
      ASSERT_EQ(r.status, Status::Solved) << name << " line " << e.line;
      ASSERT_TRUE(near(r.cost, e.optimal, 1e-5))
          << name << " line " << e.line << ": " << r.cost << " vs listed " << e.optimal;
      ASSERT_EQ(check_path(g, {e.start, e.goal}, r), "") << name << " line " << e.line;
      ++solved;
    }
  }
  RecordProperty("queries", solved);
}

INSTANTIATE_TEST_SUITE_P(Planners, JumpPoint,
                         ::testing::Values("jps", "jps_plus", "canonical_astar",
                                           "canonical_dijkstra"),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });

}  // namespace
}  // namespace pathbench
