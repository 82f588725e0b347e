// `pathbench merge` of a dynamic experiment's shards (harness/runner/dynamic_experiment.h): one run
// directory equal to the single-process run apart from the timing columns, dynamic.csv in the
// single run's order (kinds, picked queries, planners: harness/runner/dynamic_plan.h), its
// summary made from the merged rows, meta.json listing the shards.
//
// Refused as the static merge refuses (shard_merge.h; the shared checks are shard_inputs.h): a
// shard holding an agent run the split deals to another shard, an agent run in two shards, a
// shard with fewer or more rows than its part of the experiment. Dynamic experiments are agent
// walks, thousands of rows at most, so the rows are merged in memory.
#pragma once

#include <ostream>
#include <vector>

#include "harness/runner/shard_inputs.h"
#include "harness/runner/shard_merge.h"

namespace pathbench {

// `shards` are read and checked to be one whole experiment (check_same_experiment_and_build).
MergeOutcome merge_dynamic_shards(const MergeOptions& options, std::vector<ShardRun>& shards,
                                  std::ostream& log);

}  // namespace pathbench
