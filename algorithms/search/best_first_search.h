// The templated best-first loop behind A*, weighted A*, Dijkstra and greedy best-first search.
// Instantiated per (open list, heuristic, listener): no virtual call or branch on the heuristic
// per node.
//
// Priority: f = g + weight * h (greedy: f = h), ties by AStarOrder (larger g, then smaller id).
// Goal test on expansion. Closed nodes are never reopened: with a consistent heuristic (and
// weight <= 1) the first expansion is optimal; weighted A* without reopening stays within
// weight * optimal (Likhachev et al. 2003, ARA*'s argument).
#pragma once

#include <chrono>

#include "algorithms/core/moves.h"
#include "algorithms/core/search_types.h"
#include "algorithms/heaps/open_list.h"
#include "algorithms/search/node_arena.h"
#include "algorithms/search/search_listener.h"

namespace pathbench {

struct BestFirstSettings {
  double weight = 1.0;
  bool greedy = false;
  double h_scale = 1.0;  // grid.min_cell_cost(): keeps h admissible with terrain
};

// flatten: inline every call in the loop (successor enumeration, heap operations). GCC otherwise
// keeps some of them out of line once the function grows (measured with callgrind: +17%
// instructions per expansion on AR0011SR).
template <OpenList Open, class Heuristic, class Listener = NoListener>
[[gnu::flatten]] void best_first_search(const Grid& grid, const MoveOffsets& off, NodeArena& nodes,
                                        Open& open, const Heuristic& heuristic,
                                        const BestFirstSettings& settings, CellId start,
                                        CellId goal, const Budget& budget, SearchResult& result,
                                        Listener&& listener = {}) {
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  const int gx = grid.x_of(goal), gy = grid.y_of(goal);
  // Coordinates of a successor come from its parent's plus the move direction, so the loop
  // divides once per expansion rather than once per generated node.
  auto h_at = [&](int x, int y) {
    return settings.h_scale * heuristic(std::abs(x - gx), std::abs(y - gy));
  };
  const double w = settings.weight;
  const bool greedy = settings.greedy;
  auto key_of = [&](double g, double h) { return HeapKey{greedy ? h : g + w * h, g}; };

  Counters& k = result.counters;
  nodes.begin_query();
  open.clear();
  {
    SearchNode& s = nodes.open(start);
    s.g = 0.0;
    s.parent = kNoCell;
    const HeapKey key = key_of(0.0, h_at(grid.x_of(start), grid.y_of(start)));
    open.push(start, key);
    ++k.generated;
    listener.on_generate(start);
    if constexpr (kListenerLogsValues<Listener>)
      listener.on_generate_values(start, kNoCell, 0.0, key.f);
  }
  k.peak_open = 1;

  while (!open.empty()) {
    const CellId c = open.pop();
    if (c == goal) {
      result.status = Status::Solved;
      result.cost = nodes[c].g;
      nodes.extract_path(goal, result.path);
      return;
    }
    nodes.close(c);
    ++k.expansions;
    listener.on_expand(c);
    // f of the expanded node, recomputed for the log only (the heap does not keep it).
    [[maybe_unused]] double f_c = 0.0;
    if constexpr (kListenerLogsValues<Listener>) {
      f_c = key_of(nodes[c].g, h_at(grid.x_of(c), grid.y_of(c))).f;
      listener.on_expand_values(c, nodes[c].parent, nodes[c].g, f_c);
    }
    if (budget.max_expansions && k.expansions >= budget.max_expansions) {
      result.status = Status::Timeout;
      return;
    }
    if (budget.time_limit_s > 0 && k.expansions % Budget::kClockCheckInterval == 0 &&
        std::chrono::duration<double>(Clock::now() - t0).count() > budget.time_limit_s) {
      result.status = Status::Timeout;
      return;
    }
    const double gc = nodes[c].g;
    const int cx = grid.x_of(c), cy = grid.y_of(c);
    for_each_successor(grid, off, c, [&](CellId n, double step, int dir) {
      const double gn = gc + step;
      if (!nodes.seen(n)) {
        SearchNode& rec = nodes.open(n);
        rec.g = gn;
        rec.parent = c;
        const HeapKey key = key_of(gn, h_at(cx + kDx[dir], cy + kDy[dir]));
        open.push(n, key);
        ++k.generated;
        listener.on_generate(n);
        if constexpr (kListenerLogsValues<Listener>) listener.on_generate_values(n, c, gn, key.f);
      } else if (gn < nodes[n].g && !nodes.closed(n)) {
        SearchNode& rec = nodes[n];
        rec.g = gn;
        rec.parent = c;
        // update, not decrease_key: when g drops by less than f's rounding, f stays equal and
        // the smaller g makes the key *later* under AStarOrder's larger-g-first rule.
        const HeapKey key = key_of(gn, h_at(cx + kDx[dir], cy + kDy[dir]));
        open.update(n, key);
        ++k.updates;
        if constexpr (kListenerLogsValues<Listener>) listener.on_update(n, c, gn, key.f);
      }
    });
    if constexpr (kListenerLogsValues<Listener>) listener.on_close(c, nodes[c].parent, gc, f_c);
    if (open.size() > k.peak_open) k.peak_open = open.size();
  }
  result.status = Status::Unreachable;
}

}  // namespace pathbench
