// Checks of what a planner says about itself (its PlannerInfo and Capabilities), shared by the
// per-planner tests so that each states only its own answers.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "algorithms/core/planner.h"
#include "algorithms/core/planner_info.h"

namespace pathbench::testing {

// The registry name, a summary for `pathbench planners`, and no parameters.
inline void expect_info_without_params(const PlannerInfo& info, const std::string& name) {
  EXPECT_EQ(info.name, name);
  EXPECT_FALSE(info.summary.empty());
  EXPECT_TRUE(info.params.empty());
}

// The maps an optimal planner accepts: the answers that differ between planners.
struct AcceptedMaps {
  bool uniform_cost_only;  // refuses terrain costs
  bool four_connected;     // accepts Connectivity::Four
  bool corner_cutting;     // accepts MoveRules::corner_cutting
};

// An exact planner (bound 1) that accepts `maps`.
inline void expect_optimal_on(const Capabilities& caps, const AcceptedMaps& maps) {
  EXPECT_TRUE(caps.optimal);
  EXPECT_EQ(caps.suboptimality_bound, 1.0);
  EXPECT_EQ(caps.uniform_cost_only, maps.uniform_cost_only);
  EXPECT_EQ(caps.supports_four_connected, maps.four_connected);
  EXPECT_EQ(caps.supports_corner_cutting, maps.corner_cutting);
}

}  // namespace pathbench::testing
