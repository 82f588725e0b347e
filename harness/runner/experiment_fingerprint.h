// The effective experiment as canonical JSON, and its fingerprint, recorded in meta.json so that
// `--resume` continues exactly the run that was started. "Effective" means what decides the rows:
// every planner's label, algorithm and full parameter set (defaults included), every map's name,
// rules, size and a digest of its cells and queries (so an edited .map or .scen is noticed), the
// seed, repetitions and their order, the batch threshold, time limit, validation and baseline
// (the core a run is pinned to is not: it changes no row, and `run --jobs` shards differ in it).
// Labels and file names alone are not enough: the same label with another weight would silently mix
// two experiments in one runs.csv.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "harness/config/experiment_config.h"
#include "harness/runner/instance_set.h"
#include "harness/runner/run_setup.h"

namespace pathbench {

// Objects are key-sorted (nlohmann::json), so dump() of the result is canonical.
nlohmann::json effective_experiment(const ExperimentConfig& cfg,
                                    const std::vector<ActivePlanner>& planners,
                                    const std::vector<MapInstance>& maps);

// 16 hex digits: FNV-1a 64 of the canonical dump (a change detector, not a security measure).
std::string experiment_fingerprint(const nlohmann::json& effective);

// Human-readable differences, e.g. "planners[1].params: 'weight=1' -> 'weight=2'" (at most
// `limit`, most specific paths first found).
std::vector<std::string> experiment_differences(const nlohmann::json& was,
                                                const nlohmann::json& now, std::size_t limit = 5);

}  // namespace pathbench
