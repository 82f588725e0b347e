// The conformance check of conformance_test.cpp, reusable by any test that brings a planner of
// its own (custom_planner_test.cpp): the planner against the reference Dijkstra (the oracle) on
// generated maps. A planner must find a path exactly when one exists and return a legal path whose
// recomputed cost is the reported cost, optimal or within its bound as its capabilities claim
// (an any-angle planner's path is checked by the validator's any-angle model instead);
// solving the same query twice on one prepared planner must give the same path and counters.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "algorithms/reference/reference_dijkstra.h"
#include "harness/runner/path_validation.h"
#include "tests/algorithms/test_grids.h"
#include "tests/support/random_grids.h"

namespace pathbench::testing {

using ConformanceCase = RandomCase;

// `count` maps from 1x1 to 256x256 (every 50th is 256x256, degenerate 1xN shapes first),
// densities 0-45%, three random free endpoints each, under `rules` (and terrain costs when
// asked); about 15% of the queries have no path under the default rules.
inline std::vector<ConformanceCase> make_conformance_cases(int count, MoveRules rules = {},
                                                           bool terrain = false) {
  const RandomMapSpec spec{
      .rules = rules, .terrain = terrain, .big_every = 50, .thin_first = true, .queries = 3};
  return random_cases(count, 20261202, spec);
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
      if (planner.capabilities().path_model == PathModel::AnyAngle) {
        // Polylines: each segment in sight, Euclidean cost; may undercut the octile reference,
        // and no bound over it is claimed (path_validation.h).
        const PathCheck check = check_result(c.grid, q, r, ref, planner.capabilities());
        EXPECT_TRUE(check.valid) << who << ": " << check.error;
        EXPECT_GE(r.cost, euclidean_length(q.goal.x - q.start.x, q.goal.y - q.start.y) - tol);
        continue;
      }
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
