// What `pathbench run --resume` reads back from an interrupted run's `.partial` directory, and
// the checks that make it continue exactly the run that was started: the same experiment (by
// fingerprint), whole rows only, and paths.jsonl aligned to one path per row. Every refusal is an
// InputError naming the file.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "harness/config/experiment_config.h"
#include "harness/output/runs_csv_reader.h"
#include "harness/runner/instance_set.h"
#include "harness/runner/run_options.h"
#include "harness/runner/run_setup.h"
#include "harness/runner/shard.h"
#include "harness/runner/staged_run.h"

namespace pathbench {

// dataset, map, planner, query: one run of an experiment.
using RunKey = std::tuple<std::string, std::string, std::string, int>;

// The runs an interrupted run finished, which a resume skips: per (dataset, map, planner) its
// sorted query ids, 4 bytes a run (a set of RunKeys took about 200, over a gigabyte for a
// half-finished run of the whole MovingAI suite).
class DoneRuns {
 public:
  void add(const RunRow& row);
  // Sorts the ids; returns a run recorded twice, if any.
  std::optional<RunKey> seal();
  // The finished queries of (dataset, map, planner), sorted; empty when none.
  const std::vector<int>& of(const std::string& dataset, const std::string& map,
                             const std::string& planner) const;
  std::size_t size() const { return size_; }

 private:
  std::map<std::tuple<std::string, std::string, std::string>, std::vector<int>> by_cell_;
  std::size_t size_ = 0;
};

// Prepares an interrupted run's results file (runs.csv, dynamic.csv) to be read and appended to: a
// last line cut short by a crash is dropped from the file, so appended rows start on a line of
// their own. Its header must be `header`. Throws InputError naming the file.
void prepare_interrupted_csv(const std::filesystem::path& csv_path,
                             const std::vector<std::string>& header);

// paths.jsonl holds one line per runs.csv row, written before the row. After a kill at any
// moment the two may disagree at the tail (a path without its row, a cut line). Keeps the rows
// that have a path and exactly one path per kept row, in row order; rows without a path are run
// again. Rewrites the files only when something changes, and says so on `log`.
void align_paths_with_rows(const std::filesystem::path& staging, RunsCsv& previous,
                           const std::vector<std::string>& extra_columns, std::ostream& log);

// The interrupted run's meta.json (an object with an `experiment` object).
nlohmann::json read_meta(const std::filesystem::path& path);

// Refuses to resume with anything but the experiment that was started, naming what differs.
void check_same_experiment(const std::filesystem::path& meta_path, const nlohmann::json& meta,
                           const nlohmann::json& effective);

// The experiment an interrupted run was started with, from the config text its meta.json keeps
// (anchored at the original config file's folder): `pathbench run --resume DIR` without a config.
ExperimentConfig config_of_interrupted_run(const std::filesystem::path& resume_dir);

// Records a resumption in the reopened run's meta.json ("resumed": date, commit, rows kept),
// beside the original run's facts, and moves results/<name>/latest to it when it was started in
// a default directory.
void record_resumption(StagedRun& run, std::size_t rows_kept);

// Where a run invocation starts: the interrupted run `options.resume_dir` names, reopened and
// locked, with the shard it continues (resumed_shard); or, for a new run, no directory yet and the
// shard --shard asks for.
struct RunStart {
  std::optional<StagedRun> run;
  Shard shard;
  bool resuming() const { return run.has_value(); }
};
RunStart reopen_if_resuming(const RunOptions& options);

// The run ready for its rows, once a resumption has read back what it finished: a new run's
// directory is created now (as `options` say) with meta.json `new_manifest()`. Either run gets this
// process's CPU facts (a resumed one beside its resumption's, "resumed"[-1]."cpu", so that the
// original process's "cpu" stays) in a meta.json written before the first row.
StagedRun& open_for_rows(RunStart& start, const std::string& name, const RunOptions& options,
                         int pinned_cpu, const std::function<nlohmann::json()>& new_manifest);

// The shard a resumed run continues: its own. `requested` (--shard) must be it, or the whole.
Shard resumed_shard(const StagedRun& run, const Shard& requested);

// Where an interrupted run stopped, and how it goes on.
struct ResumePoint {
  DoneRuns done;                          // the rows kept (aligned with paths.jsonl): skipped
  std::size_t previous_invalid = 0;       // of those, rows that failed validation
  GroupBy summary_by = GroupBy::Dataset;  // as the interrupted run would have summarised
  bool save_paths = false;                // it saved paths: go on saving them
};

// Checks that `run` (reopened) is this experiment and that every row it holds belongs to it,
// reads its rows (dropping a cut tail, realigning paths.jsonl) one at a time unless paths.jsonl
// needs them together, and records the resumption in its meta.json. `save_paths` is what the
// command line asked for. Throws InputError.
ResumePoint resume_point(StagedRun& run, const nlohmann::json& effective,
                         const std::vector<ActivePlanner>& planners,
                         const std::vector<MapInstance>& maps,
                         const std::vector<std::string>& extra_columns, bool save_paths,
                         std::ostream& log);

}  // namespace pathbench
