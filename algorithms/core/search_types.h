// Plain value types exchanged between the harness and planners: a query, a budget, the status of
// a search, its counters and its result. No behaviour lives here.
#pragma once

#include <chrono>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/core/grid.h"

namespace pathbench {

struct Query {
  Point start;
  Point goal;
};

// Limits for one query, one meaning for every planner (SearchBudget in deadline.h implements it):
// max_expansions = N lets a query expand at most N nodes, each fully (its successors generated).
// When a search would expand node N + 1 it stops with Status::Timeout and reports N expansions;
// popping the goal is not an expansion, so a query that needs exactly N expansions is solved.
// For multi-phase planners (HPA*) N bounds the sum over all phases. The time limit is checked
// before an expansion too, but only every kClockCheckInterval expansions (reading the clock per
// node would dominate the search), so a query may run up to that many expansions past it.
struct Budget {
  double time_limit_s = 0.0;         // 0 = none
  std::uint64_t max_expansions = 0;  // 0 = none
  static constexpr std::uint64_t kClockCheckInterval = 1024;
};

// A search that ends without a path is an outcome, never an exception.
enum class Status : std::uint8_t {
  Solved,        // a path was found
  Unreachable,   // the search proved there is no path
  InvalidQuery,  // start/goal out of range or blocked
  Timeout,       // budget exhausted (time or expansions)
  Unsupported,   // the planner cannot run on this map/query (see capabilities)
  // Faults of a planner that runs outside pathbench (algorithms/planners/external): no answer to
  // check, so like Timeout they are unsolved outcomes; SearchResult::message says what happened.
  Crashed,        // the planner's process exited (or could not be started)
  ProtocolError,  // it answered with malformed output, a wrong id or missing fields
  // Never a planner's answer: the harness's verdict on a row whose published query data cannot
  // be right (a scen length of 0 for distinct cells, a length for a pair with no path, ...;
  // harness/runner/bad_query.h). No summary counts it as solved, valid or optimal.
  BadQuery,
};

std::string_view to_string(Status s);

// "" when `seconds` is a usable per-query time limit (finite and >= 0; 0 = none), else what is
// wrong. YAML's time_limit_s and every --time-limit go through it.
std::string time_limit_problem(double seconds);

// Plain integers the search loop increments directly.
struct Counters {
  std::uint64_t expansions = 0;  // nodes closed (removed from open and expanded)
  std::uint64_t generated = 0;   // pushes onto the open list
  std::uint64_t updates = 0;     // decrease-keys of nodes already on open
  std::uint64_t peak_open = 0;   // largest open-list size seen
};

// Filled by Planner::solve. Owned by the caller and reused across queries: the path vector
// keeps its capacity, so steady-state queries allocate nothing.
struct SearchResult {
  Status status = Status::InvalidQuery;
  double cost = std::numeric_limits<double>::infinity();
  std::vector<CellId> path;  // start..goal inclusive, every step a single legal move
  Counters counters;
  std::vector<double> extras;  // per Planner::extra_columns(), same order
  std::string message;         // why, for InvalidQuery / Unsupported / Timeout / faults
  // The moment the search ended, before the planner wrote `path` and `cost` (unset: the planner
  // did not say). The harness times the search and the path extraction apart from it
  // (harness/runner/solve_timing.h), as peers do that stop their clock before walking parents.
  std::chrono::steady_clock::time_point search_end{};

  void mark_search_end() { search_end = std::chrono::steady_clock::now(); }

  void clear() {
    status = Status::InvalidQuery;
    cost = std::numeric_limits<double>::infinity();
    path.clear();
    counters = {};
    extras.clear();
    message.clear();
    search_end = {};
  }
};

}  // namespace pathbench
