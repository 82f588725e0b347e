// paths.jsonl (with --save-paths): one JSON object per runs.csv row, in the same order —
// {"dataset","map","query","planner","path":[[x,y],...]} — so anyone can validate or draw the
// paths with their own tools. Flushed per row, like runs.csv, and checked: a failed write throws
// std::runtime_error naming the file and the cause.
#pragma once

#include <filesystem>
#include <fstream>

#include "algorithms/core/grid.h"
#include "harness/output/run_row.h"

namespace pathbench {

class PathsWriter {
 public:
  // `append` keeps an existing file (resuming a run).
  explicit PathsWriter(const std::filesystem::path& path, bool append = false);
  void write(const RunRow& row, const Grid& grid, const std::vector<CellId>& path);

 private:
  std::ofstream out_;
  std::filesystem::path path_;
};

}  // namespace pathbench
