// Hooks a search loop calls per node, resolved at compile time. NoListener compiles to nothing,
// so tracing (for visualisation) costs nothing when off.
//
// Contract for a loop taking a Listener: on_generate(c) once per push of a cell not yet seen in
// this query (not for decrease-keys), on_expand(c) once per counted expansion, before the
// expanded node's successors are generated.
#pragma once

#include "algorithms/core/grid.h"
#include "algorithms/core/search_trace.h"
#include "algorithms/core/search_types.h"
#include "algorithms/search/node_arena.h"

namespace pathbench {

struct NoListener {
  void on_expand(CellId) {}
  void on_generate(CellId) {}
};

// Records expansions and generations into a SearchTrace (see search_trace.h for the "at" rule).
struct TraceListener {
  SearchTrace* trace;
  void on_expand(CellId c) { trace->expanded.push_back(c); }
  void on_generate(CellId c) { trace->record_generated(c); }
};

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
