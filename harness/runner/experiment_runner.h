// `pathbench run`: builds every planner of an experiment, loads every instance, checks that each
// planner can run on each dataset — all before any search, so bad input fails with nothing
// written — then solves every query with every planner, validates each result, and writes
// runs.csv (flushed per row), summary.csv, meta.json and optionally paths.jsonl.
//
// Output goes to a staging directory `<dir>.partial` that is renamed to `<dir>` only when the
// run completes, so a results directory without that suffix is always whole.
//
// Interruption and resumption: SIGINT (Ctrl-C) or SIGTERM (a scheduler's cancellation) during the
// run stops it after the current row (a second signal kills at once); `<dir>.partial` keeps a
// consistent runs.csv (every row whole) and the outcome says `interrupted`. RunOptions::resume_dir
// continues such a run, or one killed outright: the experiment must be the one that was started
// (same fingerprint, harness/runner/experiment_fingerprint.h), a row cut by the kill is dropped,
// paths.jsonl is realigned with runs.csv, the (dataset, map, planner, query) runs already there
// are skipped, the rest are appended in the original order, and the run finishes normally.
// A failed write (full disk) throws RunWriteError, leaving `<dir>.partial` resumable.
#pragma once

#include <filesystem>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/config/experiment_config.h"
#include "harness/output/summary.h"
#include "harness/runner/shard.h"

namespace pathbench {

struct RunOptions {
  // Exact output directory; empty = results/<name>/<UTC timestamp>[-tag] (+ results/<name>/latest).
  std::filesystem::path out_dir;
  std::filesystem::path results_root = "results";
  std::string tag;
  bool overwrite = false;  // allow replacing an existing out_dir
  bool save_paths = false;
  bool progress = false;  // progress line on stderr
  GroupBy summary_by = GroupBy::Dataset;
  // Continue the interrupted run in this directory (`<dir>.partial`, or `<dir>` naming it);
  // out_dir, tag and overwrite are then ignored.
  std::filesystem::path resume_dir;
  // Run only this part of the experiment (harness/runner/shard.h); a resumed run keeps its own.
  Shard shard;
};

struct RunOutcome {
  std::filesystem::path dir;
  std::vector<SummaryRow> summary;
  std::size_t rows = 0;
  std::size_t invalid = 0;   // validated rows that failed validation
  std::size_t resumed = 0;   // rows kept from the interrupted run (resume only)
  bool interrupted = false;  // stopped by a signal: `dir` is the `.partial` staging directory
  int signal = 0;            // SIGINT or SIGTERM when interrupted
};

// A row could not be written (disk full, file size limit); what was written is resumable.
class RunWriteError : public std::runtime_error {
 public:
  RunWriteError(const std::string& what, std::filesystem::path staging)
      : std::runtime_error(what), staging_(std::move(staging)) {}
  const std::filesystem::path& staging() const { return staging_; }

 private:
  std::filesystem::path staging_;
};

// Throws InputError for bad configuration or input files (before anything is written).
RunOutcome run_experiment(const ExperimentConfig& config, const RunOptions& options,
                          std::ostream& log);

}  // namespace pathbench
