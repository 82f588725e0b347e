// Jump Point Search: exact costs on hand-made maps, agreement with the reference Dijkstra on
// random maps (every returned path replayed move by move), reuse across queries, capability
// rejections, and the MovingAI scenario lengths.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "algorithms/core/moves.h"
#include "algorithms/planners/jps/jps_planner.h"
#include "algorithms/reference/reference_dijkstra.h"
#include "datasets/map_io.h"
#include "datasets/scen_io.h"
#include "tests/algorithms/test_grids.h"
#include "tests/support/test_data.h"

namespace pathbench {
namespace {

std::unique_ptr<Planner> make_jps() {
  const PlannerInfo info = jps_planner_info();
  return info.factory(resolve_params(info.params, {}));
}

using testing::ascii_grid;
using testing::check_path;
using testing::free_cells;
using testing::near;
using testing::random_grid;
using testing::solve;

TEST(Jps, InfoHasNoParameters) {
  const PlannerInfo info = jps_planner_info();
  EXPECT_EQ(info.name, "jps");
  EXPECT_FALSE(info.summary.empty());
  EXPECT_TRUE(info.params.empty());
  const auto p = make_jps();
  const Capabilities caps = p->capabilities();
  EXPECT_TRUE(caps.optimal);
  EXPECT_TRUE(caps.uniform_cost_only);
  EXPECT_FALSE(caps.supports_four_connected);
  EXPECT_FALSE(caps.supports_corner_cutting);
}

TEST(Jps, OpenFiveByFive) {
  const Grid g(5, 5);
  auto p = make_jps();
  p->prepare(g);
  EXPECT_GT(p->memory_bytes(), 0u);
  SearchResult r = solve(*p, {0, 0}, {4, 4});
  ASSERT_EQ(r.status, Status::Solved);
  EXPECT_DOUBLE_EQ(r.cost, 4 * kSqrt2);
  EXPECT_EQ(r.path.size(), 5u);
  EXPECT_EQ(check_path(g, {{0, 0}, {4, 4}}, r), "");

  r = solve(*p, {0, 0}, {4, 2});
  ASSERT_EQ(r.status, Status::Solved);
  EXPECT_DOUBLE_EQ(r.cost, 2 * kSqrt2 + 2);
  EXPECT_EQ(r.path.size(), 5u);
  EXPECT_EQ(check_path(g, {{0, 0}, {4, 2}}, r), "");

  r = solve(*p, {4, 0}, {0, 3});
  ASSERT_EQ(r.status, Status::Solved);
  EXPECT_DOUBLE_EQ(r.cost, 3 * kSqrt2 + 1);
  EXPECT_EQ(check_path(g, {{4, 0}, {0, 3}}, r), "");
}

TEST(Jps, WallWithAGap) {
  // The only way through column 2 is its bottom cell; no corner cutting around (2,3).
  const Grid g = ascii_grid({
      "..@..",
      "..@..",
      "..@..",
      "..@..",
      ".....",
  });
  auto p = make_jps();
  p->prepare(g);
  const SearchResult r = solve(*p, {0, 0}, {4, 0});
  ASSERT_EQ(r.status, Status::Solved);
  EXPECT_NEAR(r.cost, 8 + 2 * kSqrt2, 1e-12);
  EXPECT_NEAR(r.cost, reference_cost(g, {0, 0}, {4, 0}), 1e-12);
  EXPECT_EQ(check_path(g, {{0, 0}, {4, 0}}, r), "");
}

TEST(Jps, DiagonalSqueezeIsNotAllowed) {
  // (0,0) -> (1,1) would cut two blocked corners; the only path is the long way round.
  const Grid g = ascii_grid({
      ".@...",
      "@....",
      ".....",
  });
  auto p = make_jps();
  p->prepare(g);
  const SearchResult r = solve(*p, {0, 0}, {1, 1});
  EXPECT_EQ(r.status, Status::Unreachable);
  EXPECT_TRUE(std::isinf(r.cost));
  EXPECT_TRUE(r.path.empty());
}

TEST(Jps, NoPathIsUnreachable) {
  const Grid g = ascii_grid({
      "...@....",
      "...@....",
      "...@....",
      "...@....",
  });
  auto p = make_jps();
  p->prepare(g);
  const SearchResult r = solve(*p, {0, 0}, {7, 3});
  EXPECT_EQ(r.status, Status::Unreachable);
  EXPECT_TRUE(std::isinf(r.cost));
  EXPECT_TRUE(r.path.empty());
  // The left side has 12 cells; JPS touches a handful of jump points at most.
  EXPECT_GE(r.counters.expansions, 1u);
  EXPECT_LE(r.counters.expansions, 12u);
  EXPECT_GE(r.counters.generated, r.counters.expansions);
  EXPECT_LE(r.counters.generated, 12u);
  EXPECT_GE(r.counters.peak_open, 1u);
}

TEST(Jps, StartEqualsGoal) {
  const Grid g(3, 3);
  auto p = make_jps();
  p->prepare(g);
  const SearchResult r = solve(*p, {1, 1}, {1, 1});
  ASSERT_EQ(r.status, Status::Solved);
  EXPECT_EQ(r.cost, 0.0);
  ASSERT_EQ(r.path.size(), 1u);
  EXPECT_EQ(r.path[0], g.id(1, 1));
}

TEST(Jps, SingleRowAndSingleColumn) {
  for (const bool row : {true, false}) {
    const int n = 70;  // crosses a 64-bit word boundary
    const Grid g = row ? Grid(n, 1) : Grid(1, n);
    auto p = make_jps();
    p->prepare(g);
    for (int a = 0; a < n; a += 7) {
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
  const Grid g1(1, 1);
  auto p = make_jps();
  p->prepare(g1);
  EXPECT_EQ(solve(*p, {0, 0}, {0, 0}).status, Status::Solved);
}

TEST(Jps, InvalidQueries) {
  const Grid g = ascii_grid({"..@"});
  auto p = make_jps();
  p->prepare(g);
  EXPECT_EQ(solve(*p, {0, 0}, {2, 0}).status, Status::InvalidQuery);
  EXPECT_EQ(solve(*p, {0, 0}, {5, 0}).status, Status::InvalidQuery);
}

TEST(Jps, ExpansionBudgetGivesTimeout) {
  // A serpentine map forces many jump points.
  std::vector<std::string> rows;
  for (int y = 0; y < 21; ++y) {
    std::string r(21, '.');
    if (y % 2 == 1)
      for (int x = 0; x < 21; ++x) r[x] = (x == ((y / 2) % 2 ? 0 : 20)) ? '.' : '@';
    rows.push_back(r);
  }
  const Grid g = ascii_grid(rows);
  auto p = make_jps();
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

TEST(Jps, TimeBudgetIsCheckedEveryClockInterval) {
  // A cluttered map where a corner-to-corner query needs well over kClockCheckInterval jump
  // points; a time limit that has always expired stops it at the first clock check.
  std::mt19937_64 rng(11);
  Grid g = random_grid(rng, 256, 256, 0.3);
  g.set_passable(0, 0, true);
  g.set_passable(255, 255, true);
  auto p = make_jps();
  p->prepare(g);
  const SearchResult full = solve(*p, {0, 0}, {255, 255});
  ASSERT_EQ(full.status, Status::Solved);
  ASSERT_GT(full.counters.expansions, Budget::kClockCheckInterval);
  Budget b;
  b.time_limit_s = 1e-12;
  const SearchResult cut = solve(*p, {0, 0}, {255, 255}, b);
  EXPECT_EQ(cut.status, Status::Timeout);
  EXPECT_EQ(cut.counters.expansions, Budget::kClockCheckInterval);
  EXPECT_TRUE(cut.path.empty());
}

TEST(Jps, MatchesReferenceOnRandomMaps) {
  std::mt19937_64 rng(20240601);
  int maps = 0, queries = 0, unreachable = 0;
  auto p = make_jps();
  for (int m = 0; m < 620; ++m) {
    const bool big = m % 60 == 59;  // ten 256x256 maps
    const int w = big ? 256 : std::uniform_int_distribution<int>(1, 64)(rng);
    const int h = big ? 256 : std::uniform_int_distribution<int>(1, 64)(rng);
    const double density = std::uniform_real_distribution<double>(0.0, 0.45)(rng);
    const Grid g = random_grid(rng, w, h, density);
    const std::vector<Point> cells = free_cells(g);
    if (cells.empty()) continue;
    ++maps;
    p->prepare(g);
    std::uniform_int_distribution<std::size_t> pick(0, cells.size() - 1);
    const int n = big ? 6 : 4;
    for (int i = 0; i < n; ++i) {
      const Query q{cells[pick(rng)], cells[pick(rng)]};
      const double ref = reference_cost(g, q.start, q.goal);
      const SearchResult r = solve(*p, q.start, q.goal);
      ++queries;
      SCOPED_TRACE("map " + std::to_string(m) + " " + std::to_string(w) + "x" + std::to_string(h) +
                   " query (" + std::to_string(q.start.x) + "," + std::to_string(q.start.y) +
                   ")->(" + std::to_string(q.goal.x) + "," + std::to_string(q.goal.y) + ")");
      if (std::isinf(ref)) {
        ++unreachable;
        ASSERT_EQ(r.status, Status::Unreachable);
        ASSERT_TRUE(std::isinf(r.cost));
        ASSERT_TRUE(r.path.empty());
        continue;
      }
      ASSERT_EQ(r.status, Status::Solved);
      ASSERT_TRUE(near(r.cost, ref, 1e-9)) << r.cost << " vs reference " << ref;
      ASSERT_EQ(check_path(g, q, r), "");
      ASSERT_LE(r.counters.expansions, r.counters.generated);
    }
  }
  EXPECT_GE(maps, 500);
  EXPECT_GT(unreachable, 20);  // the unreachable branch is really exercised
  RecordProperty("queries", queries);
}

TEST(Jps, PathShapeOnOpenGrid) {
  const Grid g(40, 30);
  auto p = make_jps();
  p->prepare(g);
  for (const Query q : {Query{{0, 0}, {39, 29}}, Query{{39, 0}, {0, 10}}, Query{{5, 29}, {5, 0}},
                        Query{{20, 15}, {21, 16}}}) {
    const SearchResult r = solve(*p, q.start, q.goal);
    ASSERT_EQ(r.status, Status::Solved);
    const int dx = std::abs(q.goal.x - q.start.x), dy = std::abs(q.goal.y - q.start.y);
    // An optimal octile path on an open grid has max(dx, dy) steps: no detours, no waits.
    EXPECT_EQ(r.path.size(), static_cast<std::size_t>(std::max(dx, dy) + 1));
    EXPECT_NEAR(r.cost, (kSqrt2 - 1) * std::min(dx, dy) + std::max(dx, dy), 1e-12);
    EXPECT_EQ(check_path(g, q, r), "");
    // With nothing to turn around, the start's own jumps reach the goal: one expansion.
    EXPECT_EQ(r.counters.expansions, 1u);
    // Diagonal-first canonical order: the diagonal run comes before the straight run.
    const Point second = g.point(r.path[1]);
    if (dx != 0 && dy != 0) {
      EXPECT_NE(second.x, q.start.x);
      EXPECT_NE(second.y, q.start.y);
    }
  }
}

TEST(Jps, ReusedPlannerMatchesFreshPlanner) {
  std::mt19937_64 rng(7);
  const Grid g = random_grid(rng, 96, 80, 0.3);
  const std::vector<Point> cells = free_cells(g);
  std::uniform_int_distribution<std::size_t> pick(0, cells.size() - 1);
  auto reused = make_jps();
  reused->prepare(g);
  SearchResult r;  // reused result object too, as the harness does
  for (int i = 0; i < 300; ++i) {
    const Query q{cells[pick(rng)], cells[pick(rng)]};
    reused->solve(q, {}, r);
    auto fresh = make_jps();
    fresh->prepare(g);
    const SearchResult f = solve(*fresh, q.start, q.goal);
    ASSERT_EQ(r.status, f.status) << i;
    ASSERT_EQ(r.cost, f.cost) << i;
    ASSERT_EQ(r.path, f.path) << i;
    ASSERT_EQ(r.counters.expansions, f.counters.expansions) << i;
    ASSERT_EQ(r.counters.generated, f.counters.generated) << i;
    ASSERT_EQ(r.counters.updates, f.counters.updates) << i;
    ASSERT_EQ(r.counters.peak_open, f.counters.peak_open) << i;
  }
}

TEST(Jps, RejectsUnsupportedGrids) {
  auto expect_reject = [](const Grid& g, const std::string& why) {
    auto p = make_jps();
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

// Every line of the small maps, a sample of 200 lines (evenly spaced, so every bucket is
// represented) of each larger map.
TEST(JpsMovingAI, AllScenLines) {
  PATHBENCH_REQUIRE_MOVINGAI();
  const std::vector<std::string> full = {"arena.map", "den312d.map"};
  const std::vector<std::string> sampled = {
      "AR0011SR.map", "Aftershock.map", "maze512-1-0.map", "random512-10-0.map", "8room_000.map",
      "lak303d.map",  "brc202d.map",    "ht_chantry.map",  "Berlin_0_256.map"};
  auto run = [](const std::string& name, std::size_t limit) {
    const auto dir = testing::movingai_dir();
    const Grid g = read_map(dir / name);
    const std::vector<ScenEntry> scen = read_scen(dir / (name + ".scen"));
    ASSERT_FALSE(scen.empty()) << name;
    auto p = make_jps();
    p->prepare(g);
    const std::size_t n = std::min(limit, scen.size());
    SearchResult r;
    for (std::size_t k = 0; k < n; ++k) {
      const ScenEntry& e = scen[k * scen.size() / n];
      p->solve({e.start, e.goal}, {}, r);
      ASSERT_EQ(r.status, Status::Solved) << name << " line " << e.line;
      ASSERT_TRUE(near(r.cost, e.optimal, 1e-5))
          << name << " line " << e.line << ": " << r.cost << " vs listed " << e.optimal;
      ASSERT_EQ(check_path(g, {e.start, e.goal}, r), "") << name << " line " << e.line;
    }
  };
  for (const std::string& name : full) run(name, std::numeric_limits<std::size_t>::max());
  for (const std::string& name : sampled) run(name, 200);
}

}  // namespace
}  // namespace pathbench
