// `pathbench compare --interleave BIN_A BIN_B CONFIG`: the statistics side (the driver that runs
// the binaries is harness/cli/compare_interleave.cpp).
//
// Two runs of one binary on a loaded machine can differ "significantly" by 20% (issue 31): the
// Wilcoxon test of `compare` treats queries as independent and cannot see drift of the whole
// machine. So both binaries run in one session, alternating, and the session measures its own
// A/A noise:
//  - schedule: R rounds; each round runs every slice (a `--shard k/N` of CONFIG) with both
//    binaries back to back, B first when round + slice is odd, so each goes first equally often;
//  - per binary and round the slices' rows are joined (one full run of CONFIG per round);
//  - verdict rows: per (planner, map, query) the median time over the R rounds of A and of B,
//    compared by compare_runs (pairing, bootstrap CI, Holm-adjusted Wilcoxon: unchanged);
//  - noise floor of a (group, planner) row: for every pair of rounds r < r' of the same binary
//    (A with A, B with B), compare_runs' geometric-mean ratio q of round r' over round r; the
//    floor is max over those pairs of max(q, 1/q) - 1. It is the largest change seen in this
//    session between two runs of identical code;
//  - regression: compare_runs' rule (Holm p < 0.05 and ratio > 1 + threshold), and also
//    ratio > 1 + noise floor, and in every round r the ratio of B's round r over A's round r
//    (same pairing) > 1 + noise floor. The last condition is there because a median of R
//    rounds is steadier than the single rounds the floor is drawn from: with R = 2 and
//    Gaussian round noise above the threshold, the median rule alone lets an A/A pair through
//    in 11% of sessions, with every round required 6% (R = 3: 3% and 0.8%; R = 4: 0.6% and
//    0.08%; simulated, docs/measuring.md).
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "harness/analysis/run_comparison.h"
#include "harness/output/runs_csv_reader.h"

namespace pathbench {

struct InterleaveStep {
  int round = 0;
  int slice = 0;
  bool b = false;  // runs BIN_B (else BIN_A)
};

// The order the children run in (2 * rounds * slices steps), as described above.
std::vector<InterleaveStep> interleave_schedule(int rounds, int slices);

// The rows of every part (slices of one run) in one table. Planner-specific columns are kept
// when all parts have the same ones, dropped otherwise (a comparison does not read them).
RunsCsv join_runs(std::vector<RunsCsv> parts);

// Round 0's rows, each with time_us replaced by the median over the rounds of the same
// (dataset, map, query, planner) solved with a positive time. Needs at least one round.
RunsCsv median_over_rounds(const std::vector<RunsCsv>& rounds);

// The A/A noise floor of one binary's rounds, keyed by (group, planner) as compare_runs groups
// them: max over round pairs of |log q| (q = geometric-mean ratio of the later round over the
// earlier). Keys without a measurable ratio are absent.
std::map<std::pair<std::string, std::string>, double> max_log_drift(
    const std::vector<RunsCsv>& rounds, const nlohmann::json& meta, const CompareOptions& opt);

// The whole comparison: medians of A against medians of B, every row given its noise floor
// (from A's and B's rounds) and its regression flag narrowed by it. Needs two rounds each.
RunComparison compare_interleaved(const std::vector<RunsCsv>& a_rounds,
                                  const nlohmann::json& meta_a,
                                  const std::vector<RunsCsv>& b_rounds,
                                  const nlohmann::json& meta_b, const CompareOptions& opt);

}  // namespace pathbench
