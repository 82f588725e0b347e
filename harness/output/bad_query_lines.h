// The scen lines a run recorded as data problems (rows with status bad_query, on_bad_query:
// record), counted once per line however many planners ran it: what meta.json's "bad_queries"
// and summary.md's "Data problems" section state, from the same count.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "harness/output/run_row.h"

namespace pathbench {

struct BadQueryLines {
  std::size_t lines = 0;                         // distinct (dataset, map, query)
  std::size_t rows = 0;                          // rows with status bad_query
  std::map<std::string, std::size_t> per_map;    // "dataset/map" -> lines
};

BadQueryLines count_bad_query_lines(const std::vector<RunRow>& rows);

}  // namespace pathbench
