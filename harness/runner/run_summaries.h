// The last stage of every static run, shard merge and resumed run: the summaries (summary.csv,
// summary_buckets.csv, summary.md) and meta.json's bad-query counts, computed from the staged
// runs.csv in one streaming pass (harness/output/summary_stream.h), so that finishing a run holds
// memory bounded by its largest table cell, not by its rows, and its numbers are exactly the ones
// `pathbench report` recomputes from the same file.
#pragma once

#include <string>
#include <vector>

#include "harness/output/summary.h"

namespace pathbench {

class StagedRun;

// Streams run.staging()/runs.csv (every row must have been written and flushed), records the
// bad-query counts in meta.json, writes meta.json and then the summary files into the staging
// folder, ending summary.md with the measurement notes of the meta.json written. Its scratch
// folder lies inside the staging folder (ours under the run lock) and is gone when it returns.
// Returns the overall summary rows.
std::vector<SummaryRow> write_run_summaries(StagedRun& run, const std::string& title,
                                            const SummaryOptions& options);

}  // namespace pathbench
