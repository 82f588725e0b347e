// The per-map state of a planner that runs one cell-level query of the kernel per solve
// (best_first_search, differential_search, any_angle_search): node records, the open list, the
// grid's move offsets and the search settings (weight and greedy from the planner's parameters,
// h_scale from the map), sized once in prepare and reused by every query.
// The planners differ in their policy and parameters, not in this, so it is written once.
#pragma once

#include <cstddef>

#include "algorithms/core/moves.h"
#include "algorithms/heaps/open_list.h"
#include "algorithms/search/best_first_search.h"
#include "algorithms/search/node_arena.h"
#include "algorithms/search/search_listener.h"

namespace pathbench {

template <OpenList Open>
struct CellSearchState {
  explicit CellSearchState(BestFirstSettings s = {}) : settings(s) {}

  NodeArena nodes;
  Open open;
  MoveOffsets offsets{Grid{}};
  BestFirstSettings settings;

  void prepare(const Grid& grid) {
    nodes.resize(grid.num_ids());
    open.resize(grid.num_ids());
    offsets = MoveOffsets(grid);
    settings.h_scale = grid.min_cell_cost();
  }

  std::size_t memory_bytes() const { return nodes.memory_bytes() + open.memory_bytes(); }

  // Runs `search(listener)`, the query: with a TraceListener and then the open set recorded when
  // `trace` is set, else with NoListener. One check per query; the traced loop is a separate
  // instantiation, so the untraced one is exactly the loop without tracing.
  template <class Search>
  void run(SearchTrace* trace, CellId goal, SearchResult& result, Search&& search) {
    if (trace) {
      search(TraceListener{trace});
      record_open_set(nodes, goal, result, *trace);
      return;
    }
    search(NoListener{});
  }
};

}  // namespace pathbench
