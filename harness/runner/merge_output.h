// What every merge writes the same way, static or dynamic (shard_merge.h, dynamic_merge.h): its
// staged output directory, removed again when a check fails, and meta.json listing the shards.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "harness/runner/shard_inputs.h"
#include "harness/runner/shard_merge.h"
#include "harness/runner/staged_run.h"

namespace pathbench {

// The merge's run directory (--out, or the directories `run --jobs` chose), staged like a run's.
StagedRun create_merge_output(const MergeOptions& options, const std::string& experiment_name);

// Removes the staged output of a merge that failed (still holding its lock): nothing of it can be
// resumed, and a leftover .partial would block the next merge.
class RemoveStagingOnFailure {
 public:
  explicit RemoveStagingOnFailure(std::filesystem::path staging) : dir_(std::move(staging)) {}
  ~RemoveStagingOnFailure();
  RemoveStagingOnFailure(const RemoveStagingOnFailure&) = delete;
  RemoveStagingOnFailure& operator=(const RemoveStagingOnFailure&) = delete;
  void published() { published_ = true; }

 private:
  std::filesystem::path dir_;
  bool published_ = false;
};

// The merged run's meta.json: the first shard's, without its own shard, resumptions and core,
// plus "merged" (every shard with its host, CPU, commit, date, rows and core; whether CPU models
// or commits were mixed) and "jobs" when `run --jobs` merges.
nlohmann::json merged_meta(const std::vector<ShardRun>& shards, const MergeOptions& options);

}  // namespace pathbench
