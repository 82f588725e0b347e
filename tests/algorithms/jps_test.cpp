// Jump Point Search: what only `jps` has. Everything it shares with jps_plus (hand-made maps,
// budgets, random maps against the reference, reuse, rejections, MovingAI) is in
// jump_point_test.cpp, run for both planners. Here: the stop lines and the scans over them
// against a cell-by-cell reading of the stop rule, traced runs (every diagonal step through the
// general cell code) against untraced ones (the lean walk off the goal's row and column), and
// update() patching the tables as a rebuild would.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "algorithms/planners/jps/jps_planner.h"
#include "algorithms/planners/jps/jump_scanner.h"
#include "algorithms/registry/planner_registry.h"
#include "tests/algorithms/test_grids.h"
#include "tests/support/planner_checks.h"

namespace pathbench {
namespace {

TEST(Jps, InfoHasNoParameters) {
  const PlannerInfo info = jps_planner_info();
  testing::expect_info_without_params(info, "jps");
  ASSERT_NE(find_planner("jps"), nullptr);
  EXPECT_FALSE(info.factory(resolve_params(info.params, {}))->capabilities().needs_preprocessing);
}

// The stop rule read cell by cell on the padded grid: moving along a line by `step` (+1 or -1)
// into position q, stop at q when q is blocked or a neighbouring line has q - step blocked and q
// free. `at(line, pos)` is the padded cell's passability.
template <class At>
bool brute_stop(At at, int line, int q, int step) {
  if (!at(line, q)) return true;
  for (const int side : {line - 1, line + 1})
    if (at(side, q) && !at(side, q - step)) return true;
  return false;
}

// Maps up to 150 cells a side: lines of two and three words, so the carries between words count.
TEST(Jps, StopLinesAndScansFollowTheRuleCellByCell) {
  int maps = 0;
  for (const testing::RandomCase& c : testing::random_cases(
           40, 17, {.min_side = 2, .max_side = 150, .max_density_percent = 40, .walls = true})) {
    const Grid& g = c.grid;
    const int pw = g.padded_width(), ph = g.height() + 2;
    const auto& free = g.passable_data();
    auto cell = [&](int x, int y) { return free[static_cast<std::size_t>(y) * pw + x] != 0; };
    auto in_row = [&](int y, int x) { return cell(x, y); };
    auto in_col = [&](int x, int y) { return cell(x, y); };
    JumpBitsets b;
    b.build(g);
    ++maps;
    for (int y = 1; y + 1 < ph; ++y)
      for (int x = 1; x + 1 < pw; ++x) {
        SCOPED_TRACE("map " + std::to_string(maps) + " padded (" + std::to_string(x) + "," +
                     std::to_string(y) + ")");
        ASSERT_EQ(test_bit(b.east(y), x), brute_stop(in_row, y, x, +1));
        ASSERT_EQ(test_bit(b.west(y), x), brute_stop(in_row, y, x, -1));
        ASSERT_EQ(test_bit(b.south(x), y), brute_stop(in_col, x, y, +1));
        ASSERT_EQ(test_bit(b.north(x), y), brute_stop(in_col, x, y, -1));
        if (!cell(x, y)) continue;
        // A scan from a free cell stops at the first stop cell of a walk.
        int q = x + 1;
        while (!brute_stop(in_row, y, q, +1)) ++q;
        ASSERT_EQ(scan_up(b.east(y), x), q);
        q = x - 1;
        while (!brute_stop(in_row, y, q, -1)) --q;
        ASSERT_EQ(scan_down(b.west(y), x), q);
        q = y + 1;
        while (!brute_stop(in_col, x, q, +1)) ++q;
        ASSERT_EQ(scan_up(b.south(x), y), q);
        q = y - 1;
        while (!brute_stop(in_col, x, q, -1)) --q;
        ASSERT_EQ(scan_down(b.north(x), y), q);
      }
  }
}

// The traced instantiation runs every diagonal step through the general cell code; untraced
// queries take the lean walk off the goal's row and column. Same path, cost and counters.
TEST(Jps, TracedAndUntracedRunsAgree) {
  const PlannerInfo info = jps_planner_info();
  std::unique_ptr<Planner> p = info.factory(resolve_params(info.params, {}));
  int queries = 0;
  for (const testing::RandomCase& c : testing::random_cases(
           30, 23, {.min_side = 40, .max_side = 200, .walls = true, .queries = 8})) {
    p->prepare(c.grid);
    for (const Query& q : c.queries) {
      const SearchResult plain = testing::solve(*p, q.start, q.goal);
      SearchTrace trace;
      p->set_trace(&trace);
      const SearchResult traced = testing::solve(*p, q.start, q.goal);
      p->set_trace(nullptr);
      ASSERT_TRUE(testing::same_result(plain, traced)) << queries;  // path and counters too
      ASSERT_EQ(trace.expanded.size(), plain.counters.expansions) << queries;
      ++queries;
    }
  }
  EXPECT_EQ(queries, 240);
}

// Cells toggled a few at a time, on maps with lines of one to three words: after
// JumpBitsets::update every bit line and stop line equals a fresh build of the changed grid, and
// a planner given update() answers every query as one prepared on the changed grid.
TEST(Jps, UpdatePatchesTheTablesAsARebuildWould) {
  std::mt19937_64 rng(41);
  const PlannerInfo info = jps_planner_info();
  std::unique_ptr<Planner> patched = info.factory(resolve_params(info.params, {}));
  int rounds = 0, compared = 0;
  for (testing::RandomCase& c : testing::random_cases(
           24, 29, {.min_side = 2, .max_side = 150, .walls = true, .queries = 6})) {
    Grid& g = c.grid;
    JumpBitsets b;
    b.build(g);
    patched->prepare(g);
    for (int round = 0; round < 8; ++round, ++rounds) {
      std::vector<Point> cells;
      for (int i = 0; i < 1 + round % 4; ++i) {
        const Point p{static_cast<int>(rng() % static_cast<std::uint64_t>(g.width())),
                      static_cast<int>(rng() % static_cast<std::uint64_t>(g.height()))};
        g.set_passable(p.x, p.y, !g.passable(p.x, p.y));
        cells.push_back(p);
      }
      cells.push_back({-1, 0});  // outside the map: ignored
      b.update(g, cells);
      ASSERT_EQ(patched->update(cells), Status::Solved);
      JumpBitsets fresh;
      fresh.build(g);
      const auto same_lines = [](const std::uint64_t* x, const std::uint64_t* y, int words) {
        return std::equal(x, x + words, y);
      };
      SCOPED_TRACE("round " + std::to_string(rounds));
      for (int y = 0; y < g.height() + 2; ++y) {
        ASSERT_TRUE(same_lines(b.row(y), fresh.row(y), b.row_words())) << "row " << y;
        ASSERT_TRUE(same_lines(b.east(y), fresh.east(y), b.row_words())) << "east " << y;
        ASSERT_TRUE(same_lines(b.west(y), fresh.west(y), b.row_words())) << "west " << y;
      }
      for (int x = 0; x < g.padded_width(); ++x) {
        ASSERT_TRUE(same_lines(b.col(x), fresh.col(x), b.col_words())) << "col " << x;
        ASSERT_TRUE(same_lines(b.south(x), fresh.south(x), b.col_words())) << "south " << x;
        ASSERT_TRUE(same_lines(b.north(x), fresh.north(x), b.col_words())) << "north " << x;
      }
      std::unique_ptr<Planner> rebuilt = info.factory(resolve_params(info.params, {}));
      rebuilt->prepare(g);
      for (const Query& q : c.queries) {
        ASSERT_TRUE(testing::same_result(testing::solve(*patched, q.start, q.goal),
                                         testing::solve(*rebuilt, q.start, q.goal)));
        ++compared;
      }
    }
  }
  EXPECT_EQ(rounds, 24 * 8);
  EXPECT_EQ(compared, 24 * 8 * 6);
}

}  // namespace
}  // namespace pathbench
