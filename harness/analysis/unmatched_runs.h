// Why no row of run A pairs with a row of run B, for the error `compare` gives then (a comparison
// of nothing is no verdict). What each run holds is gathered row by row, so that the streamed
// comparison, which never holds a run in memory, gives the same text as the in-memory one
// (why_no_rows_matched, run_comparison.h).
#pragma once

#include <cstddef>
#include <set>
#include <string>

#include "harness/analysis/run_comparison.h"
#include "harness/output/runs_csv_reader.h"

namespace pathbench {

// The planners, maps ("dataset/map") and query numbers of a run, and its row count.
struct SeenInRun {
  std::set<std::string> planners, maps, queries;
  std::size_t rows = 0;
  void add(const RunRow& r);
};

// The error text: empty runs, the planners, maps or query numbers that have nothing in common,
// and the experiment differences of `c` when the fingerprints disagree.
std::string why_none_matched(const SeenInRun& a, const SeenInRun& b, const RunComparison& c);

}  // namespace pathbench
