// The summaries of a runs.csv computed in one streaming pass, in memory bounded by the largest
// table cell rather than by the file: what `pathbench report` uses, so that a 10-million-row run is
// reported on an ordinary machine (issue 30; figures in docs/scaling.md).
//
// How: rows are read one at a time (RunsCsvStream). Each row becomes a fixed-size record of the
// numbers the summaries need (no strings: dataset, map and planner are interned to integers), and
// the records are appended to one spill file per (group, planner) cell in a scratch folder,
// through a bounded write buffer. Then each cell is read back alone, in the cells' first-seen
// order, checked for duplicate runs, paired with its baseline cell by (map index, query) and
// aggregated with exactly the arithmetic of summarize() in the same row order, so every number
// (means, medians, p95, bootstrap CIs, Wilcoxon tests) is bit-for-bit the one summarize() gives
// on the whole file in memory (tests/harness/summary_stream_test.cpp checks that on real runs).
//
// Memory: the interned names and per-map bucket ranges (small), the write buffer (spill_buffer_rows
// records), and while a cell is aggregated: the cell's (query, line) keys for the duplicate check
// (16 bytes per row, freed before the statistics), one sample of the cell at a time with what the
// statistics functions copy of it (summary_cell.h: at most about 50 bytes per solved row, in the
// growth-exponent fit), and, only while the samples paired with the baseline are read and tested,
// the baseline's solved results by query (24 bytes per row of the baseline's cell). The cell is
// read back from its spill file in chunks of at most 16K records for each sample, never whole.
// On the full MovingAI suite run (519 MB runs.csv, largest cell 586,370 rows) the peak RSS is
// 41 MB, 0.08x of the file (docs/scaling.md). With `--by-map` the cells are smaller still.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "harness/output/bad_query_lines.h"
#include "harness/output/summary.h"

namespace pathbench {

struct StreamedSummaries {
  std::vector<SummaryRow> overall;           // as summarize()
  std::vector<SummaryRow> by_length;         // as summarize_by_length()
  BadQueryLines bad;                         // as count_bad_query_lines()
  std::set<std::string> any_angle_planners;  // planners with a row is_any_angle_row()
  std::size_t rows = 0;
  std::size_t largest_cell = 0;  // rows of the largest (group, planner) cell
};

// Called with every row as it is read, and its raw fields (e.g. to keep a sample for the plots).
using RowObserver = std::function<void(const RunRow&, const std::vector<std::string>& fields)>;

// Summaries of `runs_csv` (throws InputError like read_runs_csv, including for a duplicate run).
// `scratch` is a folder to create for the spill files (it must not exist; it is removed before
// returning, also on error). `spill_buffer_rows` records (96 bytes each) are buffered before they
// are appended to the spill files; the cells are read back in chunks of that many records, at most
// 16K.
StreamedSummaries summarize_runs_csv(const std::filesystem::path& runs_csv,
                                     const SummaryOptions& options,
                                     const std::filesystem::path& scratch,
                                     const RowObserver& observe = {},
                                     std::size_t spill_buffer_rows = std::size_t{1} << 16);

}  // namespace pathbench
