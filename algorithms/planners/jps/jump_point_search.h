// The A* over jump points shared by the `jps` and `jps_plus` planners (CRTP base).
//
// The two planners prune with the same rules and run the same search; they differ only in how an
// expanded jump point finds its successors (`jps` scans bit words, jump_scanner.h; `jps_plus`
// reads its precomputed jump_table.h). The search is the one best-first kernel
// (search/best_first_loop.h) with this base as its expansion policy; the base holds everything
// else once: the arrival directions, the octile heuristic, relax() (the one place a successor
// gets its g, so both planners' costs and ties agree bit for bit, which the tests check), the
// path writer, and the trace of expansions, generations and "jump_points".
//
// Derived provides, reachable from this base (a friend):
//  - template <bool kTrace> void expand(CellId c, Out<kTrace>& out): generates c's successors
//    through relax<kTrace>(..., out); the search has set cur_ = c and g_cur_ = its g;
//  - void open_trace_layers(SearchTrace& trace): creates its own trace layers (traced queries).
// Table is its per-map structure (the scanner's bit rows, the jump table), built by prepare()
// as table_ and counted in memory_bytes(). CRTP rather than virtual hooks: expand runs once per
// expansion and is inlined into the search loop.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <type_traits>
#include <vector>

#include "algorithms/core/moves.h"
#include "algorithms/core/planner.h"
#include "algorithms/core/search_trace.h"
#include "algorithms/heaps/binary_heap.h"
#include "algorithms/search/best_first_loop.h"
#include "algorithms/search/padded_octile_goal.h"

namespace pathbench {
template <class Derived, class Table>
class JumpPointSearch : public Planner, public PaddedOctileGoal<> {
 public:
  // jps_plus's table is preprocessing worth reporting, jps's bit rows not.
  explicit JumpPointSearch(bool needs_preprocessing)
      : Planner(
            octile_grids_only({.needs_preprocessing = needs_preprocessing, .traceable = true})) {}
  std::size_t memory_bytes() const final {
    return table_.memory_bytes() + nodes_.memory_bytes() + dir_.capacity() * sizeof(std::uint8_t) +
           open_.memory_bytes();
  }
  // The kernel's policy interface (best_first_loop.h): the rest is PaddedOctileGoal's.
  template <class F>
  [[gnu::always_inline]] void expand(CellId c, SearchCost g, F& out) {
    cur_ = c;
    g_cur_ = g;
    static_cast<Derived*>(this)->template expand<kListenerLogsValues<typename F::ListenerType>>(
        c, out);
  }

 protected:
  // Arrival direction of the start node: every direction is open to it.
  static constexpr std::uint8_t kNoDirection = 0xFF;
  // The search state successor generation writes to; kTrace selects the recording listener.
  template <bool kTrace>
  using Out = Frontier<BinaryHeap<AStarOrder>, PlainKey,
                       std::conditional_t<kTrace, TraceListener, NoListener>>;

  void do_prepare(const Grid& grid) final {
    table_.build(grid);
    set_map(grid);
    nodes_.resize(grid.num_ids());
    dir_.assign(grid.num_ids(), kNoDirection);
    open_.resize(grid.num_ids());
  }

  void do_solve(CellId start, CellId goal, const Budget& budget, SearchResult& result) final;

  // Generates (or improves) padded cell (x, y), reached from the node being expanded over a
  // segment of `diag` diagonal then `straight` cardinal steps, arriving with direction `dir`.
  // Coordinates come from the caller, which knows them: recovering them from the id costs two
  // integer divisions per generated node.
  // The traced instantiation is one out-of-line call per successor: inlined into every jump (as
  // the untraced one must be), its copies made jps_plus_planner.cpp GCC's slowest file.
  template <bool kTrace>
  [[gnu::always_inline]] void relax(int x, int y, int diag, int straight, int dir,
                                    Out<kTrace>& out) {
    if constexpr (kTrace) {
      relax_traced(x, y, diag, straight, dir, out);
    } else {
      relax_inline<false>(x, y, diag, straight, dir, out);
    }
  }
  template <bool kTrace>
  [[gnu::always_inline]] void relax_inline(int x, int y, int diag, int straight, int dir,
                                           Out<kTrace>& out) {
    const CellId c = id_of(x, y);
    const SearchCost g = g_cur_ + diag * kDiagonalCost + straight * kCardinalCost;
    if constexpr (kTrace) {
      trace_->record(*jump_points_, c);
      trace_->log(TraceEventType::JumpPoint, c, cur_, to_real_cost(g),
                  to_real_cost(g + heuristic(x, y)));
    }
    if (out.relax(c, cur_, g, [&] { return heuristic(x, y); }))
      dir_[c] = static_cast<std::uint8_t>(dir);
  }
  [[gnu::noinline]] void relax_traced(int x, int y, int diag, int straight, int dir,
                                      Out<true>& out) {
    relax_inline<true>(x, y, diag, straight, dir, out);
  }

  Table table_;
  std::vector<std::uint8_t> dir_;  // arrival direction of each generated node

  // Per-query state read by the inlined helpers (the goal's is PaddedOctileGoal's).
  CellId cur_ = kNoCell;
  SearchCost g_cur_ = 0;
  // Traced queries only: the trace and its "jump_points" layer: every successor a jump found, in
  // order (closed or already open ones included, so cells may repeat).
  SearchTrace* trace_ = nullptr;
  TraceLayer* jump_points_ = nullptr;

 private:
  // One query; kTrace selects the recording instantiation (one check per query in do_solve,
  // none per node).
  template <bool kTrace>
  void search(CellId start, CellId goal, const Budget& budget, SearchResult& result);
  // The traced query, kept out of line: inlined, its (event-logging) bulk would make GCC stop
  // inlining the untraced search<false> into do_solve.
  [[gnu::noinline]] void search_traced(CellId start, CellId goal, const Budget& budget,
                                       SearchResult& result) {
    search<true>(start, goal, budget, result);
  }
  void write_path(CellId start, CellId goal, SearchResult& result) const;

  NodeArena nodes_;
  BinaryHeap<AStarOrder> open_;
};

template <class Derived, class Table>
void JumpPointSearch<Derived, Table>::do_solve(CellId start, CellId goal, const Budget& budget,
                                               SearchResult& result) {
  trace_ = trace();
  if (!trace_) return search<false>(start, goal, budget, result);
  trace_->layer("jump_points");
  static_cast<Derived*>(this)->open_trace_layers(*trace_);
  // Every layer exists now: the pointers stay valid.
  jump_points_ = &trace_->layer("jump_points");
  search_traced(start, goal, budget, result);
  record_open_set(nodes_, goal, result, *trace_);
}

template <class Derived, class Table>
template <bool kTrace>
void JumpPointSearch<Derived, Table>::search(CellId start, CellId goal, const Budget& budget,
                                             SearchResult& result) {
  const SearchBudget limits(budget);
  set_goal(goal);
  std::conditional_t<kTrace, TraceListener, NoListener> listener;
  if constexpr (kTrace) listener.trace = trace_;
  Out<kTrace> out(nodes_, open_, PlainKey{}, result.counters, listener);
  out.begin();
  out.relax(start, kNoCell, 0, [&] { return h(start); });
  dir_[start] = kNoDirection;
  // Expanding the jump points into cells is path writing (path_us), after the mark.
  finish_query(best_first_loop(*this, out, limits), result,
               [&] { write_path(start, goal, result); });
}

template <class Derived, class Table>
void JumpPointSearch<Derived, Table>::write_path(CellId start, CellId goal,
                                                 SearchResult& result) const {
  const auto pw = static_cast<CellId>(pw_);
  // Path writing is timed apart from the search (path_us) but still costs: per cell it is one
  // store and one add here. A first walk over the jump points sizes the path and counts its
  // diagonal steps, so the cost is straight + diagonal * sqrt(2) (no per-cell sum, no per-cell
  // division to tell a diagonal step); the second writes each segment back to front in place
  // with a constant id step, no scratch buffer.
  // Each jump point's coordinates cost one division, and each is the next segment's end: one
  // division per jump point and walk (maze-like maps have many short segments).
  const auto y_of = [pw](CellId c) { return static_cast<int>(c / pw); };
  std::size_t cells = 1, diagonal = 0;
  int y = y_of(goal), x = static_cast<int>(goal - static_cast<CellId>(y) * pw);
  for (CellId c = goal; c != start; c = nodes_[c].parent) {
    const CellId p = nodes_[c].parent;
    const int py = y_of(p), px = static_cast<int>(p - static_cast<CellId>(py) * pw);
    const int ax = std::abs(x - px), ay = std::abs(y - py);
    cells += static_cast<std::size_t>(std::max(ax, ay));
    diagonal += static_cast<std::size_t>(std::min(ax, ay));
    x = px;
    y = py;
  }
  std::vector<CellId>& path = result.path;
  path.resize(cells);
  CellId* out = path.data() + cells - 1;
  *out = goal;
  y = y_of(goal);
  x = static_cast<int>(goal - static_cast<CellId>(y) * pw);
  for (CellId c = goal; c != start; c = nodes_[c].parent) {
    const CellId p = nodes_[c].parent;
    const int py = y_of(p), px = static_cast<int>(p - static_cast<CellId>(py) * pw);
    const int dx = x - px, dy = y - py;
    const int ax = std::abs(dx), ay = std::abs(dy);
    const int sx = (dx > 0) - (dx < 0), sy = (dy > 0) - (dy < 0);
    // Forwards a segment is a diagonal run then a straight run; backwards, straight first. Ids
    // step by constants (unsigned wrap-around subtracts a negative step exactly).
    const auto diagonal_step = static_cast<CellId>(sy * pw_ + sx);
    const auto straight_step = static_cast<CellId>(ax > ay ? sx : sy * pw_);
    CellId id = c;
    for (int k = std::min(ax, ay); k < std::max(ax, ay); ++k) *--out = id -= straight_step;
    for (int k = std::min(ax, ay); k > 0; --k) *--out = id -= diagonal_step;
    x = px;
    y = py;
  }
  result.cost = static_cast<double>(cells - 1 - diagonal) + static_cast<double>(diagonal) * kSqrt2;
}

}  // namespace pathbench
