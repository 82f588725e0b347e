#include "algorithms/planners/theta_star/theta_star_planner.h"

#include "algorithms/planners/theta_star/any_angle_planner.h"

namespace pathbench {

PlannerInfo theta_star_planner_info() {
  return {.name = "theta_star",
          .summary =
              "Theta* (Nash et al. 2007): any-angle paths between cell centres, "
              "line of sight on every successor; Euclidean cost, not optimal",
          .factory = make_planner<AnyAnglePlanner<false>>};
}

}  // namespace pathbench
