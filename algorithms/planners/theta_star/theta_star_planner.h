// Theta* (Nash, Daniel, Koenig & Felner 2007): any-angle A* on the grid. A successor takes its
// expanded node's parent as its own when that parent sees it (line of sight, exact supercover
// between cell centres), so paths are polylines through cell centres, priced by Euclidean
// length, usually shorter than octile paths; not optimal, no bound claimed
// (algorithms/search/any_angle_search.h, docs/any-angle.md). Euclidean heuristic; uniform
// 8-connected maps without corner cutting; no preprocessing. Extra column: sight_checks.
#pragma once

#include "algorithms/core/planner_info.h"

namespace pathbench {

// No parameters.
PlannerInfo theta_star_planner_info();

}  // namespace pathbench
