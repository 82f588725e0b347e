// The inputs of `pathbench merge` (harness/runner/shard_merge.h): the shard run directories found
// under the folders given, each read a row at a time, and the checks that they are shards of one
// experiment, built from one commit, each given once and none missing.
#pragma once

#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <tuple>
#include <vector>

#include "harness/output/run_row.h"
#include "harness/output/runs_csv_reader.h"
#include "harness/runner/shard.h"
#include "harness/runner/shard_audit.h"

namespace pathbench {

// (map, planner, query): a row's place in the single run's order, maps and planners by their
// position in the experiment.
using RowKey = std::tuple<std::size_t, std::size_t, int>;

// One shard, read a row at a time: every shard's runs.csv is in the single run's order (the run
// writes maps as listed, planners as listed, queries in scen order, and a resume appends the rest
// in that order), so the merge is a k-way merge holding one row per shard.
struct ShardRun {
  std::filesystem::path dir;
  nlohmann::json meta;
  Shard shard;
  ShardExpectation expected;
  std::unique_ptr<RunsCsvStream> csv;  // null for a dynamic run's shard
  // paths.jsonl when the shard saved paths: one complete line per runs.csv row, in row order
  // (a resumed shard realigns it, harness/runner/resume_state.h), read alongside.
  bool has_paths = false;
  std::ifstream paths;
  std::size_t rows = 0;  // read so far
  RunRow row;            // the current row, when `has_row`
  RowKey key;
  bool has_row = false;
};

// Shard directories of `inputs`: a directory with a meta.json is a shard; any other directory is
// searched one level down (refusing an unfinished `.partial` shard). Throws InputError.
std::vector<std::filesystem::path> shard_dirs(const std::vector<std::filesystem::path>& inputs);

// Reads and audits a shard's meta.json (harness/runner/shard_audit.h) and opens its runs.csv and
// paths.jsonl at their first row. Throws InputError naming the file.
ShardRun read_shard(const std::filesystem::path& dir);

// Refuses shards of different experiments, numbers of shards, commits (unless mixed_ok), columns
// or path saving, a shard given twice and missing shards, naming the directories involved.
void check_same_experiment_and_build(const std::vector<ShardRun>& shards, bool mixed_ok);

// Copies the next path line of shard `s`, checking it is the path of its current row.
void copy_path_line(ShardRun& s, std::ostream& out);

// A string field of a meta.json, or "unknown".
std::string meta_text(const nlohmann::json& j, const char* key);

}  // namespace pathbench
