// The life of one planner object as the harness uses it, for every registered planner (driven by
// the registry, so a new planner is covered the day it is registered): prepare, solve, solve
// another query, solve the first again, prepare a smaller map, solve, prepare the first map again,
// solve. Every result must equal a freshly built planner's (no state leaks between queries or
// maps) and agree with the reference Dijkstra's cost.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "algorithms/reference/reference_dijkstra.h"
#include "harness/runner/path_validation.h"
#include "tests/algorithms/planner_variants.h"
#include "tests/algorithms/test_grids.h"

namespace pathbench {
namespace {

using testing::describe;
using testing::Variant;

class Lifecycle : public ::testing::TestWithParam<Variant> {
 protected:
  std::unique_ptr<Planner> make() const {
    return make_planner(GetParam().name, GetParam().params).planner;
  }

  // `r`, from the long-lived planner, against a fresh planner on the same map and the oracle.
  void expect_as_fresh(const Grid& g, const Query& q, const SearchResult& r,
                       const std::string& step) const {
    SCOPED_TRACE(describe(GetParam()) + ", " + step);
    auto fresh = make();
    fresh->prepare(g);
    SearchResult f;
    fresh->solve(q, {}, f);
    EXPECT_TRUE(testing::same_result(r, f));
    const double ref = reference_cost(g, q.start, q.goal);
    if (!std::isfinite(ref)) {
      EXPECT_EQ(r.status, Status::Unreachable);
      return;
    }
    ASSERT_EQ(r.status, Status::Solved);
    ++solved_;
    const Capabilities caps = fresh->capabilities();
    if (caps.path_model == PathModel::AnyAngle) {  // polylines: the validator's any-angle model
      const PathCheck check = check_result(g, q, r, ref, caps);
      EXPECT_TRUE(check.valid) << check.error;
      return;
    }
    EXPECT_EQ(testing::check_path(g, q, r), "");
    const double tol = 1e-9 * std::max(1.0, ref);
    EXPECT_GE(r.cost, ref - tol);
    if (caps.optimal) {
      EXPECT_NEAR(r.cost, ref, tol);
    }
    if (std::isfinite(caps.suboptimality_bound)) {
      EXPECT_LE(r.cost, caps.suboptimality_bound * ref + tol);
    }
  }

  mutable int solved_ = 0;
};

TEST_P(Lifecycle, PrepareSolveSolveAgainPrepareAnotherMapSolve) {
  // A large map and a small one, so stale per-cell state from the first would be out of range or
  // misplaced on the second; queries with long paths and at least one solved on each.
  const auto big = testing::random_cases(
      1, 41, {.min_side = 90, .max_side = 120, .max_density_percent = 25, .walls = true});
  const auto small = testing::random_cases(
      1, 42, {.min_side = 20, .max_side = 30, .max_density_percent = 25, .queries = 2});
  const Grid& a = big[0].grid;
  const Grid& b = small[0].grid;
  auto p = make();
  SearchResult r;  // reused, as the harness does
  p->prepare(a);
  for (std::size_t i = 0; i < big[0].queries.size(); ++i) {
    p->solve(big[0].queries[i], {}, r);
    expect_as_fresh(a, big[0].queries[i], r, "first map, query " + std::to_string(i));
  }
  p->solve(big[0].queries[0], {}, r);
  expect_as_fresh(a, big[0].queries[0], r, "first map, query 0 again");
  p->prepare(b);
  for (const Query& q : small[0].queries) {
    p->solve(q, {}, r);
    expect_as_fresh(b, q, r, "second map");
  }
  p->prepare(a);
  p->solve(big[0].queries[1], {}, r);
  expect_as_fresh(a, big[0].queries[1], r, "first map prepared again");
  EXPECT_GE(solved_, 4);  // most steps compared real paths, not only "unreachable"
}

INSTANTIATE_TEST_SUITE_P(AllPlanners, Lifecycle, ::testing::ValuesIn(testing::all_variants()),
                         [](const ::testing::TestParamInfo<Variant>& param) {
                           return testing::test_name(param.param);
                         });

}  // namespace
}  // namespace pathbench
