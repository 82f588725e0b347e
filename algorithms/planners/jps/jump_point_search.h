// The A* over jump points shared by the `jps` and `jps_plus` planners (CRTP base).
//
// The two planners prune with the same rules and run the same search; they differ only in how an
// expanded jump point finds its successors (`jps` scans bit words, jump_scanner.h; `jps_plus`
// reads its precomputed jump_table.h). This base holds everything else once: the per-node arrays
// with generation stamps, the open list, the octile heuristic, relax() (the one place a successor
// gets its g, so both planners' costs and ties agree bit for bit, which the tests check), the
// search loop, the path writer, and the trace of expansions, generations and "jump_points".
//
// Derived provides, reachable from this base (a friend):
//  - template <bool kTrace> void expand(CellId c, Counters& counters): generates c's successors
//    through relax<kTrace>(); the search has set cur_ = c and g_cur_ = its g;
//  - void open_trace_layers(SearchTrace& trace): creates its own trace layers (traced queries).
// Its do_prepare builds its own structure and calls prepare_search(); memory_bytes() adds
// search_memory_bytes(). CRTP rather than virtual hooks: expand runs once per expansion and is
// inlined into the search loop.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <vector>

#include "algorithms/core/moves.h"
#include "algorithms/core/planner.h"
#include "algorithms/core/search_trace.h"
#include "algorithms/heaps/binary_heap.h"

namespace pathbench {

template <class Derived>
class JumpPointSearch : public Planner {
 public:
  using Planner::Planner;

 protected:
  static constexpr double kInf = std::numeric_limits<double>::infinity();
  // Arrival direction of the start node: every direction is open to it.
  static constexpr std::uint8_t kNoDirection = 0xFF;

  // The per-map part of do_prepare that the search needs.
  void prepare_search(const Grid& grid) {
    pw_ = grid.padded_width();
    free_ = grid.passable_data().data();
    nodes_.assign(grid.num_ids(), Node{});
    dir_.assign(grid.num_ids(), kNoDirection);
    open_.resize(grid.num_ids());
    gen_ = kFirstGeneration;
  }

  std::size_t search_memory_bytes() const {
    return nodes_.capacity() * sizeof(Node) + dir_.capacity() * sizeof(std::uint8_t) +
           open_.memory_bytes();
  }

  void do_solve(CellId start, CellId goal, const Budget& budget, SearchResult& result) final;

  bool free_at(int x, int y) const { return free_[static_cast<std::size_t>(y) * pw_ + x] != 0; }
  CellId id_of(int x, int y) const { return static_cast<CellId>(y * pw_ + x); }

  double heuristic(int x, int y) const {
    const int dx = std::abs(x - gx_), dy = std::abs(y - gy_);
    return (kSqrt2 - 1.0) * std::min(dx, dy) + std::max(dx, dy);
  }

  // Generates (or improves) padded cell (x, y), reached from the node being expanded over a
  // segment of `diag` diagonal then `straight` cardinal steps, arriving with direction `dir`.
  // Coordinates come from the caller, which knows them: recovering them from the id costs two
  // integer divisions per generated node.
  template <bool kTrace>
  void relax(int x, int y, int diag, int straight, int dir, Counters& counters) {
    const CellId c = id_of(x, y);
    Node& n = nodes_[c];
    if constexpr (kTrace) {
      trace_->record(*jump_points_, c);
      trace_->log(TraceEventType::JumpPoint, c, cur_, g_cur_ + diag * kSqrt2 + straight,
                  g_cur_ + diag * kSqrt2 + straight + heuristic(x, y));
    }
    if (n.stamp == gen_ + 1) return;
    const double g = g_cur_ + diag * kSqrt2 + straight;
    if (n.stamp != gen_) {
      n.stamp = gen_;
      n.g = g;
      n.parent = cur_;
      dir_[c] = static_cast<std::uint8_t>(dir);
      open_.push(c, {g + heuristic(x, y), g});
      ++counters.generated;
      if constexpr (kTrace) {
        trace_->record_generated(c);
        trace_->log(TraceEventType::Generate, c, cur_, g, g + heuristic(x, y));
      }
      counters.peak_open = std::max<std::uint64_t>(counters.peak_open, open_.size());
    } else if (g < n.g) {
      n.g = g;
      n.parent = cur_;
      dir_[c] = static_cast<std::uint8_t>(dir);
      open_.update(c, {g + heuristic(x, y), g});  // f may round equal: see best_first_search
      ++counters.updates;
      if constexpr (kTrace) trace_->log(TraceEventType::Update, c, cur_, g, g + heuristic(x, y));
    }
  }

  int pw_ = 0;
  const std::uint8_t* free_ = nullptr;
  std::vector<std::uint8_t> dir_;  // arrival direction of each generated node

  // Per-query state read by the inlined helpers.
  int gx_ = 0, gy_ = 0;
  CellId cur_ = kNoCell;
  double g_cur_ = 0.0;
  // Traced queries only: the trace and its "jump_points" layer: every successor a jump found, in
  // order (closed or already open ones included, so cells may repeat).
  SearchTrace* trace_ = nullptr;
  TraceLayer* jump_points_ = nullptr;

 private:
  struct Node {
    double g = 0.0;
    CellId parent = kNoCell;
    // == gen_: generated this query (open); == gen_ + 1: closed this query; else stale.
    std::uint32_t stamp = 0;
  };
  static constexpr std::uint32_t kFirstGeneration = 2;

  // The A* loop over jump points; kTrace selects the recording instantiation (one check per
  // query in do_solve, none per node).
  template <bool kTrace>
  void search(CellId start, CellId goal, const Budget& budget, SearchResult& result);
  // The traced query, kept out of line: inlined, its (event-logging) bulk would make GCC stop
  // inlining the untraced search<false> into do_solve.
  [[gnu::noinline]] void search_traced(CellId start, CellId goal, const Budget& budget,
                                       SearchResult& result) {
    search<true>(start, goal, budget, result);
  }
  void write_path(CellId start, CellId goal, SearchResult& result) const;

  std::vector<Node> nodes_;
  BinaryHeap<AStarOrder> open_;
  std::uint32_t gen_ = kFirstGeneration;
};

template <class Derived>
void JumpPointSearch<Derived>::do_solve(CellId start, CellId goal, const Budget& budget,
                                        SearchResult& result) {
  trace_ = trace();
  if (!trace_) return search<false>(start, goal, budget, result);
  trace_->layer("jump_points");
  static_cast<Derived*>(this)->open_trace_layers(*trace_);
  // Every layer exists now: the pointers stay valid.
  jump_points_ = &trace_->layer("jump_points");
  search_traced(start, goal, budget, result);
  // The open list at the end: generated, not closed (the goal pop and a budget stop's pop were
  // stamped closed; search<true> already added the latter).
  for (CellId c : trace_->generated)
    if (nodes_[c].stamp == gen_) trace_->frontier.push_back(c);
}

template <class Derived>
template <bool kTrace>
void JumpPointSearch<Derived>::search(CellId start, CellId goal, const Budget& budget,
                                      SearchResult& result) {
  if (gen_ >= std::numeric_limits<std::uint32_t>::max() - 2) {
    // Stamps would wrap onto stale values; one clear every ~2^31 queries.
    for (Node& n : nodes_) n.stamp = 0;
    gen_ = kFirstGeneration;
  } else {
    gen_ += 2;
  }
  open_.clear();
  Counters& counters = result.counters;
  gx_ = static_cast<int>(goal % static_cast<CellId>(pw_));
  gy_ = static_cast<int>(goal / static_cast<CellId>(pw_));

  const bool timed = budget.time_limit_s > 0.0;
  const auto t0 =
      timed ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point{};

  Node& s = nodes_[start];
  s.stamp = gen_;
  s.g = 0.0;
  s.parent = kNoCell;
  dir_[start] = kNoDirection;
  open_.push(start, {heuristic(static_cast<int>(start % static_cast<CellId>(pw_)),
                               static_cast<int>(start / static_cast<CellId>(pw_))),
                     0.0});
  counters.generated = 1;
  counters.peak_open = 1;
  if constexpr (kTrace) {
    trace_->record_generated(start);
    trace_->log(TraceEventType::Generate, start, kNoCell, 0.0,
                heuristic(static_cast<int>(start % static_cast<CellId>(pw_)),
                          static_cast<int>(start / static_cast<CellId>(pw_))));
  }

  while (!open_.empty()) {
    const CellId c = open_.pop();
    Node& n = nodes_[c];
    n.stamp = gen_ + 1;
    if (c == goal) {
      write_path(start, goal, result);
      result.status = Status::Solved;
      return;
    }
    if (budget.max_expansions != 0 && counters.expansions >= budget.max_expansions) {
      if constexpr (kTrace) trace_->frontier.push_back(c);
      result.status = Status::Timeout;
      return;
    }
    if (timed && counters.expansions % Budget::kClockCheckInterval == 0 &&
        counters.expansions != 0) {
      const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - t0;
      if (elapsed.count() >= budget.time_limit_s) {
        if constexpr (kTrace) trace_->frontier.push_back(c);
        result.status = Status::Timeout;
        return;
      }
    }
    ++counters.expansions;
    cur_ = c;
    g_cur_ = n.g;
    // f of c, for the event log only.
    [[maybe_unused]] double f_c = 0.0;
    if constexpr (kTrace) {
      trace_->expanded.push_back(c);
      f_c = n.g + heuristic(static_cast<int>(c % static_cast<CellId>(pw_)),
                            static_cast<int>(c / static_cast<CellId>(pw_)));
      trace_->log(TraceEventType::Expand, c, n.parent, n.g, f_c);
    }
    static_cast<Derived*>(this)->template expand<kTrace>(c, counters);
    if constexpr (kTrace) trace_->log(TraceEventType::Close, c, n.parent, n.g, f_c);
  }
  result.status = Status::Unreachable;
  result.cost = kInf;
}

template <class Derived>
void JumpPointSearch<Derived>::write_path(CellId start, CellId goal, SearchResult& result) const {
  const auto pw = static_cast<CellId>(pw_);
  // Cell count first, so the path is written back to front in place with no scratch buffer.
  std::size_t cells = 1;
  for (CellId c = goal; c != start; c = nodes_[c].parent) {
    const CellId p = nodes_[c].parent;
    const int dx = std::abs(static_cast<int>(c % pw) - static_cast<int>(p % pw));
    const int dy = std::abs(static_cast<int>(c / pw) - static_cast<int>(p / pw));
    cells += static_cast<std::size_t>(std::max(dx, dy));
  }
  std::vector<CellId>& path = result.path;
  path.resize(cells);
  std::size_t i = cells - 1;
  path[i] = goal;
  for (CellId c = goal; c != start; c = nodes_[c].parent) {
    const CellId p = nodes_[c].parent;
    int x = static_cast<int>(c % pw), y = static_cast<int>(c / pw);
    const int px = static_cast<int>(p % pw), py = static_cast<int>(p / pw);
    // Forwards the segment is a diagonal run then a straight run; backwards, straight first.
    while (x != px || y != py) {
      const int rx = std::abs(x - px), ry = std::abs(y - py);
      const int sx = x > px ? 1 : x < px ? -1 : 0;
      const int sy = y > py ? 1 : y < py ? -1 : 0;
      if (rx > ry) {
        x -= sx;
      } else if (ry > rx) {
        y -= sy;
      } else {
        x -= sx;
        y -= sy;
      }
      path[--i] = id_of(x, y);
    }
  }
  double cost = 0.0;
  for (std::size_t k = 1; k < cells; ++k) {
    const CellId a = path[k - 1], b = path[k];
    const bool diagonal = a % pw != b % pw && a / pw != b / pw;
    cost += diagonal ? kSqrt2 : 1.0;
  }
  result.cost = cost;
}

}  // namespace pathbench
