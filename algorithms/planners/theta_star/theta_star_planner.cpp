#include "algorithms/planners/theta_star/theta_star_planner.h"

#include "algorithms/planners/theta_star/any_angle_planner.h"

namespace pathbench {

PlannerInfo theta_star_planner_info() {
  return planner_without_params<AnyAnglePlanner<false>>(
      "theta_star",
      "Theta* (Nash et al. 2007): any-angle paths between cell centres, "
      "line of sight on every successor; Euclidean cost, not optimal");
}

}  // namespace pathbench
