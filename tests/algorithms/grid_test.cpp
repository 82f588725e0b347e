// Grid model, move rules and heuristics.
#include <gtest/gtest.h>

#include <random>

#include "algorithms/core/params.h"
#include "algorithms/heuristics/heuristics.h"
#include "algorithms/reference/reference_dijkstra.h"
#include "tests/algorithms/test_grids.h"

namespace pathbench {
namespace {

using testing::grid_from_rows;

TEST(Grid, IdsRoundTripAndPaddingIsBlocked) {
  const Grid g(7, 3);
  EXPECT_EQ(g.num_ids(), 9u * 5u);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 7; ++x) {
      EXPECT_EQ(g.x_of(g.id(x, y)), x);
      EXPECT_EQ(g.y_of(g.id(x, y)), y);
      EXPECT_TRUE(g.passable(g.id(x, y)));
    }
  std::size_t padded_free = 0;
  for (CellId c = 0; c < g.num_ids(); ++c) padded_free += g.passable(c);
  EXPECT_EQ(padded_free, 21u);
  EXPECT_FALSE(g.passable(-1, 0));
  EXPECT_FALSE(g.passable(7, 0));
}

TEST(Grid, TerrainMinimumCost) {
  Grid g(3, 3);
  EXPECT_FALSE(g.has_terrain());
  g.set_cell_cost(1, 1, 3.0);
  EXPECT_TRUE(g.has_terrain());
  EXPECT_DOUBLE_EQ(g.min_cell_cost(), 1.0);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 3; ++x) g.set_cell_cost(x, y, 2.5);
  EXPECT_DOUBLE_EQ(g.min_cell_cost(), 2.5);
}

TEST(Moves, LegalMoveRules) {
  const Grid g = grid_from_rows({"..@", "...", "@.."});
  double c = 0;
  EXPECT_TRUE(legal_move(g, {0, 0}, {1, 0}, &c));
  EXPECT_DOUBLE_EQ(c, 1.0);
  EXPECT_TRUE(legal_move(g, {0, 0}, {1, 1}, &c));
  EXPECT_DOUBLE_EQ(c, kSqrt2);
  EXPECT_FALSE(legal_move(g, {1, 0}, {2, 1}));  // (2,0) blocked: corner
  EXPECT_FALSE(legal_move(g, {0, 1}, {1, 2}));  // (0,2) blocked: corner
  EXPECT_FALSE(legal_move(g, {1, 0}, {2, 0}));  // into a wall
  EXPECT_FALSE(legal_move(g, {0, 0}, {2, 0}));  // not adjacent
  EXPECT_FALSE(legal_move(g, {0, 0}, {0, 0}));  // not a move
  Grid cut = g;
  cut.set_rules({Connectivity::Eight, true});
  EXPECT_TRUE(legal_move(cut, {1, 0}, {2, 1}));
  Grid four = g;
  four.set_rules({Connectivity::Four, false});
  EXPECT_FALSE(legal_move(four, {0, 0}, {1, 1}));
}

TEST(Moves, PathCostSumsLegalStepsAndStopsAtTheFirstIllegalOne) {
  Grid g(4, 3);
  g.set_cell_cost(2, 1, 3.0);
  g.set_passable(3, 0, false);
  const std::vector<CellId> path = {g.id(0, 0), g.id(1, 1), g.id(2, 1), g.id(3, 2)};
  std::size_t bad = 99;
  EXPECT_DOUBLE_EQ(path_cost(g, path, &bad), kSqrt2 + 3.0 + kSqrt2);
  EXPECT_EQ(bad, 0u);
  // A jump of two cells, then a step into a wall: the cost before the first, its index.
  const std::vector<CellId> jump = {g.id(0, 0), g.id(1, 0), g.id(3, 0)};
  EXPECT_DOUBLE_EQ(path_cost(g, jump, &bad), 1.0);
  EXPECT_EQ(bad, 2u);
  EXPECT_EQ(path_cost(g, std::vector<CellId>{g.id(1, 1)}, &bad), 0.0);
  EXPECT_EQ(bad, 0u);
}

TEST(Moves, SuccessorsMatchLegalMove) {
  std::mt19937_64 rng(3);
  for (const MoveRules rules :
       {MoveRules{}, MoveRules{Connectivity::Four, false}, MoveRules{Connectivity::Eight, true}}) {
    Grid g(12, 9, rules);
    for (int y = 0; y < 9; ++y)
      for (int x = 0; x < 12; ++x)
        if (rng() % 3 == 0) g.set_passable(x, y, false);
    const MoveOffsets off(g);
    for (int y = 0; y < 9; ++y)
      for (int x = 0; x < 12; ++x) {
        if (!g.passable(x, y)) continue;
        int from_succ = 0, from_legal = 0;
        for_each_successor(g, off, g.id(x, y), [&](CellId n, double cost) {
          ++from_succ;
          double c = 0;
          EXPECT_TRUE(legal_move(g, {x, y}, g.point(n), &c));
          EXPECT_DOUBLE_EQ(c, cost);
        });
        for (int dy = -1; dy <= 1; ++dy)
          for (int dx = -1; dx <= 1; ++dx) from_legal += legal_move(g, {x, y}, {x + dx, y + dy});
        EXPECT_EQ(from_succ, from_legal);
      }
  }
}

// Admissible: h never exceeds the true cost. Consistent: h(a) <= c(a,b) + h(b) for every move.
void check_heuristic(HeuristicKind kind, MoveRules rules, bool expect_ok) {
  std::mt19937_64 rng(static_cast<std::uint64_t>(kind) * 31 + static_cast<int>(rules.connectivity));
  bool all_ok = true;
  for (int trial = 0; trial < 20; ++trial) {
    Grid g(16, 16, rules);
    for (int y = 0; y < 16; ++y)
      for (int x = 0; x < 16; ++x)
        if (rng() % 5 == 0) g.set_passable(x, y, false);
    const Point goal{static_cast<int>(rng() % 16), static_cast<int>(rng() % 16)};
    if (!g.passable(goal.x, goal.y)) continue;
    const std::vector<double> dist = reference_costs_from(g, goal);  // symmetric moves
    auto h = [&](Point p) {
      return evaluate_heuristic(kind, std::abs(p.x - goal.x), std::abs(p.y - goal.y));
    };
    const MoveOffsets off(g);
    for (int y = 0; y < 16; ++y)
      for (int x = 0; x < 16; ++x) {
        if (!g.passable(x, y)) continue;
        const double d = dist[g.id(x, y)];
        if (std::isfinite(d) && h({x, y}) > d + 1e-9) all_ok = false;
        for_each_successor(g, off, g.id(x, y), [&](CellId n, double c) {
          if (h({x, y}) > c + h(g.point(n)) + 1e-9) all_ok = false;
        });
      }
  }
  EXPECT_EQ(all_ok, expect_ok) << kHeuristicNames[static_cast<int>(kind)];
  EXPECT_EQ(heuristic_is_consistent(kind, rules), expect_ok);
}

TEST(Heuristics, AdmissibleAndConsistentForTheirConnectivity) {
  const MoveRules eight{}, four{Connectivity::Four, false}, cut{Connectivity::Eight, true};
  for (HeuristicKind k : {HeuristicKind::Octile, HeuristicKind::Euclidean, HeuristicKind::Chebyshev,
                          HeuristicKind::Zero}) {
    check_heuristic(k, eight, true);
    check_heuristic(k, four, true);
    check_heuristic(k, cut, true);
  }
  check_heuristic(HeuristicKind::Manhattan, four, true);
  check_heuristic(HeuristicKind::Manhattan, eight, false);
}

TEST(Heuristics, Values) {
  EXPECT_DOUBLE_EQ(evaluate_heuristic(HeuristicKind::Octile, 3, 1), 2 + kSqrt2);
  EXPECT_DOUBLE_EQ(evaluate_heuristic(HeuristicKind::Manhattan, 3, 1), 4);
  EXPECT_DOUBLE_EQ(evaluate_heuristic(HeuristicKind::Euclidean, 3, 4), 5);
  EXPECT_DOUBLE_EQ(evaluate_heuristic(HeuristicKind::Chebyshev, 3, 1), 3);
  EXPECT_DOUBLE_EQ(evaluate_heuristic(HeuristicKind::Zero, 3, 1), 0);
  EXPECT_THROW(parse_heuristic("octagonal"), std::invalid_argument);
}

TEST(Params, ResolveValidatesAndFillsDefaults) {
  const std::vector<ParamSpec> schema = {Param::integer("n").range(1, 100).defaults_to(10),
                                         Param::real("w").range(0.0, 5.0).defaults_to(1.0),
                                         Param::boolean("on"), Param::choice("mode", {"a", "b"})};
  const ParamSet p = resolve_params(schema, {{"n", "20"}, {"on", "true"}});
  EXPECT_EQ(p.get_int("n"), 20);
  EXPECT_TRUE(p.get_bool("on"));
  EXPECT_EQ(p.to_string(), "mode=a;n=20;on=true;w=1");
  EXPECT_THROW(resolve_params(schema, {{"n", "0"}}), ParamError);
  EXPECT_THROW(resolve_params(schema, {{"n", "2.5"}}), ParamError);
  EXPECT_THROW(resolve_params(schema, {{"w", "abc"}}), ParamError);
  EXPECT_THROW(resolve_params(schema, {{"mode", "c"}}), ParamError);
  EXPECT_THROW(resolve_params(schema, {{"on", "maybe"}}), ParamError);
  try {
    resolve_params(schema, {{"x", "1"}});
    FAIL();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "x");
    EXPECT_NE(std::string(e.what()).find("known: n, w, on, mode"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace pathbench
