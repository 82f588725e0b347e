// The reference Dijkstra (algorithms/reference/reference_dijkstra.h) decides `optimal` wherever
// no published length exists, so it is checked here against a second, independent shortest-path
// code: Boost.Graph's dijkstra_shortest_paths on a graph built explicitly from the movement
// rules. The graph is built pair by pair (each horizontal, vertical and diagonal pair of cells and
// the rule that joins them), not cell by cell from a direction table like the planners'
// for_each_successor or the reference's own move code, so the three do not share a mistake.
//
// Every movement rule the grid supports (MoveRules: 4- or 8-connected, corner cutting or not)
// with and without terrain costs, over kMapsPerRule seeded random maps each (1x1 to 16x16, up
// to 45% obstacles, wall segments on about half), compares the distance to every cell from
// several sources, and the goal-stopping reference_cost to several goals.
#include <gtest/gtest.h>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/dijkstra_shortest_paths.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "algorithms/reference/reference_dijkstra.h"
#include "tests/support/random_grids.h"

namespace pathbench {
namespace {

// 8 rule sets x this many maps x 4 sources (about 1.5 s in Release on a busy 2-core machine; scale
// here for ASan).
constexpr int kMapsPerRule = 1000;
constexpr int kSourcesPerMap = 4;

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property,
                                    boost::property<boost::edge_weight_t, double>>;

int vertex(const Grid& g, int x, int y) { return y * g.width() + x; }

// Entering (x, y) over a step of `length` costs length x its cost; both directions of a pair.
void join(const Grid& g, Graph& graph, int ax, int ay, int bx, int by, double length) {
  boost::add_edge(vertex(g, ax, ay), vertex(g, bx, by), length * g.cell_cost(g.id(bx, by)), graph);
  boost::add_edge(vertex(g, bx, by), vertex(g, ax, ay), length * g.cell_cost(g.id(ax, ay)), graph);
}

// The rules, pair by pair: two passable cells side by side or one above the other are joined
// (length 1); two passable cells diagonally adjacent are joined (length sqrt 2) only on an
// 8-connected grid, and without corner cutting only when the two cells they both touch are
// passable.
Graph build_graph(const Grid& g) {
  Graph graph(static_cast<std::size_t>(g.width() * g.height()));
  const bool eight = g.rules().connectivity == Connectivity::Eight;
  const bool cut = g.rules().corner_cutting;
  const auto open = [&](int x, int y) { return g.passable(x, y); };  // false off the map
  for (int y = 0; y < g.height(); ++y)
    for (int x = 0; x < g.width(); ++x) {
      if (!open(x, y)) continue;
      if (open(x + 1, y)) join(g, graph, x, y, x + 1, y, 1.0);
      if (open(x, y + 1)) join(g, graph, x, y, x, y + 1, 1.0);
      if (!eight) continue;
      // The pair (x, y)-(x+1, y+1) touches (x+1, y) and (x, y+1); (x, y)-(x-1, y+1) touches
      // (x-1, y) and (x, y+1).
      if (open(x + 1, y + 1) && (cut || (open(x + 1, y) && open(x, y + 1))))
        join(g, graph, x, y, x + 1, y + 1, std::numbers::sqrt2);
      if (open(x - 1, y + 1) && (cut || (open(x - 1, y) && open(x, y + 1))))
        join(g, graph, x, y, x - 1, y + 1, std::numbers::sqrt2);
    }
  return graph;
}

std::vector<double> boost_distances(const Graph& graph, int source) {
  std::vector<double> dist(boost::num_vertices(graph));
  boost::dijkstra_shortest_paths(
      graph, static_cast<std::size_t>(source),
      boost::distance_map(
          boost::make_iterator_property_map(dist.begin(), boost::get(boost::vertex_index, graph)))
          .distance_inf(std::numeric_limits<double>::infinity()));
  return dist;
}

// Both sides sum doubles along an optimal path, possibly different optimal paths in a different
// order: at most one rounding (2^-53 relative) per step, and a path has at most 256 steps here.
bool same_distance(double a, double b) {
  if (std::isinf(a) || std::isinf(b)) return a == b;
  return std::fabs(a - b) <= 1e-12 * std::max(1.0, std::fabs(b));
}

struct RuleCase {
  const char* name;
  MoveRules rules;
  bool terrain;
  std::uint64_t seed;
};

void PrintTo(const RuleCase& c, std::ostream* os) { *os << c.name; }

class ReferenceVsBoost : public ::testing::TestWithParam<RuleCase> {};

TEST_P(ReferenceVsBoost, AllDistancesAgreeOnRandomMaps) {
  const RuleCase& rc = GetParam();
  testing::RandomMapSpec spec;
  spec.min_side = 1;
  spec.max_side = 16;
  spec.rules = rc.rules;
  spec.walls = true;
  spec.terrain = rc.terrain;
  spec.thin_first = true;
  spec.queries = kSourcesPerMap;
  std::mt19937_64 rng(rc.seed);
  const auto cases = testing::random_cases(kMapsPerRule, rng(), spec);
  long compared = 0, unreachable = 0;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    Grid grid = cases[i].grid;
    // Costs below 1 and far above the generator's 1-4.9 too: the reference must not assume a
    // minimum step cost.
    if (rc.terrain)
      for (int k = 0; k < grid.width() * grid.height() / 8; ++k) {
        // One draw per statement: argument evaluation order is unspecified, the maps must not be.
        const int x = testing::below(rng, grid.width());
        const int y = testing::below(rng, grid.height());
        const bool cheap = rng() % 2;
        grid.set_cell_cost(
            x, y, cheap ? 0.125 + testing::below(rng, 8) / 16.0 : 10.0 + testing::below(rng, 990));
      }
    const Graph graph = build_graph(grid);
    for (const Query& q : cases[i].queries) {
      const std::vector<double> ours = reference_costs_from(grid, q.start);
      const std::vector<double> theirs = boost_distances(graph, vertex(grid, q.start.x, q.start.y));
      for (int y = 0; y < grid.height(); ++y)
        for (int x = 0; x < grid.width(); ++x) {
          const double a = ours[grid.id(x, y)], b = theirs[vertex(grid, x, y)];
          ASSERT_TRUE(same_distance(a, b))
              << rc.name << " map " << i << " (" << grid.width() << "x" << grid.height()
              << ") from (" << q.start.x << "," << q.start.y << ") to (" << x << "," << y
              << "): reference " << a << ", Boost " << b;
          ++compared;
          unreachable += std::isinf(b) ? 1 : 0;
        }
      // The goal-stopping search gives the same cost as the full one.
      const double to_goal = reference_cost(grid, q.start, q.goal);
      ASSERT_TRUE(same_distance(to_goal, theirs[vertex(grid, q.goal.x, q.goal.y)]))
          << rc.name << " map " << i << " goal (" << q.goal.x << "," << q.goal.y << ")";
    }
  }
  // The comparison must have had both kinds of answer to compare.
  EXPECT_GT(compared - unreachable, compared / 4) << rc.name;
  EXPECT_GT(unreachable, 0) << rc.name;
}

INSTANTIATE_TEST_SUITE_P(
    EveryRule, ReferenceVsBoost,
    ::testing::Values(RuleCase{"eight_no_cut", {Connectivity::Eight, false}, false, 1001},
                      RuleCase{"eight_cut", {Connectivity::Eight, true}, false, 1002},
                      RuleCase{"four", {Connectivity::Four, false}, false, 1003},
                      RuleCase{"four_cut_flag", {Connectivity::Four, true}, false, 1004},
                      RuleCase{"eight_no_cut_terrain", {Connectivity::Eight, false}, true, 1005},
                      RuleCase{"eight_cut_terrain", {Connectivity::Eight, true}, true, 1006},
                      RuleCase{"four_terrain", {Connectivity::Four, false}, true, 1007},
                      RuleCase{"four_cut_flag_terrain", {Connectivity::Four, true}, true, 1008}),
    [](const ::testing::TestParamInfo<RuleCase>& param_info) {
      return std::string(param_info.param.name);
    });

}  // namespace
}  // namespace pathbench
