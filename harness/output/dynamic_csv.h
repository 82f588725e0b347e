// dynamic.csv read back a row at a time, by the column names of its schema (dynamic_row.h): what
// `run --resume` keeps of an interrupted dynamic run, what `merge` joins, and what the summaries
// are made from, so the printed and written summaries are those of the file.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "harness/output/dynamic_row.h"
#include "harness/output/runs_csv_reader.h"

namespace pathbench {

class DynamicCsvReader {
 public:
  // Throws InputError naming the file when it cannot be read or its header is not the schema's.
  explicit DynamicCsvReader(const std::filesystem::path& path);
  // The next row; false at the end. Throws InputError naming the file, line and column of a
  // field that does not parse or a row with the wrong number of fields.
  bool next(DynamicRunRow& row);
  // Record number of the row `next` returned last (the header is 1).
  int line() const { return static_cast<int>(reader_.records_read()); }
  const std::string& file() const { return file_; }

 private:
  bool read();
  std::string file_;
  std::ifstream in_;
  CsvRecordReader reader_;
  std::vector<std::string> record_;
};

// Every row of `path` (dynamic runs are agent walks, thousands at most: they fit in memory).
std::vector<DynamicRunRow> read_dynamic_csv(const std::filesystem::path& path);

}  // namespace pathbench
