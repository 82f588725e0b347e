// The conformance check of conformance_test.cpp, reusable by any test that brings a planner of
// its own (custom_planner_test.cpp): the planner against the reference Dijkstra on generated
// maps. A planner must find a path exactly when one exists and return a legal path whose
// recomputed cost is the reported cost, optimal or within its bound as its capabilities claim;
// solving the same query twice on one prepared planner must give the same path and counters.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "algorithms/reference/reference_dijkstra.h"
#include "datasets/map_generators.h"
#include "tests/algorithms/test_grids.h"

namespace pathbench::testing {

struct ConformanceCase {
  Grid grid;
  std::vector<Query> queries;
};

// `count` maps from 1x1 to 256x256 (every 50th is 256x256), densities 0-45%, three random free
// endpoints each; about 15% of the queries have no path at these densities.
inline std::vector<ConformanceCase> make_conformance_cases(int count) {
  std::mt19937_64 rng(20261202);
  std::vector<ConformanceCase> cases;
  for (int i = 0; i < count; ++i) {
    int w, h;
    if (i < 10) {
      w = 1 + i;  // degenerate shapes first: 1x1, 2x1, ...
      h = 1;
    } else if (i % 50 == 0) {
      w = h = 256;
    } else {
      w = 1 + static_cast<int>(rng() % 64);
      h = 1 + static_cast<int>(rng() % 64);
    }
    const double density = static_cast<double>(rng() % 46) / 100.0;
    ConformanceCase c{random_map(w, h, density, rng()), {}};
    const std::vector<Point> free = free_cells(c.grid);
    if (free.empty()) continue;
    for (int q = 0; q < 3; ++q)
      c.queries.push_back({free[rng() % free.size()], free[rng() % free.size()]});
    cases.push_back(std::move(c));
  }
  return cases;
}

struct ConformanceTally {
  std::size_t solved = 0, unreachable = 0;
};

// Runs every query of `cases` on `planner` (prepared per map) with EXPECTs naming `who`.
inline ConformanceTally expect_conformance(Planner& planner,
                                           const std::vector<ConformanceCase>& cases,
                                           const std::string& who) {
  ConformanceTally tally;
  SearchResult r, again;
  for (const ConformanceCase& c : cases) {
    const std::string why = check_support(planner.capabilities(), c.grid);
    EXPECT_TRUE(why.empty()) << who << ": " << why;
    if (!why.empty()) return tally;
    planner.prepare(c.grid);
    const CostGuarantee claim = cost_guarantee(planner.capabilities(), c.grid.rules());
    for (const Query& q : c.queries) {
      const double ref = reference_cost(c.grid, q.start, q.goal);
      planner.solve(q, {}, r);
      planner.solve(q, {}, again);
      EXPECT_EQ(again.path, r.path) << who << ": second solve differs";
      EXPECT_EQ(again.counters.expansions, r.counters.expansions) << who;
      if (!std::isfinite(ref)) {
        EXPECT_EQ(r.status, Status::Unreachable) << who;
        ++tally.unreachable;
        continue;
      }
      EXPECT_EQ(r.status, Status::Solved)
          << who << " on a " << c.grid.width() << "x" << c.grid.height() << " map";
      if (r.status != Status::Solved) return tally;
      ++tally.solved;
      const double tol = 1e-9 * std::max(1.0, ref);
      EXPECT_EQ(c.grid.point(r.path.front()), q.start);
      EXPECT_EQ(c.grid.point(r.path.back()), q.goal);
      EXPECT_NEAR(walk_cost(c.grid, r.path), r.cost, tol) << who;
      EXPECT_GE(r.cost, ref - tol) << who;
      if (claim.optimal) {
        EXPECT_NEAR(r.cost, ref, tol) << who;
      } else if (std::isfinite(claim.suboptimality_bound)) {
        EXPECT_LE(r.cost, claim.suboptimality_bound * ref + tol) << who;
      }
    }
  }
  return tally;
}

}  // namespace pathbench::testing
