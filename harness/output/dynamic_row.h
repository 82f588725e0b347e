// One row of dynamic.csv: one agent run of one planner through a changing world
// (harness/runner/dynamic_runner.h). Times in microseconds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/core/grid.h"
#include "harness/output/column_table.h"

namespace pathbench {

struct DynamicRunRow {
  std::string kind, dataset, map, planner, algorithm;
  bool incremental = false;  // the planner's capabilities (ratios compare against these)
  int run = 0;
  Point start, goal;
  double optimal = 0.0;  // start -> goal on the initial true map (reference or .scen length)
  bool success = false;
  bool valid = true;
  std::size_t steps = 0;
  double cost = 0.0;        // step costs travelled on the true map
  std::size_t replans = 0;  // plans after the first
  std::uint64_t initial_expansions = 0;
  double initial_time_us = 0;
  std::uint64_t total_expansions = 0;       // all plans, the first included
  std::uint64_t max_replan_expansions = 0;  // over replans (the first plan excluded)
  double total_time_us = 0;                 // all plans: update + re-prepare + search
  double max_replan_time_us = 0;
  double reprepare_us = 0;  // part of total_time_us spent re-running prepare()
  // Part of total_time_us spent writing paths after the searches (SearchResult::search_end).
  double path_us = 0;
  std::size_t changed_cells = 0;  // cells reported to the planner over the run
  std::string end;    // arrived | unreachable | timeout | max_steps | illegal_step | ...
  std::string error;  // why the run is invalid (empty when valid)
};

// dynamic.csv's schema, declared once: each column's name, unit, meaning, and the row field it
// prints and reads back. The header, the fields, the reader (harness/output/dynamic_csv.h: resume
// and merge read rows back) and the README's table (`pathbench columns --dynamic --markdown`,
// checked by tests/harness/run_schema_test.cpp) all come from it.
struct DynamicColumn {
  std::string_view name;
  std::string_view unit;  // empty when none
  std::string_view meaning;
  std::string (*field)(const DynamicRunRow&);  // the field as text, before CSV escaping
  // Parses `text` (as `field` printed it) into the row; false when it does not parse.
  bool (*read)(std::string_view text, DynamicRunRow&);
};
std::span<const DynamicColumn> dynamic_schema();
ColumnTable dynamic_schema_table();

// dynamic.csv's header, and one row's fields in that order (for CsvWriter).
const std::vector<std::string>& dynamic_columns();
std::vector<std::string> dynamic_csv_fields(const DynamicRunRow& row);

}  // namespace pathbench
