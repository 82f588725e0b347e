// Lazy Theta* (Nash, Koenig & Tovey 2010): Theta* that assumes every successor is in sight of
// its expanded node's parent and checks line of sight once per expansion instead (SetVertex: a
// node whose parent does not see it takes its cheapest closed neighbour). Far fewer sight
// checks, paths much like Theta*'s; same path model, rules and claims as theta_star
// (algorithms/search/any_angle_search.h, docs/any-angle.md). Extra column: sight_checks.
#pragma once

#include "algorithms/core/planner_info.h"

namespace pathbench {

// No parameters.
PlannerInfo lazy_theta_star_planner_info();

}  // namespace pathbench
