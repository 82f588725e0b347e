// HPA*: exact abstraction sizes on hand-made maps; on hundreds of random maps (disconnected ones
// included) every path valid, found exactly when the reference finds one, never below the
// optimum, smoothing never costlier; levels 2-3, refine=search, 4-connectivity, reuse; and the
// MovingAI scenario lines (found, valid, not below the listed optimum).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "algorithms/planners/hpa/hpa_planner.h"
#include "algorithms/planners/hpa/hpa_query.h"
#include "algorithms/reference/reference_dijkstra.h"
#include "datasets/map_generators.h"
#include "datasets/map_io.h"
#include "datasets/scen_io.h"
#include "tests/algorithms/test_grids.h"
#include "tests/support/test_data.h"

namespace pathbench {
namespace {

using testing::grid_from_rows;
using testing::walk_cost;

constexpr int kExpInsert = 0, kExpAbstract = 1, kExpRefine = 2, kCostUnsmoothed = 3, kNodes = 4,
              kEdges = 5;

struct Counts {
  std::size_t entrances, transitions, nodes, edges;
  bool operator==(const Counts&) const = default;
};
// So that a failed EXPECT_EQ shows every size by name.
void PrintTo(const Counts& c, std::ostream* os) {
  *os << "{entrances " << c.entrances << ", transitions " << c.transitions << ", nodes " << c.nodes
      << ", edges " << c.edges << "}";
}

Counts abstraction_counts(const Grid& g, int cluster_size, int levels = 1) {
  hpa::HpaQuery q;
  q.prepare(g, {cluster_size, levels, true, true});
  const hpa::ClusterAbstraction& a = q.abstraction();
  return {a.num_entrances(), a.num_transitions(), a.num_nodes(), a.num_edges()};
}

TEST(Hpa, OpenSquareFourClusters) {
  // 8x8, clusters 4x4: each of the 4 inner borders is one 4-wide entrance (< 6: one transition
  // in its middle), giving 8 distinct transition cells; 4 inter edges + 1 intra edge per cluster.
  const Grid g(8, 8);
  EXPECT_EQ(abstraction_counts(g, 4), (Counts{4, 4, 8, 8}));
}

TEST(Hpa, WideEntranceGetsTwoTransitionsAndWallsSplitEntrances) {
  // Two 6x6 clusters side by side: the 6-wide border is one wide entrance, two transitions.
  const Grid open(12, 6);
  EXPECT_EQ(abstraction_counts(open, 6),
            (Counts{1, 2, 4, 4}));  // edges: 2 inter + 1 intra per cluster
  // A wall cell at (5,2) splits it into rows 0-1 and 3-5: two narrow entrances, one transition
  // each; a wall at (6,5) on the other side shortens the second to rows 3-4.
  const Grid walled = grid_from_rows({"............", "............", ".....@......",
                                      "............", "............", "......@....."});
  EXPECT_EQ(abstraction_counts(walled, 6), (Counts{2, 2, 4, 4}));
  // A cluster cut in two by a wall: its two transitions are not joined by an intra edge.
  const Grid cut = grid_from_rows({"..@.....", "..@.....", "..@.....", "..@.....", "........",
                                   "........", "........", "........"});
  // The wall also splits the horizontal border below it (x=0-1 and x=3): 5 entrances, 10 nodes;
  // the top-left cluster's node (1,3) reaches neither (3,2) nor (3,3): 6 intra + 5 inter edges.
  EXPECT_EQ(abstraction_counts(cut, 4), (Counts{5, 5, 10, 11}));
  // Per-query extras report the same sizes.
  ConfiguredPlanner p = make_planner("hpa", {{"cluster_size", "4"}});
  p.planner->prepare(cut);
  SearchResult r;
  p.planner->solve({{0, 0}, {7, 7}}, {}, r);
  ASSERT_EQ(r.status, Status::Solved);
  EXPECT_EQ(r.extras[kNodes], 10.0);
  EXPECT_EQ(r.extras[kEdges], 11.0);
}

TEST(Hpa, LevelTwoNodesAreTheTransitionsOnLevelTwoBorders) {
  // 24x12 open map, clusters 4: level-2 clusters are 12x12, so only the border at x=12 is a
  // level-2 border. Level-1: 5 vertical borders x 3 rows + 2 horizontal x 6 columns = 27
  // entrances; level 2 adds intra edges between the 3 + 3 nodes on x=11|12 in each level-2 cluster.
  const Grid g(24, 12);
  const Counts one = abstraction_counts(g, 4, 1);
  const Counts two = abstraction_counts(g, 4, 2);
  EXPECT_EQ(one.entrances, 27u);
  EXPECT_EQ(one.nodes, 54u);
  EXPECT_EQ(two.nodes, 54u);
  // Each level-2 cluster has 3 level-2 nodes, all connected: 3 intra edges each.
  EXPECT_EQ(two.edges, one.edges + 6u);
}

TEST(Hpa, ParametersAndCapabilities) {
  EXPECT_EQ(make_planner("hpa", {}).params.to_string(),
            "cluster_size=10;levels=1;refine=cache;smoothing=true");
  EXPECT_THROW(make_planner("hpa", {{"cluster_size", "3"}}), ParamError);
  EXPECT_THROW(make_planner("hpa", {{"levels", "4"}}), ParamError);
  EXPECT_THROW(make_planner("hpa", {{"refine", "magic"}}), ParamError);
  const Capabilities c = make_planner("hpa", {}).planner->capabilities();
  EXPECT_FALSE(c.optimal);
  EXPECT_TRUE(std::isinf(c.suboptimality_bound));
  EXPECT_TRUE(c.needs_preprocessing);
  Grid cut(4, 4, {Connectivity::Eight, true});
  EXPECT_THROW(make_planner("hpa", {}).planner->prepare(cut), std::invalid_argument);
  Grid terrain(4, 4);
  terrain.set_cell_cost(1, 1, 2.0);
  EXPECT_THROW(make_planner("hpa", {}).planner->prepare(terrain), std::invalid_argument);
  EXPECT_EQ(make_planner("hpa", {}).planner->extra_columns().size(), 6u);
}

// A limit that has passed ends the query as a timeout, with no path; the next query without a
// limit is answered exactly as by a planner that never timed out (no state left half-built).
TEST(Hpa, HonoursTheTimeLimitAndRecoversForTheNextQuery) {
  const Grid g = random_map(256, 256, 0.2, 11);
  const Query far{{0, 0}, {255, 255}};
  for (const std::string levels : {"1", "2"}) {
    SCOPED_TRACE("levels " + levels);
    ConfiguredPlanner limited = make_planner("hpa", {{"levels", levels}});
    ConfiguredPlanner fresh = make_planner("hpa", {{"levels", levels}});
    Grid open_corners = g;
    open_corners.set_passable(0, 0, true);
    open_corners.set_passable(255, 255, true);
    limited.planner->prepare(open_corners);
    fresh.planner->prepare(open_corners);
    Budget tiny;
    tiny.time_limit_s = 1e-9;
    SearchResult r;
    limited.planner->solve(far, tiny, r);
    EXPECT_EQ(r.status, Status::Timeout);
    EXPECT_TRUE(r.path.empty());
    SearchResult again, reference;
    limited.planner->solve(far, Budget{}, again);
    fresh.planner->solve(far, Budget{}, reference);
    ASSERT_EQ(reference.status, Status::Solved);
    EXPECT_EQ(again.status, Status::Solved);
    EXPECT_EQ(again.path, reference.path);
    EXPECT_EQ(again.counters.expansions, reference.counters.expansions);
  }
}

TEST(Hpa, SameClusterDetourOutsideAndDirect) {
  // Start and goal in one 4x4 cluster, separated inside it by a wall: the path leaves the cluster.
  const Grid g = grid_from_rows({"..@.....", "..@.....", "..@.....", "..@.....", "........"});
  ConfiguredPlanner p = make_planner("hpa", {{"cluster_size", "4"}});
  p.planner->prepare(g);
  SearchResult r;
  p.planner->solve({{0, 0}, {3, 0}}, {}, r);
  ASSERT_EQ(r.status, Status::Solved);
  EXPECT_NEAR(walk_cost(g, r.path), r.cost, 1e-9);
  EXPECT_GE(r.cost, reference_cost(g, {0, 0}, {3, 0}) - 1e-9);
  // Same cluster, direct line: the direct search gives the optimum.
  p.planner->solve({{0, 0}, {1, 3}}, {}, r);
  ASSERT_EQ(r.status, Status::Solved);
  EXPECT_NEAR(r.cost, kSqrt2 + 2, 1e-9);
}

std::vector<testing::RandomCase> random_cases(int count, std::uint64_t seed, MoveRules rules = {}) {
  return testing::random_cases(count, seed,
                               {.max_side = 100, .max_density_percent = 40, .rules = rules});
}

// Runs `params` on `count` random maps (4 queries each) and checks every result against the
// reference; returns the number of solved queries.
void expect_valid_on_random_maps(const RawParams& params, int count, std::uint64_t seed,
                                 MoveRules rules = {}) {
  int solved = 0, unreachable = 0;
  std::mt19937_64 rng(seed * 7919);
  for (const testing::RandomCase& c : random_cases(count, seed, rules)) {
    RawParams p = params;
    if (!p.count("cluster_size")) p["cluster_size"] = std::to_string(4 + rng() % 13);
    ConfiguredPlanner cp = make_planner("hpa", p);
    cp.planner->prepare(c.grid);
    SearchResult r;
    for (const auto& [s, t] : c.queries) {
      const double ref = reference_cost(c.grid, s, t);
      cp.planner->solve({s, t}, {}, r);
      const std::string where = "map " + std::to_string(c.grid.width()) + "x" +
                                std::to_string(c.grid.height()) + " (" + std::to_string(s.x) + "," +
                                std::to_string(s.y) + ")->(" + std::to_string(t.x) + "," +
                                std::to_string(t.y) + ") cluster_size=" + p["cluster_size"];
      if (!std::isfinite(ref)) {
        ASSERT_EQ(r.status, Status::Unreachable) << where;
        ++unreachable;
        continue;
      }
      ASSERT_EQ(r.status, Status::Solved) << where;
      ASSERT_FALSE(r.path.empty());
      EXPECT_EQ(c.grid.point(r.path.front()), s) << where;
      EXPECT_EQ(c.grid.point(r.path.back()), t) << where;
      EXPECT_NEAR(walk_cost(c.grid, r.path), r.cost, 1e-9 * std::max(1.0, ref)) << where;
      EXPECT_GE(r.cost, ref - 1e-9 * std::max(1.0, ref)) << where;
      ASSERT_EQ(r.extras.size(), 6u);
      if (s != t) {
        EXPECT_LE(r.cost, r.extras[kCostUnsmoothed] + 1e-9) << where;
        EXPECT_EQ(r.counters.expansions,
                  static_cast<std::uint64_t>(r.extras[kExpInsert] + r.extras[kExpAbstract] +
                                             r.extras[kExpRefine]));
      }
      ++solved;
    }
  }
  EXPECT_GT(solved, count);
  EXPECT_GT(unreachable, count / 20);
}

TEST(HpaVsReference, LevelOne) { expect_valid_on_random_maps({}, 320, 1); }
TEST(HpaVsReference, LevelOneNoSmoothing) {
  expect_valid_on_random_maps({{"smoothing", "false"}}, 150, 2);
}
TEST(HpaVsReference, LevelTwo) { expect_valid_on_random_maps({{"levels", "2"}}, 200, 3); }
TEST(HpaVsReference, LevelThree) { expect_valid_on_random_maps({{"levels", "3"}}, 150, 4); }
TEST(HpaVsReference, RefineSearch) {
  expect_valid_on_random_maps({{"refine", "search"}}, 100, 5);
  expect_valid_on_random_maps({{"refine", "search"}, {"levels", "2"}}, 100, 6);
  expect_valid_on_random_maps({{"refine", "search"}, {"levels", "3"}}, 60, 9);
}
TEST(HpaVsReference, FourConnected) {
  expect_valid_on_random_maps({}, 100, 7, {Connectivity::Four, false});
  expect_valid_on_random_maps({{"levels", "2"}}, 100, 8, {Connectivity::Four, false});
}

TEST(Hpa, RefineSearchAndCacheGiveEqualCostsAndCacheNeedsNoRefinementWork) {
  for (const testing::RandomCase& c : random_cases(60, 10)) {
    for (const char* levels : {"1", "2"}) {
      ConfiguredPlanner cache =
          make_planner("hpa", {{"cluster_size", "5"}, {"levels", levels}, {"smoothing", "false"}});
      ConfiguredPlanner search = make_planner("hpa", {{"cluster_size", "5"},
                                                      {"levels", levels},
                                                      {"smoothing", "false"},
                                                      {"refine", "search"}});
      cache.planner->prepare(c.grid);
      search.planner->prepare(c.grid);
      for (const auto& [s, t] : c.queries) {
        if (s == t) continue;
        SearchResult a, b;
        cache.planner->solve({s, t}, {}, a);
        search.planner->solve({s, t}, {}, b);
        ASSERT_EQ(a.status, b.status);
        if (a.status != Status::Solved) continue;
        EXPECT_NEAR(a.cost, b.cost, 1e-9 * std::max(1.0, a.cost));
        EXPECT_EQ(a.extras[kExpRefine], 0.0);
        EXPECT_EQ(a.extras[kExpInsert], b.extras[kExpInsert]);
        EXPECT_EQ(a.extras[kExpAbstract], b.extras[kExpAbstract]);
      }
    }
  }
}

TEST(Hpa, ReusedPlannerGivesIdenticalResults) {
  for (const testing::RandomCase& c : random_cases(30, 11)) {
    ConfiguredPlanner reused = make_planner("hpa", {{"cluster_size", "6"}, {"levels", "2"}});
    reused.planner->prepare(c.grid);
    SearchResult r;
    for (const auto& [s, t] : c.queries) reused.planner->solve({t, s}, {}, r);
    for (const auto& [s, t] : c.queries) {
      reused.planner->solve({s, t}, {}, r);
      ConfiguredPlanner fresh = make_planner("hpa", {{"cluster_size", "6"}, {"levels", "2"}});
      fresh.planner->prepare(c.grid);
      SearchResult f;
      fresh.planner->solve({s, t}, {}, f);
      EXPECT_EQ(r.status, f.status);
      EXPECT_EQ(r.path, f.path);
      EXPECT_EQ(r.counters.expansions, f.counters.expansions);
    }
  }
}

// Every line of arena and den312d, an evenly spaced sample of ~300 lines of each other map.
TEST(HpaMovingAI, ScenLines) {
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
    ConfiguredPlanner p = make_planner("hpa", {});
    p.planner->prepare(g);
    const std::size_t n = std::min(limit, scen.size());
    SearchResult r;
    for (std::size_t k = 0; k < n; ++k) {
      const ScenEntry& e = scen[k * scen.size() / n];
      p.planner->solve({e.start, e.goal}, {}, r);
      ASSERT_EQ(r.status, Status::Solved) << name << " line " << e.line;
      ASSERT_EQ(g.point(r.path.front()), e.start);
      ASSERT_EQ(g.point(r.path.back()), e.goal);
      EXPECT_NEAR(walk_cost(g, r.path), r.cost, 1e-9 * std::max(1.0, r.cost))
          << name << " line " << e.line;
      ASSERT_GE(r.cost, e.optimal * (1 - 1e-5)) << name << " line " << e.line;
    }
  };
  for (const std::string& name : full) run(name, std::numeric_limits<std::size_t>::max());
  for (const std::string& name : sampled) run(name, 300);
}

}  // namespace
}  // namespace pathbench
