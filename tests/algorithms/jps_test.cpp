// Jump Point Search: what only `jps` has. Everything it shares with jps_plus (hand-made maps,
// budgets, random maps against the reference, reuse, rejections, MovingAI) is in
// jump_point_test.cpp, run for both planners.
#include <gtest/gtest.h>

#include "algorithms/planners/jps/jps_planner.h"
#include "algorithms/registry/planner_registry.h"

namespace pathbench {
namespace {

TEST(Jps, InfoHasNoParameters) {
  const PlannerInfo info = jps_planner_info();
  EXPECT_EQ(info.name, "jps");
  EXPECT_FALSE(info.summary.empty());
  EXPECT_TRUE(info.params.empty());
  ASSERT_NE(find_planner("jps"), nullptr);
  EXPECT_FALSE(info.factory(resolve_params(info.params, {}))->capabilities().needs_preprocessing);
}

}  // namespace
}  // namespace pathbench
