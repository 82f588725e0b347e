#include "algorithms/planners/lazy_theta_star/lazy_theta_star_planner.h"

#include "algorithms/planners/theta_star/any_angle_planner.h"

namespace pathbench {

PlannerInfo lazy_theta_star_planner_info() {
  return planner_without_params<AnyAnglePlanner<true>>(
      "lazy_theta_star",
      "Lazy Theta* (Nash et al. 2010): Theta* with one line-of-sight check "
      "per expansion; Euclidean cost, not optimal");
}

}  // namespace pathbench
