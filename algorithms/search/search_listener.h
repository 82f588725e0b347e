// Hooks a search loop calls per node, resolved at compile time. NoListener compiles to nothing,
// so tracing (for visualisation) costs nothing when off.
//
// Contract for a loop taking a Listener: on_generate(c) once per push of a cell not yet seen in
// this query (not for decrease-keys), on_expand(c) once per counted expansion, before the
// expanded node's successors are generated.
//
// Listeners with `static constexpr bool kLogsValues = true` also get the values of each step
// (on_generate_values, on_expand_values, on_close, on_update), g and f in cost units (the
// search's fixed-point values through to_real_cost); the loop computes those values only
// inside `if constexpr (kLogsValues)`, so NoListener's loop is exactly the untraced one.
#pragma once

#include <type_traits>

#include "algorithms/core/grid.h"
#include "algorithms/core/search_trace.h"
#include "algorithms/core/search_types.h"
#include "algorithms/search/node_arena.h"

namespace pathbench {

struct NoListener {
  static constexpr bool kLogsValues = false;
  void on_expand(CellId) {}
  void on_generate(CellId) {}
  void on_generate_values(CellId, CellId, double, double) {}
  void on_expand_values(CellId, CellId, double, double) {}
  void on_close(CellId, CellId, double, double) {}
  void on_update(CellId, CellId, double, double) {}
};

// Records expansions and generations into a SearchTrace (see search_trace.h for the "at" rule),
// and the event log when the trace asks for it.
struct TraceListener {
  static constexpr bool kLogsValues = true;
  SearchTrace* trace;
  void on_expand(CellId c) { trace->expanded.push_back(c); }
  void on_generate(CellId c) { trace->record_generated(c); }
  void on_generate_values(CellId c, CellId parent, double g, double f) {
    trace->log(TraceEventType::Generate, c, parent, g, f);
  }
  void on_expand_values(CellId c, CellId parent, double g, double f) {
    trace->log(TraceEventType::Expand, c, parent, g, f);
  }
  void on_close(CellId c, CellId parent, double g, double f) {
    trace->log(TraceEventType::Close, c, parent, g, f);
  }
  void on_update(CellId c, CellId parent, double g, double f) {
    trace->log(TraceEventType::Update, c, parent, g, f);
  }
};

template <class Listener>
inline constexpr bool kListenerLogsValues = std::remove_cvref_t<Listener>::kLogsValues;

// After a traced best-first search over `nodes`: the open list at the end is every generated cell
// that is neither closed nor the popped goal (closed nodes are never reopened, and every
// generated cell is recorded exactly once). Costs O(generated); only called when tracing.
inline void record_open_set(const NodeArena& nodes, CellId goal, const SearchResult& result,
                            SearchTrace& trace) {
  trace.frontier.clear();
  for (CellId c : trace.generated) {
    if (nodes.closed(c)) continue;
    if (c == goal && result.status == Status::Solved) continue;
    trace.frontier.push_back(c);
  }
}

}  // namespace pathbench
