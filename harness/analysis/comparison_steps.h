// The steps that both ways of comparing two runs take (run_comparison.h): compare_runs on rows in
// memory and compare_runs_files on rows spilled to scratch files differ only in how they find the
// matched pairs; the fingerprint check, what counts as a changed result and the timing statistics
// are these functions, which is what makes their numbers the same.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "harness/analysis/run_comparison.h"
#include "harness/output/runs_csv_reader.h"

namespace pathbench {

// A comparison with only its experiment part filled in: the fingerprints of the runs' meta.json,
// and what differs between their experiments when the fingerprints do not vouch for them.
RunComparison start_comparison(const nlohmann::json& meta_a, const nlohmann::json& meta_b,
                               const CompareOptions& opt);

// Counts a matched pair of rows (A's, B's) into their table row `pc`: its result changes and,
// when both were solved in positive time, log(time_B / time_A) appended to `log_ratios`.
void add_matched_pair(const RunRow& a, const RunRow& b, PlannerComparison& pc,
                      std::vector<double>& log_ratios);

// The timing statistics of every row of `c` from its per-query log ratios (`log_ratios[i]` for
// `c.rows[i]`), Holm-adjusted over all rows, and each row's regression verdict.
void finish_comparison(RunComparison& c, const std::vector<std::vector<double>>& log_ratios,
                       const CompareOptions& opt);

}  // namespace pathbench
