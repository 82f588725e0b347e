// The one best-first search kernel: A* (and weighted A*, Dijkstra, greedy), JPS, JPS+ and HPA*'s
// cell and abstract searches are this loop with their own expansion policy. Following warthog, a
// search is loop x expansion policy x heuristic x open list x listener; all of them are template
// parameters, so no call per node is virtual and nothing is allocated per node.
//
// Frontier<Open, Key, Listener> is the state of one search (records, open list, counters, trace
// hooks) and its one way to reach a node: relax(). A policy provides
//   bool is_target(id)                    goal test, on pop
//   SearchCost h(id)                      heuristic of a node (seeds' keys, the event log), in the
//                                         lattice of search_cost.h: costs and ties are exact
//   bool stop_after(id)                   after an expansion is counted, before its successors:
//                                         true ends the search (HPA*'s settle conditions)
//   void expand(id, g, Frontier& f)       generates the successors through f.relax()
// and the caller seeds the frontier through relax() too (parent kNoCell or its own marker).
//
// Contract (every planner's): goal test on pop; a node is expanded at most once (closed nodes are
// never reopened: with a consistent heuristic, and weight <= 1, the first expansion is optimal;
// weighted A* stays within weight * optimal, Likhachev et al. 2003); the budget is checked before
// each expansion (SearchBudget, search_types.h); ties per the open list's order (AStarOrder).
#pragma once

#include <algorithm>
#include <cmath>

#include "algorithms/core/deadline.h"
#include "algorithms/core/search_types.h"
#include "algorithms/heaps/open_list.h"
#include "algorithms/search/node_arena.h"
#include "algorithms/search/search_listener.h"

namespace pathbench {

// Priority of a node from its g and h.
struct PlainKey {  // A*: f = g + h
  HeapKey operator()(SearchCost g, SearchCost h) const { return {g + h, g}; }
};
// Weighted A* (f = g + weight * h, weight * h rounded to the lattice; weight 1 adds h itself, so
// its keys and expansions are plain A*'s) and greedy best-first (f = h).
struct WeightedKey {
  double weight = 1.0;
  bool greedy = false;
  HeapKey operator()(SearchCost g, SearchCost h) const {
    if (greedy) return {h, g};
    if (weight == 1.0) return {g + h, g};
    // Capped at 2^62 so that huge weights (up to 1e6) cannot overflow; such f are still far
    // above any g.
    return {g + round_half_up(std::min(weight * static_cast<double>(h), 0x1p62)), g};
  }
  // std::llround for 0 <= x <= 2^62, inline: libm's llround is an out-of-line call (~4% of
  // weighted A*'s instructions, callgrind). x - trunc(x) is exact, so halves round up exactly as
  // llround does (0.49999999999999994 stays 0, which floor(x + 0.5) would get wrong).
  static SearchCost round_half_up(double x) {
    const SearchCost t = static_cast<SearchCost>(x);
    return t + (x - static_cast<double>(t) >= 0.5);
  }
};

enum class SearchEnd : std::uint8_t {
  Target,     // is_target() popped (closed, its g final)
  Exhausted,  // the open list ran empty
  Budget,     // SearchBudget said stop; the popped node stays open (part of the frontier)
  Stopped,    // stop_after() said stop
};

template <OpenList Open, class Key, class Listener>
class Frontier {
 public:
  using ListenerType = Listener;
  Frontier(NodeArena& n, Open& o, Key k, Counters& c, Listener& l)
      : nodes(n), open(o), key(k), counters(c), listener(l) {}

  // Empties the open list and makes every record unseen.
  void begin() {
    nodes.begin_query();
    open.clear();
  }

  // The one place a node gets (or improves) its g. `h` computes its heuristic, called only when
  // the node is pushed or updated. True when n's record was set (new or improved).
  template <class H>
  [[gnu::always_inline]] bool relax(CellId n, CellId parent, SearchCost g, H&& h) {
    if (!nodes.seen(n)) {
      SearchNode& rec = nodes.open(n);
      rec.g = g;
      rec.parent = parent;
      const HeapKey k = key(g, h());
      open.push(n, k);
      ++counters.generated;
      listener.on_generate(n);
      if constexpr (kListenerLogsValues<Listener>)
        listener.on_generate_values(n, parent, to_real_cost(g), to_real_cost(k.f));
      return true;
    }
    if (g < nodes[n].g && !nodes.closed(n)) {
      SearchNode& rec = nodes[n];
      rec.g = g;
      rec.parent = parent;
      // update, not decrease_key: greedy's f (= h) stays equal, and the smaller g makes the key
      // *later* under AStarOrder's larger-g-first rule.
      const HeapKey k = key(g, h());
      open.update(n, k);
      ++counters.updates;
      if constexpr (kListenerLogsValues<Listener>)
        listener.on_update(n, parent, to_real_cost(g), to_real_cost(k.f));
      return true;
    }
    return false;
  }

  NodeArena& nodes;
  Open& open;
  Key key;
  Counters& counters;
  Listener& listener;
};

// A planner's answer from how its search ended. On Target the search's end is marked first (what
// follows is path writing, timed apart as path_us), then write_answer() fills path and cost; the
// other outcomes leave them as SearchResult::clear() set them (no path, infinite cost).
template <class WriteAnswer>
void finish_query(SearchEnd end, SearchResult& result, WriteAnswer&& write_answer) {
  switch (end) {
    case SearchEnd::Target:
      result.mark_search_end();
      result.status = Status::Solved;
      write_answer();
      return;
    case SearchEnd::Budget:
      result.status = Status::Timeout;
      return;
    default:
      result.status = Status::Unreachable;
  }
}

// Runs the search from the seeded frontier. flatten: inline every call in the loop (successor
// enumeration, heap operations). GCC otherwise keeps some of them out of line once the function
// grows (measured with callgrind: +17% instructions per expansion on AR0011SR).
template <class Policy, OpenList Open, class Key, class Listener>
PATHBENCH_FLATTEN SearchEnd best_first_loop(Policy& policy, Frontier<Open, Key, Listener>& f,
                                            const SearchBudget& budget) {
  NodeArena& nodes = f.nodes;
  Open& open = f.open;
  Counters& k = f.counters;
  if (open.size() > k.peak_open) k.peak_open = open.size();
  while (!open.empty()) {
    const CellId c = open.pop();
    if (policy.is_target(c)) {
      nodes.close(c);
      return SearchEnd::Target;
    }
    if (budget.exhausted(k.expansions)) return SearchEnd::Budget;
    nodes.close(c);
    ++k.expansions;
    f.listener.on_expand(c);
    const SearchCost gc = nodes[c].g;
    // f of the expanded node, recomputed for the log only (the heap does not keep it).
    [[maybe_unused]] double f_c = 0.0;
    if constexpr (kListenerLogsValues<Listener>) {
      f_c = to_real_cost(f.key(gc, policy.h(c)).f);
      f.listener.on_expand_values(c, nodes[c].parent, to_real_cost(gc), f_c);
    }
    if (policy.stop_after(c)) return SearchEnd::Stopped;
    policy.expand(c, gc, f);
    if constexpr (kListenerLogsValues<Listener>)
      f.listener.on_close(c, nodes[c].parent, to_real_cost(gc), f_c);
    if (open.size() > k.peak_open) k.peak_open = open.size();
  }
  return SearchEnd::Exhausted;
}

}  // namespace pathbench
