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
//
// The stages, each its own unit shared with the dynamic runner where both need it: set-up and
// checks (run_setup.h), the run directory (staged_run.h), meta.json (experiment_manifest.h),
// resuming (resume_state.h), one planner over one map (planner_on_map.h), stop signals
// (stop_signal.h), the progress line (run_progress.h) and the CSV writer
// (harness/output/csv_writer.h). Messages go to the `log` stream given (the progress line to
// RunOptions::progress), never to std::cerr.
#pragma once

#include <filesystem>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/config/experiment_config.h"
#include "harness/output/summary.h"
#include "harness/runner/run_options.h"

namespace pathbench {

struct RunOutcome {
  std::filesystem::path dir;
  bool dynamic = false;  // dynamic.csv (agent runs) instead of runs.csv; `summary` stays empty
  std::vector<SummaryRow> summary;
  std::size_t rows = 0;
  std::size_t total = 0;     // rows of the complete run (or shard)
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

// Throws InputError for bad configuration or input files (before anything is written). An
// experiment with a `dynamic:` section goes through the same stages with agent runs
// (harness/runner/dynamic_experiment.h).
RunOutcome run_experiment(const ExperimentConfig& config, const RunOptions& options,
                          std::ostream& log);

// What an interrupted outcome means for the user: how far it got, where the rows are, and the
// command that resumes it (the CLI prints it on stderr).
std::string interruption_message(const RunOutcome& outcome);

}  // namespace pathbench
