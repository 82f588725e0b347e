// runs.csv: RFC 4180 CSV, one RunRow per line, flushed after every row so an interrupted run
// keeps what it finished. Numbers are printed in their shortest round-trip form (full
// precision); +inf as "inf"; fields not applicable left empty.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "harness/output/run_row.h"

namespace pathbench {

// Quotes a field when it holds a comma, quote or newline.
std::string csv_escape(std::string_view field);

class RunCsvWriter {
 public:
  // Opens (truncating) `path` and writes the header: kRunColumns then `extra_columns`. With
  // `append` (resuming a run) the file is kept and rows go after its last line; the caller has
  // checked that its header matches. Throws std::runtime_error when the file cannot be written.
  RunCsvWriter(const std::filesystem::path& path, std::vector<std::string> extra_columns,
               bool append = false);
  void write(const RunRow& row);
  const std::vector<std::string>& extra_columns() const { return extra_columns_; }

 private:
  std::ofstream out_;
  std::filesystem::path path_;
  std::vector<std::string> extra_columns_;
};

}  // namespace pathbench
