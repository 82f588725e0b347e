// Set-up shared by the static and dynamic runners: building the configured planners through the
// registry, checking every planner against every map before anything runs, and choosing the
// output directory. Every failure is an InputError pointing at the config line.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "algorithms/registry/planner_registry.h"
#include "harness/config/experiment_config.h"
#include "harness/runner/experiment_runner.h"
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

// options.out_dir when given, else results_root/<name>/<UTC timestamp>[-tag][-N], never an
// existing run directory (finished or .partial).
std::filesystem::path choose_output_dir(const ExperimentConfig& cfg, const RunOptions& options);

// The directory a run writes into until it completes: `<dir>.partial`, emptied and created.
// Throws InputError when `dir` exists and options.overwrite is off.
std::filesystem::path open_staging_dir(const std::filesystem::path& dir, const RunOptions& options);

// Completes a run: replaces `dir` with `staging` and, for a default (timestamped) directory,
// points results/<name>/latest at it.
void publish_run_dir(const std::filesystem::path& staging, const std::filesystem::path& dir,
                     const RunOptions& options);

}  // namespace pathbench
