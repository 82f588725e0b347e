// The agent runs of a dynamic experiment (harness/runner/dynamic_runner.h) in the one order every
// run, resume, shard and merge of it uses: kinds as listed, then the picked queries (maps as
// listed, each map's longest first), then planners as listed.
//
// The unit a shard gets is a picked query with all its kinds and planners, so every ratio of
// planners (repeated A* / D* Lite) is measured in one process on one machine. Picks are dealt
// round-robin over one ordinal running across all maps, as static shards deal queries
// (harness/runner/shard.h).
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <tuple>
#include <vector>

#include "harness/config/experiment_config.h"
#include "harness/output/dynamic_row.h"
#include "harness/runner/instance_set.h"
#include "harness/runner/run_setup.h"
#include "harness/runner/shard.h"

namespace pathbench {

struct DynamicPick {
  std::size_t map = 0;  // index into the experiment's maps
  int run = 0;          // 0 = the map's longest query with a path
  const QueryInstance* query = nullptr;
  std::size_t ordinal = 0;  // position among all picks of the experiment (what shards deal)
};

// Per map the runs_per_map longest queries with a path and no data problem (by optimal cost,
// ties by scenario order).
std::vector<DynamicPick> pick_dynamic_queries(const std::vector<MapInstance>& maps,
                                              int runs_per_map);

// Refuses (InputError at the planner's YAML line) a planner whose paths an agent cannot walk
// move by move (any-angle).
void check_dynamic_planners(const ExperimentConfig& cfg,
                            const std::vector<ActivePlanner>& planners);

// Keeps the picks shard `shard` deals to itself (all of them for the whole experiment).
void keep_dynamic_shard(std::vector<DynamicPick>& picks, const Shard& shard);

// The static effective experiment (harness/runner/experiment_fingerprint.h) plus what decides a
// dynamic run's rows: the `dynamic:` settings and each map's number of agent runs. Its
// fingerprint is what resume and merge check.
nlohmann::json dynamic_effective(const ExperimentConfig& cfg,
                                 const std::vector<ActivePlanner>& planners,
                                 const std::vector<MapInstance>& maps,
                                 const std::vector<DynamicPick>& picks);

// (kind, pick ordinal, planner) of a row, by position in the effective experiment: the run's
// order. Throws InputError naming `file` and `line` when the row is not one of the experiment.
using DynamicKey = std::tuple<std::size_t, std::size_t, std::size_t>;
class DynamicOrder {
 public:
  explicit DynamicOrder(const nlohmann::json& effective);
  DynamicKey key(const DynamicRunRow& row, const std::string& file, int line) const;
  std::size_t kinds() const { return kinds_.size(); }
  std::size_t picks() const { return picks_; }
  std::size_t planners() const { return planners_.size(); }

 private:
  std::vector<std::string> kinds_, planners_;
  std::vector<std::tuple<std::string, std::string, std::size_t, std::size_t>> maps_;
  std::size_t picks_ = 0;
};

}  // namespace pathbench
