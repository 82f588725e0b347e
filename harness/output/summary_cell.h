// What one table cell's rows leave for the statistics, and the one function that turns it into a
// SummaryRow's numbers. summary.cpp collects it from rows in memory and summary_stream.cpp from
// spilled compact rows; sharing the arithmetic is what makes their numbers the same.
#pragma once

#include <Eigen/Dense>
#include <vector>

#include "harness/output/summary.h"

namespace pathbench {

struct CellSamples {
  Eigen::MatrixXd solved;        // a row per solved query: expansions, generated, time_us, optimal
  std::vector<double> sub;       // suboptimality of solved rows with a reference
  std::vector<double> speedups;  // baseline time / time, per query paired with the baseline
  std::vector<double> exp_ratios;  // baseline expansions / expansions, likewise
  std::vector<double> spreads;     // time_spread
  std::vector<double> path_times;  // path_us
  std::vector<double> totals;      // time_us + path_us
};

// Fills s's means, medians, p95s, ns per expansion, suboptimality, growth exponents, speedup with
// its bootstrap CI (seeded by group, planner and length class) and paired tests. The counts
// (queries, solved, valid, ...) are the caller's.
void fill_cell_statistics(const CellSamples& cell, const SummaryOptions& opt, SummaryRow& s);

}  // namespace pathbench
