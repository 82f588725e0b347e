// How one `pathbench run` writes its results: where, whether it may replace a run, what extra
// files, and whether it continues an interrupted run. Shared by the static and dynamic runners.
#pragma once

#include <filesystem>
#include <ostream>
#include <string>

#include "harness/config/group_by.h"
#include "harness/runner/shard.h"

namespace pathbench {

struct RunOptions {
  // Exact output directory; empty = results/<name>/<UTC timestamp>[-tag] (+ results/<name>/latest).
  std::filesystem::path out_dir;
  std::filesystem::path results_root = "results";
  std::string tag;
  bool overwrite = false;  // allow replacing an existing out_dir
  bool save_paths = false;
  // Where the progress line goes (the CLI: stderr when it is a terminal); null = none.
  std::ostream* progress = nullptr;
  GroupBy summary_by = GroupBy::Dataset;
  // Continue the interrupted run in this directory (`<dir>.partial`, or `<dir>` naming it);
  // out_dir, tag and overwrite are then ignored.
  std::filesystem::path resume_dir;
  // Run only this part of the experiment (harness/runner/shard.h); a resumed run keeps its own.
  Shard shard;
  // `--cpu N`: pin to core N instead of the config's `cpu:` (-1 = as the config says). `run
  // --jobs` gives each shard process its own this way (harness/runner/parallel_run.h).
  int cpu = -1;
  // Where a pinned run warns that the machine is busy (harness/runner/cpu_pinning.h; the CLI:
  // stderr); null = nowhere. Unpinned runs only record the load in meta.json and the notes.
  std::ostream* warnings = nullptr;
};

}  // namespace pathbench
