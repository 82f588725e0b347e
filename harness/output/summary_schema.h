// The summary.csv / summary_buckets.csv schema, declared once like runs.csv's
// (harness/output/run_schema.h): each column's name, unit, meaning and how a SummaryRow prints it.
// The writer (write_summary_csv) emits exactly these columns in this order, and the README's
// table is `pathbench columns --summary --markdown` (checked by tests/harness/run_schema_test.cpp),
// so a column is added in one place. The definitions behind the meanings: summary.h.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "harness/output/column_table.h"
#include "harness/output/summary.h"

namespace pathbench {

struct SummaryColumn {
  std::string_view name;
  std::string_view unit;  // empty when none
  bool by_length_only;    // only in summary_buckets.csv
  std::string_view meaning;
  std::string (*field)(const SummaryRow&);  // the field as text, before CSV escaping
};

// In column order.
std::span<const SummaryColumn> summary_columns();

// The README's table of the summary columns: column, unit, meaning.
ColumnTable summary_schema_table();

}  // namespace pathbench
