// What a dynamic experiment reports besides dynamic.csv: dynamic_summary.csv and the table
// `pathbench run` prints, both from the same per (kind, dataset, planner) aggregates.
#pragma once

#include <filesystem>
#include <ostream>
#include <vector>

#include "harness/output/column_table.h"
#include "harness/output/dynamic_row.h"
#include "harness/output/summary.h"

namespace pathbench {

// Per (kind, dataset, planner): runs, success rate, mean steps/replans, mean total expansions
// and time, mean and max per-replan time; then, per (kind, dataset), the ratios of each
// non-incremental planner to the first incremental one (total expansions, total time, and total
// time without re-prepare).
void print_dynamic_summary(std::ostream& out, const std::vector<DynamicRunRow>& rows);

// The printed tables as text cells, for summary.md and report.html: per (kind, dataset,
// planner), and the ratios (empty without an incremental planner).
struct DynamicTables {
  TextTable summary;
  TextTable ratios;
};
DynamicTables dynamic_summary_tables(const std::vector<DynamicRunRow>& rows);
// What the summary table's columns mean (printed under it, and summary.md's note).
extern const char* const kDynamicTableNote;
// `t` as aligned plain text: label columns left, numbers right.
void print_text_table(std::ostream& out, const TextTable& t);

// The same aggregates as CSV (one line per group). Throws std::runtime_error on failure.
void write_dynamic_summary_csv(const std::filesystem::path& path,
                               const std::vector<DynamicRunRow>& rows);

// dynamic_summary.csv's columns as `pathbench columns --dynamic-summary` prints them (the
// README's table); the writer emits exactly these.
ColumnTable dynamic_summary_schema_table();

}  // namespace pathbench
