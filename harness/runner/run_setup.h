// Set-up shared by the static and dynamic runners: building the configured planners through the
// registry and checking every planner against every map before anything runs. Every failure is
// an InputError pointing at the config line.
#pragma once

#include <string>
#include <vector>

#include "algorithms/registry/planner_registry.h"
#include "harness/config/experiment_config.h"
#include "harness/runner/instance_set.h"

namespace pathbench {

struct ActivePlanner {
  const PlannerConfig* config;
  ConfiguredPlanner built;
  std::string params_text;                 // every effective parameter, key=value;...
  std::vector<std::string> extra_columns;  // Planner::extra_columns()
};

// Throws InputError (at the planner's YAML line) for an unknown planner or a bad parameter.
std::vector<ActivePlanner> build_planners(const ExperimentConfig& cfg);

// Throws InputError when a planner cannot run on a map's rules or terrain.
void check_combinations(const ExperimentConfig& cfg, const std::vector<ActivePlanner>& planners,
                        const std::vector<MapInstance>& maps);

}  // namespace pathbench
