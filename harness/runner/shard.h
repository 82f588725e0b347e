// Shards: one experiment split into N deterministic parts that run anywhere (Slurm array tasks,
// local processes) and merge back into the single-process result (harness/runner/shard_merge.h).
//
// The unit of a shard is a query with all its planners, so every per-query ratio (speedups) is
// measured in one process on one machine. Queries are dealt round-robin in experiment order over
// one ordinal running across all maps: each shard gets every N-th query of every map, the same
// mix of maps and path lengths (scens are sorted by length), and the shard sizes differ by at
// most one query.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "harness/runner/instance_set.h"

namespace pathbench {

struct Shard {
  int k = 0;
  int n = 1;  // 1 = the whole experiment
  bool active() const { return n > 1; }
  bool operator==(const Shard&) const = default;
};

// Parses "K/N" with 0 <= K < N <= 100000; throws InputError naming `field` (e.g. "--shard").
Shard parse_shard(const std::string& text, const std::string& field);

// Drops the queries that belong to other shards (maps stay, possibly with no query).
void keep_shard(std::vector<MapInstance>& maps, const Shard& shard);

// The shard of the ordinal-th query of the experiment (counted over all maps in order).
int shard_of(std::size_t ordinal, const Shard& shard);

// {"k": K, "n": N} for meta.json, and back (nothing in `meta` = the whole experiment). Throws
// InputError naming `file` when the value is malformed.
nlohmann::json shard_json(const Shard& shard);
Shard shard_from_meta(const nlohmann::json& meta, const std::string& file);

}  // namespace pathbench
