// Per-group aggregates of result rows (group = dataset or map, crossed with planner, optionally
// crossed with a path-length class), printed as the table `pathbench run` ends with and written
// as summary.csv (overall), summary_buckets.csv (per length class) and summary.md (both, as
// Markdown tables). `pathbench report` recomputes all three from runs.csv; the numbers are the
// same because runs.csv holds every value in round-trip precision.
//
// Definitions (also in results/README.md):
//  - expansions, generated and time statistics are over solved queries; p95 is the type-7
//    (linear interpolation) quantile, see harness/stats/statistics.h;
//  - time_us is the search alone; path_us writing the path and its cost after it (runs.csv);
//    mean_total_us = mean of time_us + path_us, the whole solve() per query;
//  - ns_per_expansion = total time / total expansions over solved queries;
//  - speedup over the baseline (the planner whose label equals `baseline` exactly) is computed
//    per query: baseline time_us / planner time_us for each (dataset, map, query) solved by both
//    with positive times, then aggregated as a geometric mean with a 95% percentile-bootstrap CI
//    (2000 resamples, seeded by the experiment seed and the table cell). The expansion ratio is
//    the same with expansions (pairs where both expanded at least one node);
//  - growth exponents: least-squares slope of log(time_us) and log(expansions) against
//    log(optimal length) over solved queries with a positive optimum (needs >= 3 such queries);
//  - length classes: each map's bucket range [lo, hi] (over its queries) is cut in thirds:
//    class = floor(3 * (bucket - lo) / (hi - lo + 1)) -> short, medium, long.
#pragma once

#include <cstdint>
#include <filesystem>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "harness/config/group_by.h"
#include "harness/output/run_row.h"

namespace pathbench {

// One paired comparison with the baseline; NaN p-values when there is nothing to test.
struct PairedTest {
  std::size_t pairs = 0;  // queries with both values (zero differences included)
  std::size_t n = 0;      // non-zero differences the test used
  double statistic = 0;   // Wilcoxon T = min(r_plus, r_minus)
  double p = 0, p_holm = 0;
  double rank_biserial = 0;  // > 0: the planner is faster (or expands fewer) than the baseline
};

struct SummaryOptions {
  GroupBy by = GroupBy::Dataset;
  std::string baseline;    // planner label; empty = no speedup columns
  std::uint64_t seed = 1;  // bootstrap seed (the experiment seed)
  int bootstrap_resamples = 2000;
};

struct SummaryRow {
  std::string group;  // dataset name, or dataset/map
  std::string planner;
  std::string length_class;  // short / medium / long; empty in the overall table
  std::size_t queries = 0;
  std::size_t solved = 0;
  std::size_t valid = 0;
  std::size_t validated = 0;       // rows that went through validation
  std::size_t optimal = 0;         // solved with cost equal to the reference optimum
  std::size_t with_reference = 0;  // solved queries whose reference optimum is finite
  double mean_expansions = 0, median_expansions = 0, p95_expansions = 0;
  double mean_generated = 0, median_generated = 0, p95_generated = 0;
  double mean_time_us = 0, median_time_us = 0, p95_time_us = 0;  // search only
  // Path writing (runs.csv path_us) and search + path; NaN when runs.csv has no path_us (schema
  // before 3, where time_us included path writing).
  double mean_path_us = 0, median_path_us = 0, mean_total_us = 0;
  double ns_per_expansion = 0;  // total time / total expansions over solved queries
  double mean_suboptimality = 0, max_suboptimality = 0;
  double prep_ms = 0;          // sum over maps of the planner's preparation time
  std::size_t prep_bytes = 0;  // largest over maps
  // Against the baseline; NaN when there is none or no paired query.
  std::size_t speedup_pairs = 0;
  double speedup = 0, speedup_lo = 0, speedup_hi = 0;  // geometric mean of time ratios, 95% CI
  double expansion_ratio = 0;  // geometric mean of baseline / planner expansions
  // Fitted growth exponents vs optimal length (NaN when fewer than 3 usable queries).
  double time_exponent = 0, expansions_exponent = 0;
  // Paired tests against the baseline (harness/output/summary_significance.h): Wilcoxon signed-
  // rank on log(baseline / planner) per query, Holm-adjusted over the rows of one table.
  PairedTest time_test, expansions_test;
  double median_speedup = 0, median_speedup_lo = 0, median_speedup_hi = 0;  // with 95% CI
  // Median over solved queries of the repetitions' (max - min) / median time; NaN with one
  // repetition.
  double median_time_spread = 0;
};

// Groups in first-seen order, planners in first-seen order within a group.
std::vector<SummaryRow> summarize(const std::vector<RunRow>& rows, const SummaryOptions& options);
std::vector<SummaryRow> summarize(const std::vector<RunRow>& rows, GroupBy by);
// The same per (group, planner, length class), classes in short, medium, long order.
std::vector<SummaryRow> summarize_by_length(const std::vector<RunRow>& rows,
                                            const SummaryOptions& options);

// Compact (about 130-150 columns): queries, solved/valid/optimal %, expansions, time, ns per
// expansion, max suboptimality and (with a baseline) the speedup with its CI.
void print_summary_table(std::ostream& out, const std::vector<SummaryRow>& rows);
void write_summary_csv(const std::filesystem::path& path, const std::vector<SummaryRow>& rows);

// The long-form tables as text cells (summary.md and report.html render them): header, rows,
// and how many leading columns are labels (left-aligned); the rest are numbers.
struct TextTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::size_t label_columns = 2;
};
TextTable overall_table(const std::vector<SummaryRow>& rows);
// A TextTable as GitHub Markdown (numbers right-aligned, '|' in cells escaped).
void write_markdown_table(std::ostream& out, const TextTable& t);
TextTable length_table(const std::vector<SummaryRow>& rows);
// One paragraph defining the columns (mentions the baseline and seed when there are speedups).
std::string summary_notes(const std::vector<SummaryRow>& rows, const SummaryOptions& options);

// Markdown: a heading, how the numbers are defined, the overall table and the per-length table.
void write_summary_markdown(std::ostream& out, const std::string& title,
                            const std::vector<SummaryRow>& overall,
                            const std::vector<SummaryRow>& by_length,
                            const SummaryOptions& options);

struct BadQueryLines;

// A solved row of an any-angle planner (docs/any-angle.md): the harness fills its octile_ratio
// column (harness/runner/run_setup.h) on such rows only.
bool is_any_angle_row(const RunRow& row);

// summary.csv, summary_buckets.csv and summary.md (ending with `md_tail`, e.g. the measurement
// notes) into `dir`, each atomically, from summaries already computed (e.g. streamed from a
// runs.csv: harness/output/summary_stream.h), the bad-query lines of the rows and the planners
// with any-angle rows (their sub/opt% columns mean something else, which summary.md says).
void write_summary_files(const std::filesystem::path& dir, const std::string& title,
                         const std::vector<SummaryRow>& overall,
                         const std::vector<SummaryRow>& by_length, const BadQueryLines& bad,
                         const std::set<std::string>& any_angle_planners,
                         const SummaryOptions& options, const std::string& md_tail = "");

// The same from rows in memory; returns the overall rows.
std::vector<SummaryRow> write_summaries(const std::filesystem::path& dir, const std::string& title,
                                        const std::vector<RunRow>& rows,
                                        const SummaryOptions& options,
                                        const std::string& md_tail = "");

}  // namespace pathbench
