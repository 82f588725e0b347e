// What `merge` recomputes from a shard's own files instead of trusting its meta.json as written:
// a hand-edited or damaged meta.json (a row count, a fingerprint, a shard number) would
// otherwise merge into a result that looks whole and is not.
//  - the fingerprint, recomputed from the experiment the shard stores (experiment.effective);
//  - the rows shard K/N must hold, recomputed from that experiment and the round-robin split
//    (harness/runner/shard.h), against meta.json's shard.rows and against runs.csv;
//  - every row's query, which must be one the split deals to shard K.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <vector>

#include "harness/output/runs_csv_reader.h"
#include "harness/runner/shard.h"

namespace pathbench {

// Checks the fingerprint and the row counts of the shard in `dir` (its parsed meta.json, its
// shard number and its runs.csv). Throws InputError naming the file that disagrees and how.
void audit_shard_files(const std::filesystem::path& dir, const nlohmann::json& meta,
                       const Shard& shard, const RunsCsv& runs);

// The round-robin split of the experiment's queries over shards: built from the query ids of
// each map (all shards together, every id once, in any order), then asked for the shard of
// one query. Ids are the scen line positions, so sorted they are the experiment's order.
class ShardSplit {
 public:
  ShardSplit(std::vector<std::vector<int>> ids_per_map, int shards);
  // The shard that `query` of map `map` (index in experiment.effective.maps) belongs to.
  int shard_of_query(std::size_t map, int query) const;

 private:
  std::vector<std::vector<int>> ids_;
  std::vector<std::size_t> first_ordinal_;  // of each map, counted over all maps before it
  int shards_;
};

}  // namespace pathbench
