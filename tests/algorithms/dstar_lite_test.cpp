// D* Lite: static costs equal the reference Dijkstra's on random maps under every move rule and
// with terrain; after every incremental replan (random cells toggled both ways, the start moving
// along the path) the reported cost-to-goal equals the reference on the current map and the path
// is legal; unreachable goals end cleanly; the generic Planner::replan_from default; MovingAI
// scenario lengths.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "algorithms/core/moves.h"
#include "algorithms/planners/dstar_lite/dstar_lite_planner.h"
#include "algorithms/reference/reference_dijkstra.h"
#include "datasets/map_generators.h"
#include "datasets/map_io.h"
#include "datasets/scen_io.h"
#include "tests/algorithms/test_grids.h"
#include "tests/support/test_data.h"

namespace pathbench {
namespace {

using testing::grid_from_rows;
using testing::solve;
using testing::walk_cost;

std::unique_ptr<Planner> make_dstar() {
  const PlannerInfo info = dstar_lite_planner_info();
  return info.factory(resolve_params(info.params, {}));
}
// Prepared on `g`, which it keeps reading: `g` must outlive it (and cell changes go to update()).
std::unique_ptr<Planner> prepared_dstar(const Grid& g) {
  auto p = make_dstar();
  p->prepare(g);
  return p;
}

bool near(double a, double b, double rel = 1e-9) {
  if (std::isinf(a) || std::isinf(b)) return a == b;
  return std::fabs(a - b) <= rel * std::max(1.0, std::fabs(b));
}

Point random_free(const Grid& g, std::mt19937_64& rng) {
  for (;;) {
    const int x = static_cast<int>(rng() % static_cast<std::uint64_t>(g.width()));
    const int y = static_cast<int>(rng() % static_cast<std::uint64_t>(g.height()));
    if (g.passable(x, y)) return {x, y};
  }
}

// Checks one result against the reference on `g`: status, cost (1e-9 relative), path ends and
// legality. Returns the number of failures (so loops can stop early).
int check_against_reference(const Grid& g, Point s, Point t, const SearchResult& r,
                            const std::string& what) {
  const double ref = reference_cost(g, s, t);
  if (std::isinf(ref)) {
    EXPECT_EQ(r.status, Status::Unreachable) << what;
    return r.status == Status::Unreachable ? 0 : 1;
  }
  EXPECT_EQ(r.status, Status::Solved) << what << " " << r.message;
  if (r.status != Status::Solved) return 1;
  EXPECT_TRUE(near(r.cost, ref)) << what << ": cost " << r.cost << " reference " << ref;
  EXPECT_FALSE(r.path.empty());
  if (r.path.empty()) return 1;
  EXPECT_EQ(r.path.front(), g.id(s)) << what;
  EXPECT_EQ(r.path.back(), g.id(t)) << what;
  EXPECT_TRUE(near(walk_cost(g, r.path), r.cost, 1e-12)) << what;
  return near(r.cost, ref) && r.path.front() == g.id(s) && r.path.back() == g.id(t) ? 0 : 1;
}

TEST(DStarLite, InfoAndCapabilities) {
  const PlannerInfo info = dstar_lite_planner_info();
  EXPECT_EQ(info.name, "dstar_lite");
  EXPECT_TRUE(info.params.empty());
  ASSERT_NE(find_planner("dstar_lite"), nullptr);
  const auto p = make_dstar();
  const Capabilities c = p->capabilities();
  EXPECT_TRUE(c.optimal);
  EXPECT_TRUE(c.incremental);
  EXPECT_FALSE(c.uniform_cost_only);
  EXPECT_TRUE(c.supports_four_connected);
  EXPECT_TRUE(c.supports_corner_cutting);
}

// D* Lite prepared on a hand-made map that the fixture keeps alive beside it (the planner reads
// it): tests change its cells and tell update(), or prepare another map.
class DStarLiteHandMade : public ::testing::Test {
 protected:
  void prepare(const std::vector<std::string>& rows) {
    g_ = grid_from_rows(rows);
    if (!p_) {
      p_ = make_dstar();
    }
    p_->prepare(g_);
  }
  SearchResult solve(Point s, Point t) { return testing::solve(*p_, s, t); }

  Grid g_;
  std::unique_ptr<Planner> p_;
};

// A wall with a hook: from (2,2) the way to (0,0) goes round it.
const std::vector<std::string> kHookedWall = {".....", ".@@@.", ".@...", ".@.@.", "...@."};
// (4,4) in a corner pocket: the only way in is the (3,3)-(4,4) diagonal, which needs both its
// sides free, (4,3) included.
const std::vector<std::string> kPocket = {".....", ".....", ".....", "...@@", "...@."};

TEST_F(DStarLiteHandMade, HandMadeMaps) {
  prepare(kHookedWall);
  SearchResult r = solve({2, 2}, {0, 0});
  ASSERT_EQ(r.status, Status::Solved);
  EXPECT_TRUE(near(r.cost, reference_cost(g_, {2, 2}, {0, 0})));
  r = solve({0, 0}, {0, 0});
  EXPECT_EQ(r.status, Status::Solved);
  EXPECT_EQ(r.cost, 0.0);
  EXPECT_EQ(solve({0, 0}, {1, 1}).status, Status::InvalidQuery);
  prepare({"..@..", "..@..", "..@.."});
  EXPECT_EQ(solve({0, 0}, {4, 2}).status, Status::Unreachable);
}

TEST(DStarLite, StaticCostsEqualReferenceOnRandomMaps) {
  std::mt19937_64 rng(2024);
  const MoveRules rule_sets[] = {
      {Connectivity::Eight, false}, {Connectivity::Four, false}, {Connectivity::Eight, true}};
  int maps = 0, failures = 0;
  for (int i = 0; i < 330 && failures == 0; ++i) {
    const int w = 8 + static_cast<int>(rng() % 40), h = 8 + static_cast<int>(rng() % 40);
    const double density = 0.1 + 0.3 * static_cast<double>(rng() % 100) / 100.0;
    Grid g = random_map(w, h, density, rng());
    g.set_rules(rule_sets[i % 3]);
    if (i % 5 == 4)  // some terrain: costs 1..4
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
          if (rng() % 3 == 0) g.set_cell_cost(x, y, 1.0 + static_cast<double>(rng() % 4));
    if (g.count_passable() < 2) continue;
    ++maps;
    auto p = prepared_dstar(g);
    SearchResult r;
    for (int q = 0; q < 4; ++q) {
      const Point s = random_free(g, rng), t = random_free(g, rng);
      p->solve({s, t}, {}, r);
      failures += check_against_reference(g, s, t, r, "map " + std::to_string(i));
    }
  }
  EXPECT_GE(maps, 300);
  EXPECT_EQ(failures, 0);
}

TEST(DStarLite, RepeatedSolveGivesSameCounters) {
  const Grid g = random_map(64, 64, 0.25, 7);
  auto p = prepared_dstar(g);
  std::mt19937_64 rng(3);
  const Point s = random_free(g, rng), t = random_free(g, rng);
  SearchResult a, b;
  p->solve({s, t}, {}, a);
  p->solve({s, t}, {}, b);
  EXPECT_EQ(a.status, b.status);
  EXPECT_EQ(a.counters.expansions, b.counters.expansions);
  EXPECT_EQ(a.path, b.path);
}

// One seeded dynamic run: the agent walks its path; every few steps random cells (never the
// agent's cell or the goal) are toggled, update() is told, and replan_from() must return the
// reference optimum on the current map with a legal path from the current cell.
int dynamic_run(std::uint64_t seed, MoveRules rules, bool terrain, int* replans_out) {
  std::mt19937_64 rng(seed);
  const int w = 20 + static_cast<int>(rng() % 30), h = 20 + static_cast<int>(rng() % 30);
  Grid g = random_map(w, h, 0.2, rng());
  g.set_rules(rules);
  if (terrain)
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x)
        if (rng() % 4 == 0) g.set_cell_cost(x, y, 2.0);
  const Point s0 = random_free(g, rng), t = random_free(g, rng);
  auto p = prepared_dstar(g);
  SearchResult r;
  p->solve({s0, t}, {}, r);
  int failures = check_against_reference(g, s0, t, r, "initial plan");
  Point cur = s0;
  std::size_t idx = 0;
  for (int step = 0; step < 400 && failures == 0 && r.status == Status::Solved; ++step) {
    if (g.id(cur) == g.id(t)) break;
    const Point next = g.point(r.path[idx + 1]);
    EXPECT_TRUE(legal_move(g, cur, next)) << "seed " << seed;
    cur = next;
    ++idx;
    if (step % 2 != 0) continue;
    std::vector<Point> changed;
    const int m = 1 + static_cast<int>(rng() % 6);
    for (int k = 0; k < m; ++k) {
      // Half the toggles near the agent, where they matter most.
      Point c;
      if (rng() % 2) {
        c = {cur.x + static_cast<int>(rng() % 9) - 4, cur.y + static_cast<int>(rng() % 9) - 4};
        if (!g.in_bounds(c.x, c.y)) continue;
      } else {
        c = {static_cast<int>(rng() % static_cast<std::uint64_t>(w)),
             static_cast<int>(rng() % static_cast<std::uint64_t>(h))};
      }
      if (c == cur || c == t) continue;
      g.set_passable(c.x, c.y, !g.passable(c.x, c.y));
      changed.push_back(c);
    }
    EXPECT_EQ(p->update(changed), Status::Solved);
    EXPECT_EQ(p->replan_from(cur, {}, r), r.status);
    ++*replans_out;
    failures += check_against_reference(
        g, cur, t, r, "seed " + std::to_string(seed) + " step " + std::to_string(step));
    idx = 0;
  }
  return failures;
}

TEST(DStarLite, IncrementalReplansEqualReference) {
  int failures = 0, replans = 0;
  for (std::uint64_t seed = 1; seed <= 300 && failures == 0; ++seed) {
    const MoveRules rules = seed % 3 == 0   ? MoveRules{Connectivity::Four, false}
                            : seed % 3 == 1 ? MoveRules{Connectivity::Eight, false}
                                            : MoveRules{Connectivity::Eight, true};
    failures += dynamic_run(seed, rules, seed % 4 == 0, &replans);
  }
  EXPECT_EQ(failures, 0);
  EXPECT_GT(replans, 1000);
}

TEST(DStarLite, TerrainCostChangesBothWays) {
  std::mt19937_64 rng(77);
  int failures = 0;
  for (int run = 0; run < 40 && failures == 0; ++run) {
    Grid g = random_map(30, 30, 0.15, rng());
    for (int y = 0; y < 30; ++y)
      for (int x = 0; x < 30; ++x) g.set_cell_cost(x, y, 2.0 + static_cast<double>(rng() % 3));
    const Point s = random_free(g, rng), t = random_free(g, rng);
    auto p = prepared_dstar(g);
    SearchResult r;
    p->solve({s, t}, {}, r);
    failures += check_against_reference(g, s, t, r, "initial");
    for (int round = 0; round < 10 && failures == 0; ++round) {
      std::vector<Point> changed;
      for (int k = 0; k < 20; ++k) {
        const Point c{static_cast<int>(rng() % 30), static_cast<int>(rng() % 30)};
        // Mostly costs within the initial range; sometimes below its minimum (1 < 2).
        g.set_cell_cost(c.x, c.y, round == 7 ? 1.0 : 2.0 + static_cast<double>(rng() % 5));
        changed.push_back(c);
      }
      ASSERT_EQ(p->update(changed), Status::Solved);
      p->replan_from(s, {}, r);
      failures += check_against_reference(g, s, t, r, "round " + std::to_string(round));
    }
  }
  EXPECT_EQ(failures, 0);
}

TEST(DStarLite, IncrementalReplanDoesLessWorkThanFromScratch) {
  // One blocked cell on the path near the start: the repair must be much smaller than a fresh
  // search of the same map.
  const Grid base = random_map(200, 200, 0.2, 11);
  Grid g = base;
  std::mt19937_64 rng(5);
  Point s, t;
  do {
    s = random_free(g, rng);
    t = random_free(g, rng);
  } while (!std::isfinite(reference_cost(g, s, t)) ||
           std::abs(s.x - t.x) + std::abs(s.y - t.y) < 200);
  auto p = prepared_dstar(g);
  SearchResult r;
  p->solve({s, t}, {}, r);
  ASSERT_EQ(r.status, Status::Solved);
  const std::uint64_t scratch = r.counters.expansions;
  const Point next = g.point(r.path[1]);
  const Point blocked = g.point(r.path[3]);
  g.set_passable(blocked.x, blocked.y, false);
  ASSERT_EQ(p->update({blocked}), Status::Solved);
  p->replan_from(next, {}, r);
  EXPECT_EQ(check_against_reference(g, next, t, r, "after block"), 0);
  EXPECT_LT(r.counters.expansions * 10, scratch)
      << "incremental " << r.counters.expansions << " vs scratch " << scratch;
}

TEST_F(DStarLiteHandMade, GoalBecomesUnreachableThenReachableAgain) {
  prepare(kPocket);
  SearchResult r = solve({0, 0}, {4, 4});
  EXPECT_EQ(r.status, Status::Unreachable);
  g_.set_passable(4, 3, true);
  ASSERT_EQ(p_->update({{4, 3}}), Status::Solved);
  EXPECT_EQ(p_->replan_from({1, 1}, {}, r), Status::Solved);
  EXPECT_EQ(check_against_reference(g_, {1, 1}, {4, 4}, r, "reopened"), 0);
  g_.set_passable(4, 3, false);
  ASSERT_EQ(p_->update({{4, 3}}), Status::Solved);
  EXPECT_EQ(p_->replan_from({2, 1}, {}, r), Status::Unreachable);
  EXPECT_TRUE(r.path.empty());
}

TEST(DStarLite, BudgetTimeout) {
  const Grid g = random_map(128, 128, 0.2, 3);
  auto p = prepared_dstar(g);
  std::mt19937_64 rng(9);
  SearchResult r;
  Budget b;
  b.max_expansions = 5;
  Point s, t;
  do {
    s = random_free(g, rng);
    t = random_free(g, rng);
  } while (std::abs(s.x - t.x) + std::abs(s.y - t.y) < 50);
  p->solve({s, t}, b, r);
  EXPECT_EQ(r.status, Status::Timeout);
}

TEST(PlannerReplanFrom, DefaultSolvesFromScratchWithLastGoal) {
  const Grid g = random_map(40, 40, 0.2, 5);
  ConfiguredPlanner a = make_planner("astar", {});
  a.planner->prepare(g);
  SearchResult r;
  EXPECT_EQ(a.planner->replan_from({0, 0}, {}, r), Status::InvalidQuery);
  std::mt19937_64 rng(1);
  const Point s = random_free(g, rng), t = random_free(g, rng), s2 = random_free(g, rng);
  a.planner->solve({s, t}, {}, r);
  a.planner->replan_from(s2, {}, r);
  EXPECT_EQ(check_against_reference(g, s2, t, r, "astar replan_from"), 0);
  // Non-incremental planners refuse update().
  EXPECT_EQ(a.planner->update({{1, 1}}), Status::Unsupported);
}

TEST(DStarLiteMovingAI, ScenarioSampleMatchesOptimal) {
  PATHBENCH_REQUIRE_MOVINGAI();
  int checked = 0;
  for (const char* name : {"arena.map", "den312d.map", "random512-10-0.map", "maze512-1-0.map",
                           "8room_000.map", "brc202d.map"}) {
    const auto map = testing::movingai_dir() / name;
    if (!std::filesystem::exists(map)) continue;
    const Grid g = read_map(map, {});
    std::vector<ScenEntry> scen = read_scen(map.string() + ".scen");
    auto p = prepared_dstar(g);
    SearchResult r;
    // Every 25th line: all buckets, a few hundred queries overall.
    for (std::size_t i = 0; i < scen.size(); i += 25) {
      const ScenEntry& e = scen[i];
      p->solve({e.start, e.goal}, {}, r);
      ASSERT_EQ(r.status, Status::Solved) << name << " line " << e.line;
      EXPECT_TRUE(costs_equal(r.cost, e.optimal))
          << name << " line " << e.line << ": " << r.cost << " vs " << e.optimal;
      EXPECT_TRUE(near(walk_cost(g, r.path), r.cost, 1e-12));
      ++checked;
    }
  }
  EXPECT_GT(checked, 100);
}

}  // namespace
}  // namespace pathbench
