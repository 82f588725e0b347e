// Subgoal graphs: subgoal and edge counts derived by hand on small maps, the two-level pruning on
// one of them, query outcomes with known costs and counters, and SUB and SUB-TL against the
// reference Dijkstra on random maps with many obstacles (many subgoals, added TL edges).
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <random>

#include "algorithms/core/moves.h"
#include "algorithms/planners/subgoal_graph/subgoal_graph.h"
#include "algorithms/planners/subgoal_graph/subgoal_graph_planner.h"
#include "algorithms/reference/reference_dijkstra.h"
#include "tests/algorithms/test_grids.h"
#include "tests/support/planner_checks.h"

namespace pathbench {
namespace {

using subgoal::kNoNode;
using subgoal::SubgoalGraph;
using testing::ascii_grid;
using testing::check_path;
using testing::solve;

std::unique_ptr<Planner> make_sg(bool tl) {
  const PlannerInfo info = subgoal_graph_planner_info();
  return info.factory(resolve_planner_params(info, {{"tl", tl ? "true" : "false"}}));
}

std::unique_ptr<Planner> make_ch() {
  const PlannerInfo info = subgoal_graph_ch_planner_info();
  return info.factory(resolve_planner_params(info, {}));
}

// One blocked cell in the middle of a 5x5 map:
//   y0  . . . . .
//   y1  . S . S .      S: the four cells diagonal to the obstacle (their two shared
//   y2  . . @ . .         neighbours are free), the only subgoals
//   y3  . S . S .
//   y4  . . . . .
// Edges: each S sees its two S neighbours along its row and column (cells between are free and
// no subgoal); the diagonal pairs are not h-reachable (the octile path crosses the obstacle).
// So 4 subgoals, 4 edges (a square of cost 2 each).
Grid one_obstacle() {
  return ascii_grid({
      ".....",
      ".....",
      "..@..",
      ".....",
      ".....",
  });
}

// The hand-derived sizes of a graph: subgoals, global ones among them (all without two-level
// pruning), edges.
void expect_sizes(const SubgoalGraph& sg, std::uint32_t nodes, std::uint32_t global,
                  std::size_t edges) {
  EXPECT_EQ(sg.num_nodes(), nodes);
  EXPECT_EQ(sg.num_global(), global);
  EXPECT_EQ(sg.num_edges(), edges);
}

TEST(SubgoalGraph, InfoAndCapabilities) {
  const PlannerInfo info = subgoal_graph_planner_info();
  EXPECT_EQ(info.name, "subgoal_graph");
  ASSERT_NE(find_planner("subgoal_graph"), nullptr);
  for (bool tl : {false, true}) {
    const Capabilities caps = make_sg(tl)->capabilities();
    testing::expect_optimal_on(
        caps, {.uniform_cost_only = true, .four_connected = false, .corner_cutting = false});
    EXPECT_TRUE(caps.needs_preprocessing);
  }
}

TEST(SubgoalGraph, SubgoalsAndEdgesByHand) {
  const Grid g = one_obstacle();
  SubgoalGraph sg;
  sg.build(g, false);
  expect_sizes(sg, 4, 4, 4);
  for (Point p : {Point{1, 1}, Point{3, 1}, Point{1, 3}, Point{3, 3}})
    EXPECT_NE(sg.node_of(g.id(p)), kNoNode) << p.x << "," << p.y;
  EXPECT_EQ(sg.node_of(g.id(2, 1)), kNoNode);
  EXPECT_EQ(sg.node_of(g.id(0, 0)), kNoNode);
  // Every arc costs 2 (two cardinal steps): the octile distance of its endpoints.
  for (std::uint32_t u = 0; u < sg.num_nodes(); ++u) {
    const SubgoalGraph::Node& n = sg.node(u);
    EXPECT_EQ(n.end - n.begin, 2u);
    for (std::uint32_t e = n.begin; e < n.end; ++e) {
      const SubgoalGraph::Arc& a = sg.arcs()[e];
      EXPECT_EQ(std::abs(a.px - n.px) + std::abs(a.py - n.py), 2);
      EXPECT_TRUE(a.px == n.px || a.py == n.py);
    }
  }
}

// Two-level pruning on the same map, subgoals in index (row-major) order: (1,1) has the bypass
// (3,1)-(3,3)-(1,3) of length 4 = 2 + 2 through global nodes: local. (3,1): its neighbours (1,1)
// and (3,3) are joined by (1,1)-(1,3)-(3,3), length 4, interior (1,3) global: local. (1,3): its
// neighbours (1,1), (3,3) have no other path of length 4 through global nodes ((3,1) is local
// now) and are not h-reachable: global. (3,3) likewise. No edge added.
TEST(SubgoalGraph, TwoLevelPruningByHand) {
  const Grid g = one_obstacle();
  SubgoalGraph sg;
  sg.build(g, true);
  expect_sizes(sg, 4, 2, 4);
  EXPECT_EQ(sg.num_added_edges(), 0u);
  EXPECT_FALSE(sg.global(sg.node_of(g.id(1, 1))));
  EXPECT_FALSE(sg.global(sg.node_of(g.id(3, 1))));
  EXPECT_TRUE(sg.global(sg.node_of(g.id(1, 3))));
  EXPECT_TRUE(sg.global(sg.node_of(g.id(3, 3))));
}

// A subgoal on a straight line between two others is an interior node of an h-reachable pair:
//   y0  . . . . . . .
//   y1  . @ . . . @ .
//   y2  . . . . . . .
// Subgoals: the 8 cells diagonal to the two obstacles. Row 0: (0,0), (2,0), (4,0), (6,0); the
// east ray from (0,0) stops at (2,0), so (0,0)-(4,0) is no edge of the simple graph. With tl,
// (2,0) and (4,0) are removable only if their row neighbours get an edge or a bypass.
TEST(SubgoalGraph, CountsOnTwoObstacles) {
  const Grid g = ascii_grid({
      ".......",
      ".@...@.",
      ".......",
  });
  SubgoalGraph sg;
  sg.build(g, false);
  EXPECT_EQ(sg.num_nodes(), 8u);
  for (int x : {0, 2, 4, 6})
    for (int y : {0, 2}) EXPECT_NE(sg.node_of(g.id(x, y)), kNoNode) << x << "," << y;
  // Row edges: 3 per row (0-2, 2-4, 4-6); column edges: (0,0)-(0,2), (2,0)-(2,2), (4,0)-(4,2),
  // (6,0)-(6,2): 4; diagonal ones: (2,0) -> SE steps to (3,1) (sides (3,0), (2,1) free; the
  // rays from (3,1) reach no further than those from (2,0)), then to the subgoal (4,2): edge;
  // (4,0) -> SW likewise reaches (2,2): edge. Total 3 + 3 + 4 + 2 = 12.
  EXPECT_EQ(sg.num_edges(), 12u);
  // (0,0) is bypassed by (2,0)-(2,2)-(0,2) (length 4 = 2 + 2, interior global): local.
  SubgoalGraph tl;
  tl.build(g, true);
  EXPECT_LT(tl.num_global(), tl.num_nodes());
}

TEST(SubgoalGraph, QueriesOnOneObstacle) {
  const Grid g = one_obstacle();
  for (bool tl : {false, true}) {
    SCOPED_TRACE(tl ? "tl" : "simple");
    auto p = make_sg(tl);
    p->prepare(g);
    // Around the obstacle: (0,2) -> (1,1) -> (3,1) -> (4,2), 2 + 2 sqrt(2).
    SearchResult r = solve(*p, {0, 2}, {4, 2});
    ASSERT_EQ(r.status, Status::Solved);
    EXPECT_EQ(check_path(g, {{0, 2}, {4, 2}}, r), "");
    EXPECT_NEAR(r.cost, 2 + 2 * kSqrt2, 1e-9);
    EXPECT_GE(r.counters.expansions, 1u);
    ASSERT_EQ(r.extras.size(), 3u);
    EXPECT_EQ(r.extras[0], 4.0);
    EXPECT_EQ(r.extras[1], tl ? 2.0 : 4.0);
    EXPECT_EQ(r.extras[2], 4.0);
    // h-reachable start and goal: the octile path, no search at all.
    r = solve(*p, {0, 0}, {4, 0});
    ASSERT_EQ(r.status, Status::Solved);
    EXPECT_EQ(check_path(g, {{0, 0}, {4, 0}}, r), "");
    EXPECT_NEAR(r.cost, 4.0, 1e-9);
    EXPECT_EQ(r.counters.expansions, 0u);
    EXPECT_EQ(r.path.size(), 5u);
    // (4,1) is h-reachable from (0,0) too, but the scan's "diagonal first" walk meets the
    // subgoal (1,1) first: a search over subgoals, same cost.
    r = solve(*p, {0, 0}, {4, 1});
    ASSERT_EQ(r.status, Status::Solved);
    EXPECT_EQ(check_path(g, {{0, 0}, {4, 1}}, r), "");
    EXPECT_NEAR(r.cost, 3 + kSqrt2, 1e-9);
    EXPECT_GE(r.counters.expansions, 1u);
    // A subgoal as start and as goal.
    r = solve(*p, {1, 1}, {3, 3});
    ASSERT_EQ(r.status, Status::Solved);
    EXPECT_EQ(check_path(g, {{1, 1}, {3, 3}}, r), "");
    EXPECT_NEAR(r.cost, 4.0, 1e-9);
  }
}

// The hierarchy on the one-obstacle map: 4 subgoals, a square of edges, all of priority
// 2 x (0 - 2) = -4 (no shortcut, 2 edges removed; priority = 2 x edge difference + contracted
// neighbours + depth). (1,1) goes first (lowest id): its neighbours (3,1), (1,3) are joined by the
// witness through (3,3), length 4: no shortcut. Lazy updates: (3,1) and (1,3) now have one
// neighbour, one contracted neighbour and depth 1, priority 2 x (0 - 1) + 1 + 1 = 0; (3,3) has
// priority 2 x (1 - 2) + 0 + 0 = -2 (its neighbours (3,1), (1,3) have no witness left):
// contracted next, with one shortcut (3,1)-(1,3) of cost 4. The last two add none. Queries keep
// their optimal costs.
TEST(SubgoalGraph, HierarchyOnOneObstacle) {
  const Grid g = one_obstacle();
  auto p = make_ch();
  p->prepare(g);
  SearchResult r = solve(*p, {0, 2}, {4, 2});
  ASSERT_EQ(r.status, Status::Solved);
  EXPECT_EQ(check_path(g, {{0, 2}, {4, 2}}, r), "");
  EXPECT_NEAR(r.cost, 2 + 2 * kSqrt2, 1e-9);
  ASSERT_EQ(r.extras.size(), 4u);
  EXPECT_EQ(r.extras[0], 4.0);  // subgoals
  EXPECT_EQ(r.extras[1], 4.0);  // edges
  EXPECT_EQ(r.extras[2], 1.0);  // shortcuts
  EXPECT_EQ(r.extras[3], 0.0);  // core
  r = solve(*p, {2, 0}, {2, 4});
  ASSERT_EQ(r.status, Status::Solved);
  EXPECT_NEAR(r.cost, 2 + 2 * kSqrt2, 1e-9);
  EXPECT_EQ(check_path(g, {{2, 0}, {2, 4}}, r), "");
}

TEST(SubgoalGraph, UnreachableAcrossAWall) {
  const Grid g = ascii_grid({
      "..@..",
      "..@..",
      ".@@..",
      "..@..",
  });
  std::unique_ptr<Planner> planners[] = {make_sg(false), make_sg(true), make_ch()};
  for (auto& p : planners) {
    p->prepare(g);
    const SearchResult r = solve(*p, {0, 0}, {4, 3});
    EXPECT_EQ(r.status, Status::Unreachable);
    EXPECT_TRUE(r.path.empty());
  }
}

TEST(SubgoalGraph, HonoursMaxExpansions) {
  const Grid g = one_obstacle();
  auto p = make_sg(false);
  p->prepare(g);
  Budget b;
  b.max_expansions = 1;
  // Needs at least two expansions ((1,1) or (1,3), then (3,1) or (3,3)) before the goal.
  const SearchResult r = solve(*p, {0, 2}, {4, 2}, b);
  EXPECT_EQ(r.status, Status::Timeout);
  EXPECT_EQ(r.counters.expansions, 1u);
}

// Dense random maps: hundreds of subgoals, long TL-added edges refined by the general case,
// shortcuts of the contraction hierarchy unpacked.
TEST(SubgoalGraph, MatchesReferenceOnDenseRandomMaps) {
  std::mt19937_64 rng(33);
  for (int m = 0; m < 40; ++m) {
    const int w = 8 + testing::below(rng, 40), h = 8 + testing::below(rng, 40);
    const Grid g = testing::random_grid(rng, w, h, 0.05 * testing::below(rng, 8));
    const std::vector<Point> free = testing::free_cells(g);
    if (free.size() < 2) continue;
    auto simple = make_sg(false), tl = make_sg(true), ch = make_ch();
    simple->prepare(g);
    tl->prepare(g);
    ch->prepare(g);
    for (int q = 0; q < 30; ++q) {
      const Point s = free[rng() % free.size()], t = free[rng() % free.size()];
      const double ref = reference_cost(g, s, t);
      for (Planner* p : {simple.get(), tl.get(), ch.get()}) {
        const SearchResult r = solve(*p, s, t);
        if (std::isinf(ref)) {
          EXPECT_EQ(r.status, Status::Unreachable);
          continue;
        }
        ASSERT_EQ(r.status, Status::Solved) << "map " << m;
        EXPECT_EQ(check_path(g, {s, t}, r), "") << "map " << m;
        EXPECT_TRUE(costs_equal(r.cost, ref)) << "map " << m << ": " << r.cost << " vs " << ref;
      }
    }
  }
}

}  // namespace
}  // namespace pathbench
