// One result row: a query solved by one planner. The schema of runs.csv, in column order, is
// kRunSchema (harness/output/run_schema.h) followed by the planners' extra columns (union, in
// planner order).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/core/grid.h"
#include "algorithms/core/search_types.h"

namespace pathbench {

struct RunRow {
  std::string dataset;
  std::string map;
  int query = 0;          // index of the query within its map (scen line order)
  int bucket = 0;         // MovingAI bucket (floor(optimal / 4) for generated scenarios)
  std::string planner;    // label from the config
  std::string algorithm;  // registry name
  std::string params;     // every effective parameter, key=value;... in key order
  Point start, goal;
  Status status = Status::InvalidQuery;
  bool validated = true;  // false when the experiment turned validation off
  bool valid = false;
  double cost = 0.0;     // +inf when no path was returned
  double optimal = 0.0;  // reference; +inf when the reference finds no path
  // optimal's printed precision when it is a published .scen length (compared at that
  // precision: matches_published), -1 when it is our computed reference. Empty in runs.csv for
  // -1 and in a runs.csv written before schema version 4.
  int optimal_decimals = -1;
  double suboptimality = 0.0;  // cost / optimal (1 for zero-length), NaN when not solved
  std::size_t path_cells = 0;
  Counters counters;
  double time_us = 0.0;  // median over repetitions of the search alone
  // Median over repetitions of writing the path and its cost after the search (the planner's
  // SearchResult::search_end mark; 0 for a planner that does not mark). time_us + path_us is the
  // whole solve(). NaN in a runs.csv written before schema version 3, whose time_us included it.
  double path_us = 0.0;
  // Repetition noise: (max - min) / median of the repetitions' times; NaN with one repetition
  // (or in a runs.csv written before schema version 2).
  double time_spread = 0.0;
  // Calls timed inside one clock pair (time_us is per call); 1 = timed alone, and in a runs.csv
  // written before schema version 3.
  int batch = 1;
  double prep_ms = 0.0;  // planner's per-map preparation, repeated on each of its rows
  std::size_t prep_bytes = 0;
  const std::vector<std::string>* extra_names = nullptr;  // planner-specific columns
  std::vector<double> extras;                             // same order as *extra_names
  // Validation failure; for an unsolved valid row, the planner's message (e.g. why an external
  // planner crashed); empty otherwise.
  std::string error;
};

// A row that counts as a wrong answer (the run's "failed validation", exit 3): validated, not
// valid, and an answer to check. Timeouts, crashes and protocol errors are not valid (there is no
// path to check) but are outcomes, not wrong answers; a bad_query row is a data problem of the
// benchmark, not the planner's (issue 30). Both are counted apart by their status.
inline bool failed_validation(const RunRow& r) {
  if (!r.validated || r.valid) return false;
  switch (r.status) {
    case Status::Timeout:
    case Status::Crashed:
    case Status::ProtocolError:
    case Status::BadQuery:
      return false;
    default:
      return true;
  }
}

// Bump kRunSchemaVersion (recorded in meta.json) whenever kRunSchema's columns change.
// 2: time_spread. 3: batch and path_us; time_us became the search alone (it included path
// writing). 4: optimal_decimals; status bad_query.
inline constexpr int kRunSchemaVersion = 4;

}  // namespace pathbench
