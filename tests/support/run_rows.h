// Comparing the rows of two runs.csv files: every field but the timing columns, which differ
// from run to run (batch too: its k is chosen from a measured time). For tests that check a resumed
// or repeated run against a reference.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "harness/output/runs_csv_reader.h"
#include "tests/support/shell.h"

namespace pathbench::testing {

inline std::vector<std::vector<std::string>> rows_without_times(const std::filesystem::path& csv) {
  std::vector<std::vector<std::string>> records = parse_csv(read_text(csv));
  if (records.empty()) return records;
  const std::vector<std::string> header = records[0];
  for (auto& rec : records)
    for (std::size_t i = 0; i < header.size() && i < rec.size(); ++i)
      if (header[i] == "time_us" || header[i] == "prep_ms" || header[i] == "time_spread" ||
          header[i] == "batch" || header[i] == "path_us")
        rec[i].clear();
  return records;
}

}  // namespace pathbench::testing
