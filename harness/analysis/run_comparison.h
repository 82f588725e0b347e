// `pathbench compare DIR_A DIR_B`: pairs the rows of two runs by (dataset, map, query, planner)
// and answers "did B get slower, and did anything but the time change?".
//
//  - experiment: the meta.json fingerprints of both runs (harness/runner/experiment_fingerprint.h)
//    must match; when they do not, the differences are listed (the rows are still compared);
//  - result changes: per planner and group, matched rows whose status, validity, cost or
//    expansion count differ. Deterministic planners should have none, so they are printed first;
//  - timing: per planner and group, over matched rows solved in both with positive times, the
//    geometric mean of time_B / time_A with a 95% percentile-bootstrap CI and a two-sided
//    Wilcoxon signed-rank test on log(time_B / time_A), Holm-adjusted over all rows of the
//    comparison;
//  - regression: ratio > 1 + threshold and Holm-adjusted p < 0.05;
//  - no matched rows at all is an error (exit 2), never "no slow-down".
//
// The pairing of rows in memory is run_comparison.cpp, of spilled rows streamed_comparison.cpp;
// the steps both take are comparison_steps.h, the no-match error unmatched_runs.h, and the
// report comparison_report.cpp.
#pragma once

#include <cstdint>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "harness/output/runs_csv_reader.h"
#include "harness/output/summary.h"

namespace pathbench {

struct CompareOptions {
  GroupBy by = GroupBy::Dataset;
  double threshold = 0.05;  // relative slow-down that counts as a regression
  std::uint64_t seed = 1;   // bootstrap seed
  int bootstrap_resamples = 2000;
};

struct ResultChange {  // one example row, for the report
  std::string where;   // dataset/map query N
  std::string what;    // e.g. "expansions 120 -> 130"
};

struct PlannerComparison {
  std::string group, planner;
  std::size_t matched = 0;
  // Rows whose results differ between the runs.
  std::size_t status_changes = 0, validity_changes = 0, cost_changes = 0, expansion_changes = 0;
  std::vector<ResultChange> examples;  // at most 3
  // time_B / time_A over rows solved in both with positive times (> 1: B is slower).
  std::size_t time_pairs = 0;
  double ratio = 0, ratio_lo = 0, ratio_hi = 0;
  PairedTest test;  // rank_biserial > 0: B slower
  // `compare --interleave` only (harness/analysis/interleaved_comparison.h): the A/A noise floor,
  // the largest relative change of this row's ratio between two rounds of the same binary in the
  // same session (0.08: 8%). NaN when not measured.
  double noise = std::numeric_limits<double>::quiet_NaN();
  // Significantly slower beyond the threshold (and, when `noise` is measured, beyond it both
  // overall and in every round: harness/analysis/interleaved_comparison.h).
  bool regression = false;

  std::size_t changes() const {
    return status_changes + validity_changes + cost_changes + expansion_changes;
  }
};

struct RunComparison {
  std::string dir_a, dir_b;
  std::string fingerprint_a, fingerprint_b;         // empty when meta.json records none
  std::vector<std::string> experiment_differences;  // empty when the experiments match
  std::size_t matched = 0, only_in_a = 0, only_in_b = 0;
  double threshold = 0.05;
  std::vector<PlannerComparison> rows;  // groups and planners in A's first-seen order

  bool any_regression() const;
  bool has_noise_floor() const;  // some row's noise was measured
  std::size_t result_changes() const;
};

// `meta_a` / `meta_b` are the runs' meta.json (empty objects when absent).
RunComparison compare_runs(const RunsCsv& a, const nlohmann::json& meta_a, const RunsCsv& b,
                           const nlohmann::json& meta_b, const CompareOptions& options);

// The same from two runs.csv files read as streams (what `pathbench compare DIR_A DIR_B` uses):
// the rows are spilled per (group, planner) cell as fixed-size records into `scratch` (a folder
// created and removed here), and each cell is paired alone, so the memory is bounded by the
// largest cell of A and B, not by the files; the numbers equal compare_runs' on the same rows.
// When no row matches, `why_none` (if given) gets why_no_rows_matched's text.
RunComparison compare_runs_files(const std::filesystem::path& runs_a, const nlohmann::json& meta_a,
                                 const std::filesystem::path& runs_b, const nlohmann::json& meta_b,
                                 const CompareOptions& options,
                                 const std::filesystem::path& scratch,
                                 std::string* why_none = nullptr,
                                 std::size_t spill_buffer_rows = std::size_t{1} << 18);

// Why no row of A pairs with a row of B, for the error that `compare` gives then (a comparison
// of nothing is no verdict): the planners, maps or query numbers that differ, and the
// experiment differences when the fingerprints disagree.
std::string why_no_rows_matched(const RunsCsv& a, const RunsCsv& b, const RunComparison& c);

// Plain text for a terminal, or Markdown for a pull-request comment.
void print_comparison(std::ostream& out, const RunComparison& c, bool markdown);

// "5%" -> 0.05, "0.05" -> 0.05; throws InputError (field --threshold) otherwise or when < 0.
double parse_threshold(const std::string& text);

}  // namespace pathbench
