// The CSV files of a run (runs.csv, dynamic.csv): RFC 4180, one row per line, flushed after every
// row so an interrupted run keeps what it finished, and every write checked (a full disk is an
// error naming the file, not a silently short file). Numbers are printed in their shortest
// round-trip form (full precision); +inf as "inf"; NaN and fields not applicable left empty.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "harness/output/run_row.h"
#include "harness/output/run_schema.h"
#include "harness/text/number_format.h"

namespace pathbench {

// Quotes a field when it holds a comma, quote or newline.
std::string csv_escape(std::string_view field);

// Numbers: csv_number (harness/text/number_format.h).

// One CSV file, written row by row.
class CsvWriter {
 public:
  // Opens (truncating) `path` and writes `header`. With `append` (resuming a run) the file is
  // kept and rows go after its last line; the caller has checked that its header matches.
  // Throws std::runtime_error when the file cannot be written.
  CsvWriter(const std::filesystem::path& path, const std::vector<std::string>& header,
            bool append = false);
  // Escapes and writes one row; throws std::runtime_error naming the file and the cause.
  void write(const std::vector<std::string>& fields);
  // Writes a line whose fields are already escaped and joined.
  void write_line(const std::string& line);

 private:
  std::ofstream out_;
  std::filesystem::path path_;
};

// runs.csv: kRunColumns then the planners' extra columns.
class RunCsvWriter {
 public:
  RunCsvWriter(const std::filesystem::path& path, std::vector<std::string> extra_columns,
               bool append = false);
  void write(const RunRow& row);
  const std::vector<std::string>& extra_columns() const { return extra_columns_; }

 private:
  std::vector<std::string> extra_columns_;
  CsvWriter file_;
};

}  // namespace pathbench
