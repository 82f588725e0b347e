// What a dynamic experiment reports besides dynamic.csv: dynamic_summary.csv and the table
// `pathbench run` prints, both from the same per (kind, dataset, planner) aggregates.
#pragma once

#include <filesystem>
#include <ostream>
#include <vector>

#include "harness/output/column_table.h"
#include "harness/output/dynamic_row.h"

namespace pathbench {

// Per (kind, dataset, planner): runs, success rate, mean steps/replans, mean total expansions
// and time, mean and max per-replan time; then, per (kind, dataset), the ratios of each
// non-incremental planner to the first incremental one (total expansions, total time, and total
// time without re-prepare).
void print_dynamic_summary(std::ostream& out, const std::vector<DynamicRunRow>& rows);

// The same aggregates as CSV (one line per group). Throws std::runtime_error on failure.
void write_dynamic_summary_csv(const std::filesystem::path& path,
                               const std::vector<DynamicRunRow>& rows);

// dynamic_summary.csv's columns as `pathbench columns --dynamic-summary` prints them (the
// README's table); the writer emits exactly these.
ColumnTable dynamic_summary_schema_table();

}  // namespace pathbench
