// The one best-first kernel and its users: HPA*'s cell search expands in exactly A*'s order (the
// order a correct heap gives under AStarOrder), including where a g improvement smaller than f's
// rounding makes a node's key later, which a decrease_key (sift up only) would misplace; and
// every planner reads Budget::max_expansions the same way (search_types.h), HPA* included.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "algorithms/heaps/binary_heap.h"
#include "algorithms/heuristics/heuristics.h"
#include "algorithms/planners/hpa/cluster_search.h"
#include "algorithms/reference/reference_dijkstra.h"
#include "algorithms/search/best_first_search.h"
#include "tests/algorithms/test_grids.h"

namespace pathbench {
namespace {

struct ExpansionLog {
  static constexpr bool kLogsValues = false;
  std::vector<CellId>* order;
  void on_expand(CellId c) { order->push_back(c); }
  void on_generate(CellId) {}
  void on_generate_values(CellId, CellId, double, double) {}
  void on_expand_values(CellId, CellId, double, double) {}
  void on_close(CellId, CellId, double, double) {}
  void on_update(CellId, CellId, double, double) {}
};

std::vector<CellId> astar_order(const Grid& g, CellId s, CellId t) {
  NodeArena nodes;
  nodes.resize(g.num_ids());
  BinaryHeap<> open;
  open.resize(g.num_ids());
  SearchResult r;
  std::vector<CellId> order;
  best_first_search(g, MoveOffsets(g), nodes, open, OctileHeuristic{}, BestFirstSettings{}, s, t,
                    Budget{}, r, ExpansionLog{&order});
  return order;
}

std::vector<CellId> cluster_order(const Grid& g, CellId s, CellId t) {
  hpa::ClusterSearch cs;
  cs.resize(std::max(g.width(), g.height()));
  std::uint64_t expansions = 0;
  std::vector<CellId> order;
  cs.run(
      g, MoveOffsets(g), hpa::Rect{0, 0, g.width(), g.height()}, s, t, expansions,
      [](CellId) { return false; }, [&](CellId c) { order.push_back(c); });
  EXPECT_EQ(expansions, order.size());
  return order;
}

// Open maps and terrain are where equal-length paths abound: their g values, summed in different
// orders, differ in the last bits, and f = g + h often rounds equal for both. (The decrease_key
// misorder this guards against also needs a heap child with exactly the key in between; these
// maps did not produce one with the old ClusterSearch, so this checks the equivalence, and the
// fix is that both searches now run the same kernel code.)
TEST(SearchKernel, ClusterSearchExpandsInAStarOrder) {
  std::mt19937_64 rng(11);
  int differing = 0;
  for (int i = 0; i < 400; ++i) {
    Grid g = testing::random_grid(rng, 64, 64, i % 3 == 0 ? 0.0 : 0.1);
    // Terrain costs 1-3 (HPA* itself runs uniform costs; its cell search does not care): many
    // equal-cost paths summed in different orders, g values an ulp apart.
    if (i % 2)
      for (int y = 0; y < g.height(); ++y)
        for (int x = 0; x < g.width(); ++x)
          if (g.passable(x, y)) g.set_cell_cost(x, y, 1 + static_cast<int>(rng() % 3));
    const std::vector<Point> free = testing::free_cells(g);
    std::uniform_int_distribution<std::size_t> pick(0, free.size() - 1);
    const CellId s = g.id(free[pick(rng)]), t = g.id(free[pick(rng)]);
    if (s == t) continue;
    if (astar_order(g, s, t) != cluster_order(g, s, t)) ++differing;
  }
  EXPECT_EQ(differing, 0);
}

// best_first_search runs untraced unit-weight A* on uniform grids in its own instantiation
// (PlainKey, no terrain branches); a listener forces the generic one (WeightedKey). Both must
// expand the same nodes in the same order and return the same path.
TEST(SearchKernel, UniformFastPathExpandsLikeTheGenericLoop) {
  std::mt19937_64 rng(23);
  for (int i = 0; i < 200; ++i) {
    const Grid g = testing::random_grid(rng, 48, 48, i % 4 == 0 ? 0.0 : 0.25);
    const std::vector<Point> free = testing::free_cells(g);
    std::uniform_int_distribution<std::size_t> pick(0, free.size() - 1);
    const CellId s = g.id(free[pick(rng)]), t = g.id(free[pick(rng)]);
    NodeArena nodes;
    nodes.resize(g.num_ids());
    BinaryHeap<> open;
    open.resize(g.num_ids());
    SearchResult fast, generic;
    best_first_search(g, MoveOffsets(g), nodes, open, OctileHeuristic{}, BestFirstSettings{}, s, t,
                      Budget{}, fast);
    std::vector<CellId> order;
    best_first_search(g, MoveOffsets(g), nodes, open, OctileHeuristic{}, BestFirstSettings{}, s, t,
                      Budget{}, generic, ExpansionLog{&order});
    ASSERT_EQ(fast.status, generic.status);
    EXPECT_EQ(fast.counters.expansions, order.size());
    EXPECT_EQ(fast.counters.generated, generic.counters.generated);
    EXPECT_EQ(fast.path, generic.path);
    EXPECT_EQ(fast.cost, generic.cost);
  }
}

// Weighted A*'s inline rounding is std::llround on the range it is used for (0 .. 2^62),
// including exact halves and the largest double below 0.5.
TEST(SearchKernel, WeightedKeyRoundsLikeLlround) {
  std::mt19937_64 rng(3);
  std::vector<double> xs = {0.0,
                            0.5,
                            1.5,
                            2.5,
                            0.49999999999999994,
                            1.4999999999999998,
                            4503599627370495.5,
                            4503599627370497.0,
                            0x1p62};
  std::uniform_real_distribution<double> u(0.0, 1e12);
  for (int i = 0; i < 10000; ++i) xs.push_back(u(rng));
  for (int i = 0; i < 1000; ++i) xs.push_back(std::floor(u(rng)) + 0.5);
  for (const double x : xs) EXPECT_EQ(WeightedKey::round_half_up(x), std::llround(x)) << x;
}

// A node's key can get *later* although its g improved: greedy best-first keeps f = h, and with
// double costs g + h could round to the same f; AStarOrder then puts the smaller g after the
// others of equal f. HPA*'s cluster and abstract searches once called decrease_key (sift up only)
// there, which leaves the node in front. The kernel's relax() calls update(). This provokes it:
// decrease_key pops the node first (the misorder), update() pops it last, as the order says.
TEST(OpenListMisorder, AKeyThatGotLaterNeedsUpdateNotDecreaseKey) {
  const auto pops_after_improving_node_1 = [](bool use_update) {
    BinaryHeap<AStarOrder> heap;
    heap.resize(8);
    heap.push(1, {10, 5});  // larger g first among equal f: 1, 2, 3
    heap.push(2, {10, 4});
    heap.push(3, {10, 3});
    const HeapKey improved{10, 2};  // g 5 -> 2, f unchanged: now after 2 and 3
    if (use_update)
      heap.update(1, improved);
    else
      heap.decrease_key(1, improved);
    std::vector<CellId> order;
    while (!heap.empty()) order.push_back(heap.pop());
    return order;
  };
  EXPECT_EQ(pops_after_improving_node_1(true), (std::vector<CellId>{2, 3, 1}));
  EXPECT_EQ(pops_after_improving_node_1(false), (std::vector<CellId>{1, 2, 3}));
}

// max_expansions = N: at most N expansions; a query needing exactly N is solved, one needing
// more stops with Timeout after N, and the planner answers the next query as if never stopped.
void expect_budget_meaning(const std::string& name, const RawParams& params, const Grid& g,
                           Query q) {
  SCOPED_TRACE(name);
  ConfiguredPlanner cp = make_planner(name, params);
  cp.planner->prepare(g);
  SearchResult full, r;
  cp.planner->solve(q, Budget{}, full);
  ASSERT_EQ(full.status, Status::Solved);
  const std::uint64_t needed = full.counters.expansions;
  ASSERT_GT(needed, 2u);
  for (const std::uint64_t n : {std::uint64_t{1}, needed / 2, needed - 1}) {
    Budget b;
    b.max_expansions = n;
    cp.planner->solve(q, b, r);
    EXPECT_EQ(r.status, Status::Timeout) << "budget " << n;
    EXPECT_EQ(r.counters.expansions, n);
    EXPECT_TRUE(r.path.empty());
  }
  Budget exact;
  exact.max_expansions = needed;
  cp.planner->solve(q, exact, r);
  EXPECT_EQ(r.status, Status::Solved);
  EXPECT_EQ(r.counters.expansions, needed);
  EXPECT_EQ(r.path, full.path);
  cp.planner->solve(q, Budget{}, r);
  EXPECT_EQ(r.path, full.path);
  EXPECT_EQ(r.counters.expansions, needed);
}

TEST(SearchKernel, EveryPlannerReadsMaxExpansionsAlike) {
  std::mt19937_64 rng(5);
  Grid g = testing::random_grid(rng, 64, 64, 0.15);
  g.set_passable(0, 0, true);
  g.set_passable(63, 60, true);
  const Query q{{0, 0}, {63, 60}};
  ASSERT_TRUE(std::isfinite(reference_cost(g, q.start, q.goal)));
  for (const char* name :
       {"astar", "dijkstra", "gbfs", "jps", "jps_plus", "boost_astar", "dstar_lite"})
    expect_budget_meaning(name, {}, g, q);
  expect_budget_meaning("astar", {{"queue", "pairing"}}, g, q);
  for (const char* levels : {"1", "2"})
    for (const char* refine : {"cache", "search"})
      expect_budget_meaning("hpa", {{"levels", levels}, {"refine", refine}}, g, q);
}

}  // namespace
}  // namespace pathbench
