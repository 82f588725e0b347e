// meta.json of a new run (harness/output/run_manifest.h has the build and machine facts): what
// both runners record — the experiment's settings, the config text, the planners with their
// effective parameters, the maps — plus what only one of them has.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <vector>

#include "harness/config/experiment_config.h"
#include "harness/output/bad_query_lines.h"
#include "harness/output/run_row.h"
#include "harness/runner/instance_set.h"
#include "harness/runner/run_options.h"
#include "harness/runner/run_setup.h"
#include "harness/runner/shard.h"

namespace pathbench {

// The parts both runners write.
nlohmann::json base_manifest(const ExperimentConfig& cfg,
                             const std::vector<ActivePlanner>& planners,
                             const std::vector<MapInstance>& maps);

// What a run records about itself besides the config: `effective` is the effective experiment
// (effective_experiment(), dynamic_effective()) whose fingerprint resume and merge check, `rows`
// the rows a complete run (or shard) holds, `default_dir` whether the directory is
// results/<name>/<stamp>.
struct RunFacts {
  const nlohmann::json* effective = nullptr;
  Shard shard;
  std::size_t rows = 0;
  GroupBy summary_by = GroupBy::Dataset;  // static runs
  bool default_dir = false;
};
// A new run's facts: the grouping and directory are what `options` ask for.
RunFacts new_run_facts(const nlohmann::json& effective, const Shard& shard, std::size_t rows,
                       const RunOptions& options);
nlohmann::json static_manifest(const ExperimentConfig& cfg,
                               const std::vector<ActivePlanner>& planners,
                               const std::vector<MapInstance>& maps, const RunFacts& facts);

nlohmann::json dynamic_manifest(const ExperimentConfig& cfg,
                                const std::vector<ActivePlanner>& planners,
                                const std::vector<MapInstance>& maps, const RunFacts& facts);

// meta.json "bad_queries": the scen lines recorded as data problems (rows with status
// bad_query; on_bad_query: record), as {"lines": N, "rows": R, "per_map": {"dataset/map": n}},
// lines counted once however many planners ran them. Written when a run or merge completes
// (harness/runner/run_summaries.h).
nlohmann::json bad_query_json(const BadQueryLines& bad);

// The grouping a run's summaries were made with (meta.json "experiment"."summary_by"; absent =
// dataset). Throws nlohmann::json::exception when it is not a string.
GroupBy recorded_summary_by(const nlohmann::json& meta);

}  // namespace pathbench
