// JPS+: what only jps_plus has. Jump-table entries derived by hand on a small map and checked
// against a cell-by-cell walk of the definition on random maps; agreement with online `jps` (same
// cost, path and counters: the table encodes jps's stop rule) on random maps; tracing; the
// table's size limit. What it shares with jps is in jump_point_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>

#include "algorithms/core/moves.h"
#include "algorithms/planners/jps/jps_planner.h"
#include "algorithms/planners/jps_plus/jps_plus_planner.h"
#include "algorithms/planners/jps_plus/jump_table.h"
#include "tests/algorithms/test_grids.h"
#include "tests/support/planner_checks.h"

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
using testing::solve;

TEST(JpsPlus, InfoAndCapabilities) {
  testing::expect_info_without_params(jps_plus_planner_info(), "jps_plus");
  ASSERT_NE(find_planner("jps_plus"), nullptr);
  const Capabilities caps = make_jps_plus()->capabilities();
  testing::expect_optimal_on(
      caps, {.uniform_cost_only = true, .four_connected = false, .corner_cutting = false});
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
  int m = 0;
  for (const testing::RandomCase& c :
       testing::random_cases(60, 5, {.max_side = 40, .max_density_percent = 40, .walls = true})) {
    const Grid& g = c.grid;
    const int w = g.width(), h = g.height();
    ++m;
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

// Online jps on random maps: the table encodes jps's stop rule and the query walks jps's successor
// order, so path and counters agree exactly, not only the cost (jump_point_test.cpp checks both
// against the reference).
TEST(JpsPlus, SameAsJpsOnRandomMaps) {
  const testing::RandomMapSpec spec{.walls = true, .big_every = 60, .queries = 5};
  auto p = make_jps_plus();
  auto j = make_jps();
  int solved = 0;
  for (const testing::RandomCase& c : testing::random_cases(560, 20240917, spec)) {
    p->prepare(c.grid);
    j->prepare(c.grid);
    for (const Query& q : c.queries) {
      const SearchResult r = solve(*p, q.start, q.goal);
      const SearchResult rj = solve(*j, q.start, q.goal);
      SCOPED_TRACE(std::to_string(c.grid.width()) + "x" + std::to_string(c.grid.height()) + " (" +
                   std::to_string(q.start.x) + "," + std::to_string(q.start.y) + ")->(" +
                   std::to_string(q.goal.x) + "," + std::to_string(q.goal.y) + ")");
      ASSERT_TRUE(testing::same_result(r, rj));
      solved += r.status == Status::Solved;
    }
  }
  EXPECT_GT(solved, 2000);
}

// Traced and untraced runs agree; the trace's expansions and generations are jps's.
TEST(JpsPlus, TraceMatchesCountersAndJps) {
  const testing::RandomCase c =
      testing::random_cases(1, 3, {.min_side = 60, .max_side = 80, .walls = true, .queries = 40})
          .front();
  const Grid& g = c.grid;
  auto p = make_jps_plus();
  auto j = make_jps();
  p->prepare(g);
  j->prepare(g);
  SearchTrace tp, tj;
  for (std::size_t i = 0; i < c.queries.size(); ++i) {
    const Query& q = c.queries[i];
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

// The rules jps rejects are in jump_point_test.cpp; the table adds one limit of its own.
TEST(JpsPlus, RejectsSidesBeyondSixteenBitDistances) {
  auto p = make_jps_plus();
  try {
    p->prepare(Grid(40000, 1));
    ADD_FAILURE() << "prepare accepted a side longer than the table can encode";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("16-bit"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace pathbench
