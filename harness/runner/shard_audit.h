// What `merge` recomputes from a shard's own files instead of trusting its meta.json as written:
// a hand-edited or damaged meta.json (a row count, a fingerprint, a shard number) would
// otherwise merge into a result that looks whole and is not.
//  - the fingerprint, recomputed from the experiment the shard stores (experiment.effective);
//  - the rows shard K/N must hold, recomputed from that experiment and the round-robin split
//    (harness/runner/shard.h), against meta.json's shard.rows and against runs.csv;
//  - every row's query, which must be one the split deals to shard K (checked by the merge as it
//    streams the rows: harness/runner/shard_merge.cpp).
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "harness/runner/shard.h"

namespace pathbench {

// What a shard must hold, recomputed from the experiment its meta.json stores.
struct ShardExpectation {
  std::size_t rows = 0;
  std::string split;  // "shard K/N of this experiment (...) holds R rows", for messages
  std::string rows_file = "runs.csv";  // or dynamic.csv (a dynamic experiment's agent runs)
};

// Checks the fingerprint and meta.json's row count of the shard in `dir` (its parsed meta.json
// and shard number), and returns the rows its runs.csv must hold. Throws InputError naming
// meta.json and what disagrees.
ShardExpectation audit_shard_meta(const std::filesystem::path& dir, const nlohmann::json& meta,
                                  const Shard& shard);

// Throws InputError naming the shard's results file when it holds another number of rows.
void check_shard_rows(const std::filesystem::path& dir, const ShardExpectation& expected,
                      std::size_t rows);

}  // namespace pathbench
