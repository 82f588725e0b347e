// Reads a runs.csv written by RunCsvWriter back into RunRows, for `pathbench report` (summaries
// recomputed without re-running) and `pathbench run --resume` (which rows are already done).
//
// Parsing is RFC 4180: fields separated by commas, optionally double-quoted, `""` inside quotes
// is one quote, quoted fields may hold commas and newlines; CRLF and LF line ends both accepted.
// Columns are found by header name, so kRunColumns must all be present (any order); the columns
// after them are the planners' extra columns. Numbers read back exactly (the writer prints the
// shortest round-trip form), so a summary recomputed from the file equals the one of the run.
#pragma once

#include <array>
#include <filesystem>
#include <fstream>
#include <istream>
#include <limits>
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

// Turns the fields of one runs.csv record into a RunRow, by the header's column names. Throws
// InputError (naming `file` and the line) like read_runs_csv.
class RunsCsvRowParser {
 public:
  RunsCsvRowParser(std::vector<std::string> header, std::string file);
  // Fills `row` (its strings and extras are reused, so a caller can parse many rows into one).
  void parse(const std::vector<std::string>& fields, int line, RunRow& row) const;
  const std::vector<std::string>& header() const { return header_; }
  const std::shared_ptr<const std::vector<std::string>>& extra_columns() const {
    return extra_columns_;
  }

 private:
  static constexpr std::size_t kAbsent = std::numeric_limits<std::size_t>::max();
  std::vector<std::string> header_;
  std::string file_;
  std::array<std::size_t, kRunColumns.size()> at_{};  // field index of each kRunColumns entry
  std::vector<std::size_t> extra_at_;
  std::shared_ptr<const std::vector<std::string>> extra_columns_;
};

// RFC 4180 records read one at a time from a stream (the rules of parse_csv), so that a file is
// never held in memory whole.
class CsvRecordReader {
 public:
  explicit CsvRecordReader(std::istream& in);
  // The next record into `record` (its strings reused); false at the end. Throws
  // std::runtime_error on an unterminated quote.
  bool next(std::vector<std::string>& record);
  std::size_t records_read() const { return records_; }

 private:
  std::streambuf& in_;
  std::size_t records_ = 0;
};

// runs.csv row by row, in memory bounded by one row: `pathbench report` and the other readers of
// large results. The same checks as read_runs_csv except the duplicate-run check, which needs
// every row's key (the streaming summary does it per table cell: harness/output/summary_stream.h).
class RunsCsvStream {
 public:
  explicit RunsCsvStream(const std::filesystem::path& path);
  ~RunsCsvStream();
  const std::vector<std::string>& header() const { return parser_->header(); }
  const std::shared_ptr<const std::vector<std::string>>& extra_columns() const {
    return parser_->extra_columns();
  }
  // The next row; false at the end of the file.
  bool next(RunRow& row);
  // Line of the row `next` returned last (the header is line 1), and its fields as read.
  int line() const;
  const std::vector<std::string>& fields() const { return record_; }
  const std::string& file() const { return file_; }

 private:
  bool read(std::vector<std::string>& record);
  std::string file_;
  std::ifstream in_;
  CsvRecordReader reader_;
  std::unique_ptr<RunsCsvRowParser> parser_;
  std::vector<std::string> record_;
};

}  // namespace pathbench
