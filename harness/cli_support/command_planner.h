// The planner of a one-query command (solve, render): built from the registry and checked
// against the map before any search, each problem reported against the option to fix, as `run`
// names the YAML key.
#pragma once

#include <string>

#include "algorithms/core/grid.h"
#include "algorithms/core/search_types.h"
#include "algorithms/registry/planner_registry.h"

namespace pathbench::cli {

struct PlannerOptions {
  std::string planner = "--planner";  // names the planner (unknown name, unsupported map)
  std::string params = "--set";       // carries its parameters (unknown key, bad value)
};

// make_planner + check_support(grid) (+ require_traceable when `traced`), not yet prepared.
ConfiguredPlanner command_planner(const std::string& name, const RawParams& params,
                                  const Grid& grid, const PlannerOptions& options, bool traced);

// The budget of --time-limit SECONDS (0 = none); a negative or non-finite value is an
// InputError naming `option`.
Budget time_limit_budget(double seconds, const std::string& option = "--time-limit");

}  // namespace pathbench::cli
