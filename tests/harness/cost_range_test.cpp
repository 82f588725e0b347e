// Costs that the searches' int64 fixed point cannot hold (issue 31, algorithms/core/cost_range.h):
// issue 31's 2 x 3000 map with a top row of cost 1e10 is refused where its costs are given (map
// options, the map's own size, the YAML terrain table), a map inside the range is costed exactly,
// and the validator never accepts a path whose cost is past the range even without a reference.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "algorithms/core/cost_range.h"
#include "algorithms/core/input_error.h"
#include "algorithms/core/moves.h"
#include "algorithms/core/path_cost.h"
#include "algorithms/core/search_cost.h"
#include "algorithms/reference/reference_dijkstra.h"
#include "algorithms/registry/planner_registry.h"
#include "datasets/map_io.h"
#include "harness/runner/path_validation.h"
#include "tests/harness/config_test_fixture.h"

namespace pathbench {
namespace {

constexpr int kWidth = 3000;

// Issue 31's map: 2 rows of 3000, the top one 'S' (costly), the bottom one '.' (cost 1).
std::string two_row_map_text() {
  return "type octile\nheight 2\nwidth " + std::to_string(kWidth) + "\nmap\n" +
         std::string(kWidth, 'S') + "\n" + std::string(kWidth, '.') + "\n";
}

Grid parse_two_row(double top_cost) {
  std::istringstream in(two_row_map_text());
  return parse_map(in, "two_rows.map", MapLoadOptions{{}, {{'S', top_cost}}});
}

std::optional<InputError> load_error(double top_cost) {
  try {
    parse_two_row(top_cost);
  } catch (const InputError& e) {
    return e;
  }
  return std::nullopt;
}

// Diagonally down, along the bottom row to its end, straight up into the goal.
double optimum(double top_cost) { return kSqrt2 + (kWidth - 2) + top_cost; }

TEST(CostRange, IssueMapWithCost1e10IsRefusedBeforeReading) {
  const std::optional<InputError> e = load_error(1e10);
  ASSERT_TRUE(e) << "the 1e10 map loaded";
  EXPECT_EQ(e->file(), "two_rows.map");
  EXPECT_EQ(e->field(), "terrain_costs['S']");
  EXPECT_NE(e->message().find("cost 1e+10 is above 3.79625e+08, the most any cell may cost"),
            std::string::npos)
      << e->what();
  EXPECT_NE(e->message().find("2^29"), std::string::npos) << e->what();
}

TEST(CostRange, CostsWhoseSumIsPastTheRangeAreRefusedForThatMap) {
  // 1e6 per cell is fine alone, but 3000 of them: sqrt(2) x 3.0e9 > 2^29.
  const std::optional<InputError> e = load_error(1e6);
  ASSERT_TRUE(e) << "the 1e6 map loaded";
  EXPECT_EQ(e->field(), "terrain_costs['S']");
  EXPECT_NE(e->message().find("costs too large for this 3000x2 map: a path may cost up to "
                              "4.24264e+09"),
            std::string::npos)
      << e->what();
  EXPECT_NE(e->message().find("largest cell cost 1e+06 at (0,0)"), std::string::npos) << e->what();
  // The same costs on a map one cell wide are inside the range.
  std::istringstream small("type octile\nheight 2\nwidth 1\nmap\nS\n.\n");
  EXPECT_NO_THROW(parse_map(small, "small.map", MapLoadOptions{{}, {{'S', 1e6}}}));
}

TEST(CostRange, BoundIsSqrt2TimesTheSumOfCellCostsPlusRounding) {
  Grid g(3, 2);
  EXPECT_DOUBLE_EQ(path_cost_bound(g), kSqrt2 * 6 + 6 / kCostScale);
  g.set_cell_cost(1, 1, 100.0);
  g.set_passable(0, 0, false);  // blocked cells count: a dynamic run may unblock them
  EXPECT_DOUBLE_EQ(path_cost_bound(g), kSqrt2 * 105 + 6 / kCostScale);
  EXPECT_TRUE(cost_range_problem(g).empty());
  g.set_cell_cost(2, 0, kMaxCellCost);
  EXPECT_FALSE(cost_range_problem(g).empty());
  EXPECT_TRUE(cell_cost_in_range(kMaxCellCost));
  EXPECT_FALSE(cell_cost_in_range(kMaxCellCost * (1 + 1e-15)));
  // The limit leaves room for f = g + weight x h in int64 (best_first_loop.h caps weight x h at
  // 2^62): a path at the limit, plus that, is still below 2^63.
  EXPECT_LT(kMaxPathCost * kCostScale + 0x1p62, 0x1p63);
}

// Inside the range every g fits, so A* and Dijkstra find the exact optimum: cost 1e4 on the top
// row (bound sqrt(2) x 3.0e7).
TEST(CostRange, MapInsideTheRangeIsCostedExactly) {
  const Grid g = parse_two_row(1e4);
  const double ref = reference_cost(g, {0, 0}, {kWidth - 1, 0});
  EXPECT_NEAR(ref, optimum(1e4), 1e-9 * optimum(1e4));
  for (const char* name : {"astar", "dijkstra", "boost_astar", "dstar_lite"}) {
    ConfiguredPlanner cp = make_planner(name, {});
    cp.planner->prepare(g);
    SearchResult r;
    cp.planner->solve({{0, 0}, {kWidth - 1, 0}}, {}, r);
    ASSERT_EQ(r.status, Status::Solved) << name;
    EXPECT_NEAR(r.cost, ref, 1e-9 * ref) << name;
    const PathCheck c =
        check_result(g, {{0, 0}, {kWidth - 1, 0}}, r, ref, cp.planner->capabilities());
    EXPECT_TRUE(c.valid) << name << ": " << c.error;
  }
}

// A grid built in code escapes the loaders' check; the validator still refuses a path past the
// range, with no reference to compare against (Python's solve without reference_cost, the dynamic
// runner). Before issue 31 this path, 2,999x the optimum, was valid.
TEST(CostRange, ValidatorRefusesAPathPastTheRangeWithoutAReference) {
  Grid g(kWidth, 2);
  for (int x = 0; x < kWidth; ++x) g.set_cell_cost(x, 0, 1e10);
  SearchResult r;
  r.status = Status::Solved;
  for (int x = 0; x < kWidth; ++x) r.path.push_back(g.id(x, 0));
  r.cost = path_cost(g, r.path);
  const PathCheck c = check_result(g, {{0, 0}, {kWidth - 1, 0}}, r,
                                   std::numeric_limits<double>::quiet_NaN(), Capabilities{});
  EXPECT_FALSE(c.valid);
  EXPECT_NE(c.error.find("beyond 536870912 = 2^29"), std::string::npos) << c.error;
  EXPECT_FALSE(cost_range_problem(g).empty());
}

class CostRangeConfig : public ConfigTest {};

TEST_F(CostRangeConfig, YamlTerrainCostPastTheRangeNamesItsLine) {
  const std::optional<InputError> e = parse_error(
      "name: t\n"
      "datasets:\n"
      "  - name: g\n"
      "    generated: {kind: random, width: 4, height: 4}\n"
      "    terrain:\n"
      "      S: 3\n"
      "      G: 1e10\n"
      "planners: [{label: a, algorithm: astar}]\n");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->line(), 7) << e->what();
  EXPECT_EQ(e->field(), "datasets[0].terrain.G") << e->what();
  EXPECT_NE(std::string(e->what()).find("cost 1e10 is above 3.79625e+08, the most any cell may "
                                        "cost"),
            std::string::npos)
      << e->what();
}

}  // namespace
}  // namespace pathbench
