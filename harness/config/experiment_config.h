// Experiment configuration: one YAML experiment file turned into plain, fully validated structs.
// The rest of the harness never sees YAML types.
//
// Invariants of a returned ExperimentConfig (everything is checked before any work starts):
//  - every path is absolute and lexically normal; relative paths in the YAML were resolved
//    against the config file's folder after `${VAR}` expansion; every map and scen file exists;
//  - globs are expanded (each pattern's matches sorted) and no map appears twice in a dataset;
//  - planners are sweep-expanded: every PlannerConfig holds scalar text values only and labels
//    are unique; `baseline` is empty or names an expanded label or a base label;
//  - dataset names are unique and `name` is usable as a directory name.
// Planner names and parameter values are only shape-checked here: the runner validates them with
// the registry and reports errors at PlannerConfig::line.
// Every error is a pathbench::InputError carrying the config path, the 1-based YAML line and the
// key (as a dotted path such as `datasets[1].generated.density`).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/core/grid.h"
#include "algorithms/core/params.h"
#include "datasets/map_shape.h"
#include "harness/config/dynamic_config.h"
#include "harness/config/env_expansion.h"
#include "harness/config/group_by.h"

namespace pathbench {

// One MovingAI map and the scenario file that goes with it.
struct MapSource {
  std::filesystem::path map;
  std::filesystem::path scen;

  bool operator==(const MapSource&) const = default;
};

using GeneratedKind = MapKind;  // datasets/map_shape.h

// How queries are produced for generated maps.
enum class QueryMode : std::uint8_t {
  Buckets,  // random queries spread over optimal-length buckets (MovingAI style)
  Corners,  // exactly one query (0,0) -> (w-1,h-1), both cells forced free
};

struct GeneratedSpec {
  GeneratedKind kind = GeneratedKind::Random;
  int width = 0;
  int height = 0;
  double density = 0.2;    // random only: obstacle fraction in [0, 1)
  int corridor_width = 1;  // maze only
  int room_size = 8;       // rooms only
  int count = 1;           // number of maps
  QueryMode queries = QueryMode::Buckets;
  int queries_per_bucket = 10;  // Buckets only
  int max_buckets = 0;          // Buckets only; 0 = no limit
  bool seed_given = false;      // true when the YAML had `seed:`
  // One generator seed per map (size == count). With `seed: s` map i uses s + i, so map 0 is
  // reproducible from the number alone; otherwise seeds are mixed from the experiment seed,
  // the dataset index and the map index, so adding a dataset never changes another's maps.
  std::vector<std::uint64_t> map_seeds;

  MapShape shape() const { return {kind, width, height, density, corridor_width, room_size}; }
};

struct DatasetConfig {
  enum class Kind : std::uint8_t { MovingAI, Generated };

  std::string name;
  Kind kind = Kind::MovingAI;
  std::vector<MapSource> maps;                 // MovingAI only
  int limit = 0;                               // MovingAI only: first N scen lines per map; 0 = all
  std::optional<std::pair<int, int>> buckets;  // MovingAI only: inclusive bucket range
  // MovingAI only: N scen lines evenly spaced over the (bucket-filtered) file, so spread over all
  // path lengths (scen files are sorted by bucket); applied before `limit`. 0 = all.
  int sample = 0;
  MoveRules rules;
  std::map<char, double> terrain;  // cell char -> cost multiplier (> 0, finite)
  GeneratedSpec generated;         // Generated only
  int line = 0;                    // YAML line of the dataset entry
};

struct PlannerConfig {
  std::string label;       // unique; `base[k=v,...]` for sweep members
  std::string base_label;  // the label as written
  std::string algorithm;   // registry name, not checked here
  RawParams params;        // scalar YAML text per parameter, after sweep expansion
  // The swept parameters and this member's values, in the order written (empty if no sweep).
  std::vector<std::pair<std::string, std::string>> sweep;
  int line = 0;  // YAML line of the planner entry
};

// How the repetitions of a (map, planner)'s queries are ordered (harness/runner/planner_on_map.h).
enum class RepetitionOrder : std::uint8_t {
  Sweep,       // repetition r solves the whole query list, in scen order, then r + 1 does
  BackToBack,  // each query's repetitions one after another (its search state stays in cache)
};
const char* to_string(RepetitionOrder order);

// What a run does with a scen line whose published length cannot be right (`on_bad_query`;
// datasets/published_length.h, harness/runner/bad_query.h).
//  - Record (the default): the row is kept with status bad_query and the reason in its error
//    column, counted per map in meta.json, and never counted as solved, valid, optimal or as a
//    failed validation. The default because published suites ship such lines (173 in dao, whose
//    length is 0 for pairs with no path) and a run over a whole suite must neither stop after
//    hours on one of them nor call it a planner's fault; nothing is dropped, every one is listed.
//  - Error: the run stops with an InputError naming the scen file, line and optimal_length;
//    before any solve for what needs no search, at the first disagreeing row for the rest. For
//    one's own scens, where a bad line is a mistake to fix.
enum class BadQueryPolicy : std::uint8_t { Record, Error };
const char* to_string(BadQueryPolicy policy);

// Solves faster than this are timed in batches (the same query k times in one clock pair).
// Off by default: every solve gets its own clock pair, as warthog and the competition's start kit
// time, because a batch repeats a query back to back in a warm cache (docs/measuring.md measured
// JPS+ medians 1.8x lower batched than timed alone on AR0011SR). Batching is opt-in.
inline constexpr double kDefaultBatchMinUs = 0.0;

struct ExperimentConfig {
  std::string name;
  std::filesystem::path source_file;  // absolute
  std::string source_text;            // the YAML exactly as read, for meta.json
  std::uint64_t seed = 1;
  int repetitions = 1;
  RepetitionOrder repetition_order = RepetitionOrder::Sweep;
  double batch_min_us = kDefaultBatchMinUs;  // 0 = every solve timed on its own
  // `cpu: N`: the core the run is pinned to (-1 = not pinned); checked against the allowed cores
  // when the run starts (harness/runner/cpu_pinning.h), not here: a `run --jobs` child parses
  // the config while already pinned elsewhere. cpu_line is its YAML line, for that error.
  int cpu = -1;
  int cpu_line = 0;
  double time_limit_s = 0.0;  // 0 = no limit
  bool validate = true;
  BadQueryPolicy on_bad_query = BadQueryPolicy::Record;
  std::string baseline;                   // empty = none
  GroupBy summary_by = GroupBy::Dataset;  // `summary: {by: map}`: group the summary per map
  std::vector<DatasetConfig> datasets;
  std::vector<PlannerConfig> planners;
  // The optional top-level `dynamic:` section: agents in changing maps instead of static queries
  // (harness/runner/dynamic_runner.h). Its `line` is the key's YAML line.
  std::optional<DynamicSpec> dynamic;
};

// The compile-time repository root (PATHBENCH_SOURCE_DIR of the harness build).
const std::filesystem::path& default_repo_root();

// Reads and validates `file`. Throws InputError (also for an unreadable file, with line 0).
ExperimentConfig load_experiment(const std::filesystem::path& file,
                                 const std::filesystem::path& repo_root = default_repo_root());

// Same, from text already in memory; `file` names the config in errors and anchors relative paths
// (it need not exist, but the map files it refers to must).
ExperimentConfig parse_experiment(const std::string& yaml_text, const std::filesystem::path& file,
                                  const std::filesystem::path& repo_root);

}  // namespace pathbench
