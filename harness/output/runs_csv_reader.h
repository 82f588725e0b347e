// Reads a runs.csv written by RunCsvWriter back into RunRows, for `pathbench report` (summaries
// recomputed without re-running) and `pathbench run --resume` (which rows are already done).
//
// Parsing is RFC 4180: fields separated by commas, optionally double-quoted, `""` inside quotes
// is one quote, quoted fields may hold commas and newlines; CRLF and LF line ends both accepted.
// Columns are found by header name, so kRunColumns must all be present (any order); the columns
// after them are the planners' extra columns. Numbers read back exactly (the writer prints the
// shortest round-trip form), so a summary recomputed from the file equals the one of the run.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "harness/output/run_row.h"
#include "harness/output/run_schema.h"

namespace pathbench {

struct RunsCsv {
  std::vector<std::string> header;
  // Planner-specific column names; every row's extra_names points here (shared, so moving the
  // RunsCsv keeps the pointers valid).
  std::shared_ptr<const std::vector<std::string>> extra_columns;
  std::vector<RunRow> rows;
};

// Splits RFC 4180 text into records of fields. Throws std::runtime_error on an unterminated
// quote. A trailing newline does not make an empty record.
std::vector<std::vector<std::string>> parse_csv(std::string_view text);

// Reads `path`. Throws InputError naming the file and line for a missing column, a row with the
// wrong number of fields or a field that does not parse.
RunsCsv read_runs_csv(const std::filesystem::path& path);

// The same from text in memory (the fuzz target's entry point); `file` names it in messages.
RunsCsv parse_runs_csv(std::string_view text, const std::string& file);

}  // namespace pathbench
