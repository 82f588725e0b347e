// `pathbench run CFG --jobs J`: the experiment as J shards (harness/runner/shard.h) run by J child
// processes of this binary on this machine, each pinned to its own core (sched_setaffinity), then
// merged (harness/runner/shard_merge.h) into one run directory equal to a single-process run
// apart from the timing columns.
//
// The shards live in `<dir>.jobs/` beside the final directory (like `<dir>.partial`):
// `jobs.json` (what to resume), `shard-K/` run directories and `shard-K.log` (each child's
// output). A signal (Ctrl-C, a scheduler's SIGTERM) is passed on to every child, which keeps its
// finished rows; `pathbench run --resume <dir>.jobs` then finishes the shards and merges. After a
// successful merge `<dir>.jobs/` is removed (only the files named above: it is all ours).
//
// Cores: without `cpu:` shard k is pinned to the k-th allowed core (wrapping round when there are
// more jobs than cores). With `cpu: N` (or --cpu N) shard k is pinned to core N + k, every one of
// which must be allowed (checked before any child starts), so `cpu: 2` with --jobs 4 leaves
// cores 0 and 1 to the rest of the machine. Each child gets its core as --cpu and records it.
//
// Timings of parallel jobs are noisier than one process's (shared caches, memory bandwidth,
// frequency): meta.json records `jobs` and the summary says so.
#pragma once

#include <filesystem>
#include <ostream>

#include "harness/config/experiment_config.h"
#include "harness/runner/experiment_runner.h"

namespace pathbench {

// Runs `cfg` (read from cfg.source_file, which the children read again) as `jobs` >= 2 shards.
// Input errors are found before any child starts. opt.shard and opt.resume_dir must be empty.
RunOutcome run_parallel(const ExperimentConfig& cfg, const RunOptions& opt, int jobs,
                        std::ostream& log);

// True when `dir` is a `<dir>.jobs` folder of run_parallel (it holds jobs.json).
bool is_parallel_work_dir(const std::filesystem::path& dir);

// Finishes the interrupted parallel run in `work_dir` (a `<dir>.jobs` folder) and merges it.
RunOutcome resume_parallel(const std::filesystem::path& work_dir, const RunOptions& opt,
                           std::ostream& log);

}  // namespace pathbench
