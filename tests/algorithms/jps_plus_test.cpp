// JPS+: jump-table entries derived by hand on a small map and checked against a cell-by-cell walk
// of the definition on random maps; exact costs on hand-made maps (goal met inside straight and
// diagonal jumps); agreement with the reference Dijkstra and with online `jps` (same cost, path
// and counters: the table encodes jps's stop rule) on random maps; reuse across queries; tracing;
// capability rejections; the MovingAI scenario lengths.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "algorithms/core/moves.h"
#include "algorithms/planners/jps/jps_planner.h"
#include "algorithms/planners/jps_plus/jps_plus_planner.h"
#include "algorithms/planners/jps_plus/jump_table.h"
#include "algorithms/reference/reference_dijkstra.h"
#include "datasets/map_io.h"
#include "datasets/scen_io.h"
#include "tests/algorithms/test_grids.h"
#include "tests/support/test_data.h"

namespace pathbench {
namespace {

std::unique_ptr<Planner> make_jps_plus() {
  const PlannerInfo info = jps_plus_planner_info();
  return info.factory(resolve_params(info.params, {}));
}
std::unique_ptr<Planner> make_jps() {
  const PlannerInfo info = jps_planner_info();
  return info.factory(resolve_params(info.params, {}));
}

using testing::ascii_grid;
using testing::check_path;
using testing::near;
using testing::solve;

using testing::free_cells;
using testing::random_grid;

TEST(JpsPlus, InfoAndCapabilities) {
  const PlannerInfo info = jps_plus_planner_info();
  EXPECT_EQ(info.name, "jps_plus");
  EXPECT_FALSE(info.summary.empty());
  EXPECT_TRUE(info.params.empty());
  ASSERT_NE(find_planner("jps_plus"), nullptr);
  const auto p = make_jps_plus();
  const Capabilities caps = p->capabilities();
  EXPECT_TRUE(caps.optimal);
  EXPECT_EQ(caps.suboptimality_bound, 1.0);
  EXPECT_TRUE(caps.uniform_cost_only);
  EXPECT_FALSE(caps.supports_four_connected);
  EXPECT_FALSE(caps.supports_corner_cutting);
  EXPECT_TRUE(caps.needs_preprocessing);
  EXPECT_TRUE(caps.traceable);
}

// Entries derived by hand (see each comment) on
//   y0  . . . . . .
//   y1  . @ . . . .
//   y2  . . . . @ .
//   y3  . . . . . .
// A straight move p -> q stops at q when a side line is blocked beside p and free beside q.
TEST(JpsPlus, JumpTableByHand) {
  const Grid g = ascii_grid({
      "......",
      ".@....",
      "....@.",
      "......",
  });
  JumpTable t;
  t.build(g);
  auto at = [&](int x, int y, int dir) { return t.distance(g.id(x, y), dir); };
  // East along row 0: entering (2,0) from (1,0), (1,1) is blocked and (2,1) free: jump point.
  EXPECT_EQ(at(0, 0, kEast), 2);
  EXPECT_EQ(at(1, 0, kEast), 1);
  // From (2,0) nothing forces until the east edge: 3 free cells, then the wall.
  EXPECT_EQ(at(2, 0, kEast), -3);
  // West along row 0 from (4,0): (1,0) is passed (its north side is padding, its south (1,1)
  // blocked, so nothing free to force); entering (0,0) from (1,0): (1,1) blocked, (0,1) free.
  EXPECT_EQ(at(4, 0, kWest), 4);
  // Row 2: east from (0,2) stops at (2,2) (forced by (1,1)); from (2,2) one cell, then (4,2).
  EXPECT_EQ(at(0, 2, kEast), 2);
  EXPECT_EQ(at(2, 2, kEast), -1);
  EXPECT_EQ(at(5, 2, kWest), 0);  // (4,2) is blocked: not even one step
  EXPECT_EQ(at(3, 2, kWest), 3);  // entering (0,2) from (1,2): (1,1) blocked, (0,1) free
  // Row 3 west from (5,3): entering (3,3) from (4,3), (4,2) blocked and (3,2) free.
  EXPECT_EQ(at(5, 3, kWest), 2);
  // Columns.
  EXPECT_EQ(at(4, 0, kSouth), -1);  // (4,1) then (4,2) blocked
  EXPECT_EQ(at(1, 2, kSouth), -1);  // (1,3) then the bottom edge
  EXPECT_EQ(at(1, 3, kNorth), -1);  // (1,2) then (1,1) blocked
  EXPECT_EQ(at(5, 3, kNorth), 2);   // entering (5,1) from (5,2): (4,2) blocked, (4,1) free
  EXPECT_EQ(at(3, 3, kNorth), 2);   // entering (3,1) from (3,2): (4,2) blocked, (4,1) free
  // Diagonals: the first diagonal cell whose component straight jumps find a jump point.
  EXPECT_EQ(at(0, 3, kNorthEast), 1);  // (1,2): east jump point (2,2) at distance 1
  EXPECT_EQ(at(2, 3, kNorthEast), 1);  // (3,2): north jump point (3,1)
  EXPECT_EQ(at(1, 3, kNorthEast), 1);  // (2,2): north jump point (2,0) (forced by (1,1))
  EXPECT_EQ(at(2, 0, kSouthEast), 1);  // (3,1): east jump point (5,1) (forced by (4,2))
  EXPECT_EQ(at(5, 0, kSouthWest), 1);  // (4,1): west jump point (3,1)
  EXPECT_EQ(at(0, 0, kSouthEast), 0);  // (1,1) blocked
  EXPECT_EQ(at(4, 3, kNorthEast), 0);  // side cell (4,2) blocked: no corner cutting
  EXPECT_EQ(at(0, 1, kNorthEast), 0);  // side cell (1,1) blocked
  // (3,1) -> (4,0): legal, but (4,0)'s east jump dies and its north is the edge; then the edge.
  EXPECT_EQ(at(3, 1, kNorthEast), -1);
  // A blocked cell holds zeros.
  for (int d = 0; d < kNumDirections; ++d) EXPECT_EQ(at(1, 1, d), 0) << d;
}

TEST(JpsPlus, JumpTableOnOpenGridIsDistanceToTheEdge) {
  const Grid g(5, 4);
  JumpTable t;
  t.build(g);
  for (int y = 0; y < 4; ++y) {
    for (int x = 0; x < 5; ++x) {
      const CellId c = g.id(x, y);
      EXPECT_EQ(t.distance(c, kEast), -(4 - x));
      EXPECT_EQ(t.distance(c, kWest), -x);
      EXPECT_EQ(t.distance(c, kNorth), -y);
      EXPECT_EQ(t.distance(c, kSouth), -(3 - y));
      EXPECT_EQ(t.distance(c, kNorthEast), -std::min(4 - x, y));
      EXPECT_EQ(t.distance(c, kSouthWest), -std::min(x, 3 - y));
    }
  }
  EXPECT_EQ(t.memory_bytes(), g.num_ids() * 16);
}

// The definition walked cell by cell, independent of the table's sweeps.
int brute_distance(const Grid& g, int x, int y, int dir) {
  const int dx = kDx[dir], dy = kDy[dir];
  if (!is_diagonal(dir)) {
    const int px = dy != 0, py = dx != 0;
    for (int k = 1;; ++k) {
      const int nx = x + dx * k, ny = y + dy * k, bx = nx - dx, by = ny - dy;
      if (!g.passable(nx, ny)) return -(k - 1);
      for (const int s : {-1, 1})
        if (!g.passable(bx + s * px, by + s * py) && g.passable(nx + s * px, ny + s * py)) return k;
    }
  }
  const int h = dx > 0 ? kEast : kWest, v = dy > 0 ? kSouth : kNorth;
  for (int k = 1;; ++k) {
    const int cx = x + dx * (k - 1), cy = y + dy * (k - 1);
    if (!g.passable(cx + dx, cy) || !g.passable(cx, cy + dy) || !g.passable(cx + dx, cy + dy))
      return -(k - 1);
    if (brute_distance(g, cx + dx, cy + dy, h) > 0 || brute_distance(g, cx + dx, cy + dy, v) > 0)
      return k;
  }
}

TEST(JpsPlus, JumpTableMatchesCellByCellWalk) {
  std::mt19937_64 rng(5);
  for (int m = 0; m < 60; ++m) {
    const int w = std::uniform_int_distribution<int>(1, 40)(rng);
    const int h = std::uniform_int_distribution<int>(1, 40)(rng);
    const Grid g = random_grid(rng, w, h, std::uniform_real_distribution<double>(0.0, 0.4)(rng));
    JumpTable t;
    t.build(g);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x)
        for (int d = 0; d < kNumDirections; ++d) {
          const int want = g.passable(x, y) ? brute_distance(g, x, y, d) : 0;
          ASSERT_EQ(t.distance(g.id(x, y), d), want)
              << "map " << m << " cell (" << x << "," << y << ") dir " << d;
        }
  }
}

TEST(JpsPlus, HandMadeMaps) {
  auto p = make_jps_plus();
  {
    const Grid g(5, 5);
    p->prepare(g);
    EXPECT_GE(p->memory_bytes(), g.num_ids() * 16);
    SearchResult r = solve(*p, {0, 0}, {4, 4});
    ASSERT_EQ(r.status, Status::Solved);
    EXPECT_DOUBLE_EQ(r.cost, 4 * kSqrt2);
    EXPECT_EQ(r.path.size(), 5u);
    EXPECT_EQ(check_path(g, {{0, 0}, {4, 4}}, r), "");
    r = solve(*p, {0, 0}, {4, 2});
    ASSERT_EQ(r.status, Status::Solved);
    EXPECT_DOUBLE_EQ(r.cost, 2 * kSqrt2 + 2);
    EXPECT_EQ(check_path(g, {{0, 0}, {4, 2}}, r), "");
    r = solve(*p, {4, 0}, {0, 3});
    ASSERT_EQ(r.status, Status::Solved);
    EXPECT_DOUBLE_EQ(r.cost, 3 * kSqrt2 + 1);
    EXPECT_EQ(check_path(g, {{4, 0}, {0, 3}}, r), "");
  }
  {
    // The only way through column 2 is its bottom cell; no corner cutting around (2,3).
    const Grid g = ascii_grid({
        "..@..",
        "..@..",
        "..@..",
        "..@..",
        ".....",
    });
    p->prepare(g);
    const SearchResult r = solve(*p, {0, 0}, {4, 0});
    ASSERT_EQ(r.status, Status::Solved);
    EXPECT_NEAR(r.cost, 8 + 2 * kSqrt2, 1e-12);
    EXPECT_EQ(check_path(g, {{0, 0}, {4, 0}}, r), "");
  }
  {
    // (0,0) -> (1,1) would cut two blocked corners.
    const Grid g = ascii_grid({
        ".@...",
        "@....",
        ".....",
    });
    p->prepare(g);
    const SearchResult r = solve(*p, {0, 0}, {1, 1});
    EXPECT_EQ(r.status, Status::Unreachable);
    EXPECT_TRUE(std::isinf(r.cost));
    EXPECT_TRUE(r.path.empty());
  }
  {
    // A wall: no path, and only a handful of jump points on the left.
    const Grid g = ascii_grid({
        "...@....",
        "...@....",
        "...@....",
        "...@....",
    });
    p->prepare(g);
    const SearchResult r = solve(*p, {0, 0}, {7, 3});
    EXPECT_EQ(r.status, Status::Unreachable);
    EXPECT_GE(r.counters.expansions, 1u);
    EXPECT_LE(r.counters.generated, 12u);
  }
  {
    // A room behind a door at (5,2): the path turns at the door's forced neighbours.
    //   0123456789
    const Grid g = ascii_grid({
        ".....@....",  // 0
        ".....@....",  // 1
        "..........",  // 2
        ".....@....",  // 3
        ".....@....",  // 4
    });
    p->prepare(g);
    // The door is entered and left straight ((4,2) -> (5,2) -> (6,2): the diagonals would cut
    // the wall's corners), so the cost is octile (0,4)->(4,2) + 2 + octile (6,2)->(9,0)
    // = (2 sqrt2 + 2) + 2 + (2 sqrt2 + 1).
    const SearchResult r = solve(*p, {0, 4}, {9, 0});
    ASSERT_EQ(r.status, Status::Solved);
    EXPECT_NEAR(r.cost, 4 * kSqrt2 + 5, 1e-12);
    EXPECT_NEAR(r.cost, reference_cost(g, {0, 4}, {9, 0}), 1e-12);
    EXPECT_EQ(check_path(g, {{0, 4}, {9, 0}}, r), "");
  }
}

TEST(JpsPlus, StartEqualsGoalAndInvalidQueries) {
  const Grid g = ascii_grid({"..@"});
  auto p = make_jps_plus();
  p->prepare(g);
  const SearchResult same = solve(*p, {1, 0}, {1, 0});
  ASSERT_EQ(same.status, Status::Solved);
  EXPECT_EQ(same.cost, 0.0);
  EXPECT_EQ(same.path.size(), 1u);
  EXPECT_EQ(solve(*p, {0, 0}, {2, 0}).status, Status::InvalidQuery);
  EXPECT_EQ(solve(*p, {0, 0}, {5, 0}).status, Status::InvalidQuery);
}

// The goal lies inside jumps whose table entries know nothing about it: straight jumps over it
// (row and column, wall or jump point beyond), diagonal runs that step onto it or cross its row or
// column. One expansion each on an open grid: only the goal checks can produce a successor.
TEST(JpsPlus, GoalInsideJumps) {
  for (const bool row : {true, false}) {
    const int n = 70;
    const Grid g = row ? Grid(n, 1) : Grid(1, n);
    auto p = make_jps_plus();
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
  const Grid g(40, 30);
  auto p = make_jps_plus();
  p->prepare(g);
  for (const Query q : {Query{{0, 0}, {39, 29}}, Query{{39, 0}, {0, 10}}, Query{{5, 29}, {5, 0}},
                        Query{{20, 15}, {21, 16}}, Query{{20, 15}, {10, 5}}, Query{{3, 3}, {30, 4}},
                        Query{{3, 3}, {4, 28}}}) {
    const SearchResult r = solve(*p, q.start, q.goal);
    ASSERT_EQ(r.status, Status::Solved);
    const int dx = std::abs(q.goal.x - q.start.x), dy = std::abs(q.goal.y - q.start.y);
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
  const Grid h = ascii_grid({
      "..@.....",
      "........",
  });
  p->prepare(h);
  const SearchResult r = solve(*p, {0, 1}, {7, 1});
  ASSERT_EQ(r.status, Status::Solved);
  EXPECT_EQ(r.cost, 7.0);
  EXPECT_EQ(check_path(h, {{0, 1}, {7, 1}}, r), "");
}

TEST(JpsPlus, ExpansionAndTimeBudgets) {
  std::vector<std::string> rows;
  for (int y = 0; y < 21; ++y) {
    std::string r(21, '.');
    if (y % 2 == 1)
      for (int x = 0; x < 21; ++x) r[x] = (x == ((y / 2) % 2 ? 0 : 20)) ? '.' : '@';
    rows.push_back(r);
  }
  const Grid g = ascii_grid(rows);
  auto p = make_jps_plus();
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
  const SearchResult again = solve(*p, {0, 0}, {0, 20});
  EXPECT_EQ(again.cost, full.cost);
  EXPECT_EQ(again.path, full.path);

  std::mt19937_64 rng(11);
  Grid big = random_grid(rng, 256, 256, 0.3);
  big.set_passable(0, 0, true);
  big.set_passable(255, 255, true);
  p->prepare(big);
  const SearchResult f = solve(*p, {0, 0}, {255, 255});
  ASSERT_EQ(f.status, Status::Solved);
  ASSERT_GT(f.counters.expansions, Budget::kClockCheckInterval);
  Budget tb;
  tb.time_limit_s = 1e-12;
  const SearchResult t = solve(*p, {0, 0}, {255, 255}, tb);
  EXPECT_EQ(t.status, Status::Timeout);
  EXPECT_EQ(t.counters.expansions, Budget::kClockCheckInterval);
  EXPECT_TRUE(t.path.empty());
}

// The reference optimum, and online jps: the table encodes jps's stop rule and the query walks
// jps's successor order, so path and counters agree exactly, not only the cost.
TEST(JpsPlus, MatchesReferenceAndJpsOnRandomMaps) {
  std::mt19937_64 rng(20240917);
  int maps = 0, queries = 0, unreachable = 0;
  auto p = make_jps_plus();
  auto j = make_jps();
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
    j->prepare(g);
    std::uniform_int_distribution<std::size_t> pick(0, cells.size() - 1);
    const int n = big ? 6 : 4;
    for (int i = 0; i < n; ++i) {
      const Query q{cells[pick(rng)], cells[pick(rng)]};
      const double ref = reference_cost(g, q.start, q.goal);
      const SearchResult r = solve(*p, q.start, q.goal);
      const SearchResult rj = solve(*j, q.start, q.goal);
      ++queries;
      SCOPED_TRACE("map " + std::to_string(m) + " " + std::to_string(w) + "x" + std::to_string(h) +
                   " query (" + std::to_string(q.start.x) + "," + std::to_string(q.start.y) +
                   ")->(" + std::to_string(q.goal.x) + "," + std::to_string(q.goal.y) + ")");
      ASSERT_EQ(r.status, rj.status);
      ASSERT_EQ(r.cost, rj.cost);
      ASSERT_EQ(r.path, rj.path);
      ASSERT_EQ(r.counters.expansions, rj.counters.expansions);
      ASSERT_EQ(r.counters.generated, rj.counters.generated);
      ASSERT_EQ(r.counters.updates, rj.counters.updates);
      ASSERT_EQ(r.counters.peak_open, rj.counters.peak_open);
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
    }
  }
  EXPECT_GE(maps, 500);
  EXPECT_GT(unreachable, 20);
  RecordProperty("queries", queries);
}

TEST(JpsPlus, ReusedPlannerMatchesFreshPlanner) {
  std::mt19937_64 rng(7);
  const Grid g = random_grid(rng, 96, 80, 0.3);
  const std::vector<Point> cells = free_cells(g);
  std::uniform_int_distribution<std::size_t> pick(0, cells.size() - 1);
  auto reused = make_jps_plus();
  reused->prepare(g);
  SearchResult r;  // reused result object too, as the harness does
  for (int i = 0; i < 300; ++i) {
    const Query q{cells[pick(rng)], cells[pick(rng)]};
    reused->solve(q, {}, r);
    auto fresh = make_jps_plus();
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

// Traced and untraced runs agree; the trace's expansions and generations are jps's.
TEST(JpsPlus, TraceMatchesCountersAndJps) {
  std::mt19937_64 rng(3);
  const Grid g = random_grid(rng, 80, 60, 0.25);
  const std::vector<Point> cells = free_cells(g);
  std::uniform_int_distribution<std::size_t> pick(0, cells.size() - 1);
  auto p = make_jps_plus();
  auto j = make_jps();
  p->prepare(g);
  j->prepare(g);
  SearchTrace tp, tj;
  for (int i = 0; i < 40; ++i) {
    const Query q{cells[pick(rng)], cells[pick(rng)]};
    const SearchResult plain = solve(*p, q.start, q.goal);
    p->set_trace(&tp);
    j->set_trace(&tj);
    const SearchResult traced = solve(*p, q.start, q.goal);
    solve(*j, q.start, q.goal);
    p->set_trace(nullptr);
    j->set_trace(nullptr);
    ASSERT_EQ(traced.status, plain.status) << i;
    ASSERT_EQ(traced.path, plain.path) << i;
    ASSERT_EQ(traced.counters.expansions, plain.counters.expansions) << i;
    ASSERT_EQ(tp.expanded.size(), traced.counters.expansions) << i;
    ASSERT_EQ(tp.generated.size(), traced.counters.generated) << i;
    ASSERT_EQ(tp.generated_at.size(), tp.generated.size()) << i;
    ASSERT_EQ(tp.path, traced.path) << i;
    ASSERT_EQ(tp.expanded, tj.expanded) << i;
    ASSERT_EQ(tp.generated, tj.generated) << i;
    ASSERT_EQ(tp.frontier, tj.frontier) << i;
    const TraceLayer* jp = tp.find_layer("jump_points");
    const TraceLayer* jj = tj.find_layer("jump_points");
    ASSERT_NE(jp, nullptr);
    ASSERT_NE(jj, nullptr);
    ASSERT_EQ(jp->cells, jj->cells) << i;
    ASSERT_EQ(jp->at, jj->at) << i;
    EXPECT_EQ(tp.find_layer("scanned"), nullptr);
  }
}

TEST(JpsPlus, RejectsUnsupportedGrids) {
  auto expect_reject = [](const Grid& g, const std::string& why) {
    auto p = make_jps_plus();
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
  // 16-bit distances: a side longer than the table can encode.
  expect_reject(Grid(40000, 1), "16-bit");
}

// Every line of arena and den312d; 300 lines evenly spaced over the file (so every bucket) of
// every other shared map.
TEST(JpsPlusMovingAI, ScenLinesMatchOptimal) {
  PATHBENCH_REQUIRE_MOVINGAI();
  const auto dir = testing::movingai_dir();
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().extension() == ".map") names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  ASSERT_FALSE(names.empty());
  std::size_t solved = 0;
  for (const std::string& name : names) {
    const bool full = name == "arena.map" || name == "den312d.map";
    const Grid g = read_map(dir / name);
    const std::vector<ScenEntry> scen = read_scen(dir / (name + ".scen"));
    ASSERT_FALSE(scen.empty()) << name;
    auto p = make_jps_plus();
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
  RecordProperty("queries", static_cast<int>(solved));
}

}  // namespace
}  // namespace pathbench
