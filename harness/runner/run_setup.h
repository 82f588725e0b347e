// Set-up shared by the static and dynamic runners: building the configured planners through the
// registry and checking every planner against every map before anything runs. Every failure is
// an InputError pointing at the config line.
#pragma once

#include <string>
#include <vector>

#include "algorithms/registry/planner_registry.h"
#include "harness/config/experiment_config.h"
#include "harness/runner/cpu_pinning.h"
#include "harness/runner/instance_set.h"

namespace pathbench {

// Columns the harness adds after an any-angle planner's own (PathModel::AnyAngle): its cost over
// the octile optimum (the reference; below 1 where the path cuts across) and over the any-angle
// optimum, which pathbench does not compute (no Anya-style optimal search): always empty.
inline constexpr const char* kOctileRatioColumn = "octile_ratio";
inline constexpr const char* kAnyAngleRatioColumn = "any_angle_ratio";

struct ActivePlanner {
  const PlannerConfig* config;
  ConfiguredPlanner built;
  std::string params_text;  // every effective parameter, key=value;...
  // Planner::extra_columns(), then the any-angle columns above for an any-angle planner.
  std::vector<std::string> extra_columns;
};

// Throws InputError (at the planner's YAML line) for an unknown planner or a bad parameter.
std::vector<ActivePlanner> build_planners(const ExperimentConfig& cfg);

// Throws InputError when a planner cannot run on a map's rules or terrain.
void check_combinations(const ExperimentConfig& cfg, const std::vector<ActivePlanner>& planners,
                        const std::vector<MapInstance>& maps);

// The core a run is pinned to: `cli_cpu` (--cpu) when >= 0, else the config's `cpu:`; errors
// name whichever it came from.
CpuRequest requested_cpu(const ExperimentConfig& cfg, int cli_cpu);

}  // namespace pathbench
