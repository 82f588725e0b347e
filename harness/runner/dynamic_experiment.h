// `pathbench run` on an experiment with a `dynamic:` section: agents walking through changing maps
// (harness/runner/dynamic_runner.h), through the same stages as a static run
// (harness/runner/experiment_runner.h, whose run_experiment() hands it over):
//   set-up and checks (run_setup.h; nothing is written on bad input) -> the agent runs in order
//   (dynamic_plan.h; --shard keeps its part) -> the run directory (staged_run.h: `.partial`,
//   lock, published whole) -> meta.json with the experiment's fingerprint (experiment_manifest.h)
//   -> each agent run solved, validated and written to dynamic.csv, flushed per row (csv_writer.h)
//   -> stop signals between rows (stop_signal.h), the progress line (run_progress.h) -> the
//   summary made from dynamic.csv as written (dynamic_summary.h) -> published.
// So a dynamic run pins to `cpu:` / --cpu, stops on SIGINT / SIGTERM keeping its whole rows,
// resumes (`--resume`, also after kill -9: a cut last line is dropped) exactly where it stopped,
// runs as shards that `merge` joins (harness/runner/dynamic_merge.h), and as `--jobs` processes
// (parallel_run.h). Every agent run is deterministic (its events are seeded per map and run), so a
// resumed, sharded or parallel run has the rows of the single run apart from the timings.
#pragma once

#include <ostream>

#include "harness/config/experiment_config.h"
#include "harness/runner/experiment_runner.h"

namespace pathbench {

// `config.dynamic` must be set. Throws InputError for bad input (before anything is written)
// and RunWriteError when a row cannot be written (what was written is resumable).
RunOutcome run_dynamic_experiment(const ExperimentConfig& config, const RunOptions& options,
                                  std::ostream& log);

}  // namespace pathbench
