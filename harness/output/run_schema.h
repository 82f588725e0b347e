// The runs.csv schema, declared once: each column's name, type, unit, which rows fill it, its
// meaning, and how a RunRow prints it. The writer (csv_writer.cpp), the reader's list of required
// columns (kRunColumns), the Python module's dtypes and the README's column table
// (`pathbench columns --markdown`, checked by tests/harness/run_schema_test.cpp) all come from
// kRunSchema, so adding a column is one entry here (and a kRunSchemaVersion bump).
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

#include "harness/output/column_table.h"
#include "harness/output/run_row.h"
#include "harness/text/number_format.h"

namespace pathbench {

// How readers type a column (pandas dtype in read_runs()). Flag stays last: to_string's names
// (run_schema.cpp) are counted up to it.
enum class ColumnType {
  Category,     // a name repeated on many rows (dataset, planner, status)
  Text,         // free text
  Integer,      // always present
  OptionalInt,  // empty when not applicable
  Real,         // empty when not applicable; "inf" for no path
  Flag,         // 1 / 0, empty when validation is off
};
std::string_view to_string(ColumnType t);

struct RunColumn {
  std::string_view name;
  ColumnType type;
  std::string_view unit;                // empty when none
  int since_version;                    // kRunSchemaVersion that added it (older files may lack it)
  std::string_view filled_by;           // which rows or planners fill it
  std::string_view meaning;             // one line
  std::string (*field)(const RunRow&);  // the field as text, before CSV escaping
};

namespace run_fields {
inline bool solved(const RunRow& r) { return r.status == Status::Solved; }
inline std::string number_if_solved(const RunRow& r, double v) {
  return solved(r) ? csv_number(v) : std::string();
}
}  // namespace run_fields

// In column order.
inline constexpr std::array kRunSchema = {
    RunColumn{"dataset", ColumnType::Category, "", 1, "all", "dataset name from the config",
              [](const RunRow& r) { return r.dataset; }},
    RunColumn{"map", ColumnType::Category, "", 1, "all", "map file name",
              [](const RunRow& r) { return r.map; }},
    RunColumn{"query", ColumnType::Integer, "", 1, "all",
              "index of the query within its map (scen line order)",
              [](const RunRow& r) { return std::to_string(r.query); }},
    RunColumn{"planner", ColumnType::Category, "", 1, "all", "the planner's label in the config",
              [](const RunRow& r) { return r.planner; }},
    RunColumn{"algorithm", ColumnType::Category, "", 1, "all", "registry name of the planner",
              [](const RunRow& r) { return r.algorithm; }},
    RunColumn{"params", ColumnType::Text, "", 1, "all",
              "every effective parameter, key=value;... in key order (defaults included)",
              [](const RunRow& r) { return r.params; }},
    RunColumn{"sx", ColumnType::Integer, "cell", 1, "all", "start column",
              [](const RunRow& r) { return std::to_string(r.start.x); }},
    RunColumn{"sy", ColumnType::Integer, "cell", 1, "all", "start row",
              [](const RunRow& r) { return std::to_string(r.start.y); }},
    RunColumn{"gx", ColumnType::Integer, "cell", 1, "all", "goal column",
              [](const RunRow& r) { return std::to_string(r.goal.x); }},
    RunColumn{"gy", ColumnType::Integer, "cell", 1, "all", "goal row",
              [](const RunRow& r) { return std::to_string(r.goal.y); }},
    RunColumn{"status", ColumnType::Category, "", 1, "all",
              "solved, unreachable, invalid_query, timeout, unsupported, crashed, protocol_error "
              "or bad_query",
              [](const RunRow& r) { return std::string(to_string(r.status)); }},
    RunColumn{
        "valid", ColumnType::Flag, "", 1, "all (empty when validation is off)",
        "1 when the path and cost passed validation",
        [](const RunRow& r) { return std::string(r.validated ? (r.valid ? "1" : "0") : ""); }},
    RunColumn{"cost", ColumnType::Real, "", 1, "solved rows", "the planner's path cost",
              [](const RunRow& r) { return run_fields::number_if_solved(r, r.cost); }},
    RunColumn{"optimal", ColumnType::Real, "", 1, "all",
              "the .scen length, or the reference Dijkstra's cost; inf when there is no path",
              [](const RunRow& r) { return csv_number(r.optimal); }},
    RunColumn{"suboptimality", ColumnType::Real, "", 1, "solved rows",
              "cost / optimal (1 for a zero-length query)",
              [](const RunRow& r) { return run_fields::number_if_solved(r, r.suboptimality); }},
    RunColumn{"path_cells", ColumnType::Integer, "cells", 1, "all", "cells on the returned path",
              [](const RunRow& r) { return std::to_string(r.path_cells); }},
    RunColumn{"expansions", ColumnType::Integer, "nodes", 1, "all",
              "nodes expanded (the planner's own count)",
              [](const RunRow& r) { return std::to_string(r.counters.expansions); }},
    RunColumn{"generated", ColumnType::Integer, "nodes", 1, "all",
              "nodes generated (pushed or improved in the open list)",
              [](const RunRow& r) { return std::to_string(r.counters.generated); }},
    RunColumn{"time_us", ColumnType::Real, "us", 1, "all",
              "median over repetitions of the search alone (per call when batched)",
              [](const RunRow& r) { return csv_number(r.time_us); }},
    RunColumn{"bucket", ColumnType::Integer, "", 1, "all",
              "MovingAI bucket (floor(optimal / 4) for generated scenarios)",
              [](const RunRow& r) { return std::to_string(r.bucket); }},
    RunColumn{"updates", ColumnType::Integer, "nodes", 1, "all (0 for most planners)",
              "open-list decrease-key updates",
              [](const RunRow& r) { return std::to_string(r.counters.updates); }},
    RunColumn{"peak_open", ColumnType::Integer, "nodes", 1, "all",
              "largest open-list size during the search",
              [](const RunRow& r) { return std::to_string(r.counters.peak_open); }},
    RunColumn{"prep_ms", ColumnType::Real, "ms", 1, "all (0 without preprocessing)",
              "the planner's per-map preparation, repeated on each of its rows",
              [](const RunRow& r) { return csv_number(r.prep_ms); }},
    RunColumn{"prep_bytes", ColumnType::Integer, "bytes", 1, "all (0 without preprocessing)",
              "memory of the planner's per-map data",
              [](const RunRow& r) { return std::to_string(r.prep_bytes); }},
    RunColumn{"error", ColumnType::Text, "", 1, "invalid and failed rows",
              "why validation failed, or the planner's message for an unsolved row",
              [](const RunRow& r) { return r.error; }},
    RunColumn{"time_spread", ColumnType::Real, "", 2, "all (empty with one repetition)",
              "(max - min) / median of the repetitions' times",
              [](const RunRow& r) { return csv_number(r.time_spread); }},
    RunColumn{"batch", ColumnType::Integer, "calls", 3, "all",
              "calls timed inside one clock pair (1 = timed alone)",
              [](const RunRow& r) { return std::to_string(r.batch); }},
    RunColumn{"path_us", ColumnType::Real, "us", 3, "all",
              "median of writing the path after the search; time_us + path_us is the whole solve",
              [](const RunRow& r) { return csv_number(r.path_us); }},
    RunColumn{"optimal_decimals", ColumnType::OptionalInt, "digits", 4,
              "rows whose optimal is a published .scen length",
              "printed decimals of the published length (its comparison precision)",
              [](const RunRow& r) {
                return r.optimal_decimals >= 0 ? std::to_string(r.optimal_decimals) : std::string();
              }},
};

// The names, in column order: what a reader requires (by name, in any order).
inline constexpr auto kRunColumns = [] {
  std::array<std::string_view, kRunSchema.size()> names{};
  for (std::size_t i = 0; i < kRunSchema.size(); ++i) names[i] = kRunSchema[i].name;
  return names;
}();

// Columns a runs.csv of an older schema may lack (added after version 1): time_spread and path_us
// read as NaN, batch as 1, optimal_decimals as -1.
inline constexpr auto kOptionalRunColumns = [] {
  constexpr std::size_t n = [] {
    std::size_t k = 0;
    for (const RunColumn& c : kRunSchema) k += c.since_version > 1;
    return k;
  }();
  std::array<std::string_view, n> names{};
  std::size_t k = 0;
  for (const RunColumn& c : kRunSchema)
    if (c.since_version > 1) names[k++] = c.name;
  return names;
}();

// The README's column table: column, type, unit, filled by, meaning.
ColumnTable run_schema_table();

}  // namespace pathbench
