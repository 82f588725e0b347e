#include "harness/cli_support/command_planner.h"

#include "algorithms/core/input_error.h"
#include "harness/render/posthoc_trace.h"

namespace pathbench::cli {

ConfiguredPlanner command_planner(const std::string& name, const RawParams& params,
                                  const Grid& grid, const PlannerOptions& options, bool traced) {
  ConfiguredPlanner cp;
  try {
    cp = make_planner(name, params);
  } catch (const UnknownPlannerError& e) {
    throw InputError("command line", 0, options.planner, e.what());
  } catch (const ParamError& e) {
    throw InputError("command line", 0, options.params, e.what());
  }
  if (const std::string why = check_support(cp.planner->capabilities(), grid); !why.empty())
    throw InputError("command line", 0, options.planner, "planner '" + name + "' " + why);
  if (traced) require_traceable(*cp.planner, name, options.planner.c_str());
  return cp;
}

Budget time_limit_budget(double seconds, const std::string& option) {
  if (std::string problem = time_limit_problem(seconds); !problem.empty())
    throw InputError("command line", 0, option, problem);
  Budget budget;
  budget.time_limit_s = seconds;
  return budget;
}

}  // namespace pathbench::cli
