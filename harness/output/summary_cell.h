// What one table cell's rows give the statistics, and the one function that turns them into a
// SummaryRow's numbers. summary.cpp reads them from rows in memory and summary_stream.cpp from
// spilled compact rows, in bounded chunks; which row feeds which sample, and all the arithmetic,
// is here, which is what makes their numbers the same.
#pragma once

#include <functional>
#include <span>

#include "harness/output/summary.h"

namespace pathbench {

// summary_buckets.csv's length classes: thirds of a map's bucket range, shortest first.
inline constexpr const char* kLengthClasses[] = {"short", "medium", "long"};

// The baseline planner's result on one query, paired with another planner's (speedups).
struct BaselineResult {
  double time_us;
  double expansions;
};

// What the statistics take of one row, as doubles.
struct RowMeasures {
  double expansions = 0, generated = 0, time_us = 0, path_us = 0;
  double optimal = 0, suboptimality = 0, time_spread = 0;
};
// The one place a runs.csv row becomes them: summary_stream.cpp spills them as they are, so rows in
// memory and spilled rows cannot be measured differently.
RowMeasures measures_of(const RunRow& r);

// What the statistics need of one solved row of a cell.
struct SolvedRow : RowMeasures {
  bool paired = false;  // the baseline solved the same query: then its time and expansions
  double base_time_us = 0, base_expansions = 0;
};

// The solved rows of one cell, in the cell's row order (runs.csv order), handed out a chunk at a
// time and as often as asked: fill_cell_statistics reads them once per sample it needs, so that
// it holds one sample at a time instead of all of them. The baseline is looked up only when
// `with_baseline` (otherwise `paired` is false): fill_cell_statistics asks for it only in its last
// passes, after the growth-exponent fit (its peak), so a source can load the baseline late.
class CellRows {
 public:
  virtual ~CellRows() = default;
  virtual void for_each_chunk(bool with_baseline,
                              const std::function<void(std::span<const SolvedRow>)>& f) const = 0;
};

// Fills s's means, medians, p95s, ns per expansion, suboptimality, growth exponents, speedup with
// its bootstrap CI (seeded by group, planner and length class) and paired tests. The counts
// (queries, solved, valid, ...) are the caller's.
//
// Memory: one sample (8 bytes per solved row) at a time, two for the growth exponents, plus what
// the statistics functions copy of it (quantile sorts a copy; fit_power_law and the Wilcoxon
// test build their own arrays): at most about 50 bytes per solved row of the cell.
void fill_cell_statistics(const CellRows& rows, const SummaryOptions& opt, SummaryRow& s);

}  // namespace pathbench
