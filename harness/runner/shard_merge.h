// `pathbench merge`: shards of one experiment (harness/runner/shard.h) back into one run
// directory equal to a single-process run of it apart from the timing columns: runs.csv in the
// single run's row order, meta.json listing every shard with its host and CPU, the summaries.
//
// Refused, each naming the shard directories involved: a shard of another experiment (its
// fingerprint differs; the differences are listed) or built from another commit (unless
// allow_mixed_commits, then recorded), a shard given twice, missing shards (named, with the
// --shard K/N to rerun), a shard whose runs.csv is short or holds rows of another shard, a shard
// whose rows are not in the run's order (pathbench writes them in it, resumed or not).
//
// Memory: one row per shard and a counter per (map, planner), not the rows: each shard's runs.csv
// (and paths.jsonl) is read a row at a time and the shards are merged k-way in the experiment's
// order; every check runs on the stream (the output is staged, and removed when one fails), and the
// summaries are streamed back from the merged runs.csv (harness/runner/run_summaries.h).
#pragma once

#include <filesystem>
#include <optional>
#include <ostream>
#include <vector>

#include "harness/output/run_directory.h"
#include "harness/output/summary.h"

namespace pathbench {

struct MergeOptions {
  // Shard run directories, or folders holding them (each subfolder with a meta.json).
  std::vector<std::filesystem::path> inputs;
  std::filesystem::path out;
  bool overwrite = false;
  bool allow_mixed_commits = false;
  // Set by `run --jobs` (harness/runner/parallel_run.h): the directories it chose (with
  // `latest`) instead of `out`, and the number of parallel processes to record.
  std::optional<RunDirs> dirs;
  int jobs = 0;
};

struct MergeOutcome {
  std::filesystem::path dir;
  bool dynamic = false;  // shards of a dynamic experiment (harness/runner/dynamic_merge.h)
  std::vector<SummaryRow> summary;
  std::size_t rows = 0, shards = 0, invalid = 0;
};

MergeOutcome merge_shards(const MergeOptions& options, std::ostream& log);

}  // namespace pathbench
