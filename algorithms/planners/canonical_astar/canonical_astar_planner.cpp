#include "algorithms/planners/canonical_astar/canonical_astar_planner.h"

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <type_traits>
#include <vector>

#include "algorithms/core/moves.h"
#include "algorithms/core/path_cost.h"
#include "algorithms/core/planner.h"
#include "algorithms/core/search_trace.h"
#include "algorithms/heaps/binary_heap.h"
#include "algorithms/search/best_first_loop.h"
#include "algorithms/search/generation.h"
#include "algorithms/search/padded_octile_goal.h"

namespace pathbench {
namespace {

// kZeroH: canonical Dijkstra (h = 0, so f = g).
template <bool kZeroH>
class CanonicalAStar final : public Planner, public PaddedOctileGoal<kZeroH> {
  using Goal = PaddedOctileGoal<kZeroH>;
  using Goal::free_;
  using Goal::free_at;
  using Goal::goal_;
  using Goal::heuristic;
  using Goal::id_of;
  using Goal::pw_;

 public:
  CanonicalAStar() : Planner(octile_grids_only({.traceable = true})) {}

  std::size_t memory_bytes() const override {
    return nodes_.memory_bytes() + open_.memory_bytes() + reached_.capacity() * sizeof(Reached) +
           dir_.capacity() * sizeof(std::uint8_t) + chain_.capacity() * sizeof(CellId);
  }

  // The kernel's policy interface (best_first_loop.h): the rest is PaddedOctileGoal's.
  template <class F>
  [[gnu::always_inline]] void expand(CellId c, SearchCost g, F& out) {
    cur_ = c;
    const int x = static_cast<int>(c % static_cast<CellId>(pw_));
    const int y = static_cast<int>(c / static_cast<CellId>(pw_));
    const int dir = dir_[c];
    if (dir == kNoDirection) {  // the start: every canonical first move
      for (int d = kNorth; d <= kWest; ++d) run_straight(x, y, d, g, out);
      for (int d = kNorthEast; d < kNumDirections; ++d) run_diagonal(x, y, kDx[d], kDy[d], g, out);
      return;
    }
    // Only cardinal arrivals are queued (diagonal runs have no forced neighbours without corner
    // cutting; the goal is never expanded): continue straight, and turn where a side is forced.
    const int dx = kDx[dir], dy = kDy[dir];
    run_straight(x, y, dir, g, out);
    for (int side = -1; side <= 1; side += 2) {
      const int sx = dx == 0 ? side : 0, sy = dy == 0 ? side : 0;
      if (free_at(x - dx + sx, y - dy + sy) || !free_at(x + sx, y + sy)) continue;
      run_straight(x, y, sx > 0 ? kEast : sx < 0 ? kWest : sy > 0 ? kSouth : kNorth, g, out);
      run_diagonal(x, y, dx + sx, dy + sy, g, out);
    }
  }

 protected:
  void do_prepare(const Grid& grid) override {
    this->set_map(grid);
    nodes_.resize(grid.num_ids());
    open_.resize(grid.num_ids());
    dir_.assign(grid.num_ids(), kNoDirection);
    reached_.assign(grid.num_ids(), Reached{0, 0});
    reached_gen_ = Generation{};
  }

  void do_solve(CellId start, CellId goal, const Budget& budget, SearchResult& result) override {
    trace_ = trace();
    if (!trace_) return search<false>(start, goal, budget, result);
    static constexpr TraceStyle kScanned{TraceMarker::CellShade,
                                         marker_color(TraceMarker::CellShade),
                                         0,
                                         "g recorded by a canonical run",
                                         {}};
    scanned_ = &trace_->layer("scanned", kScanned);
    search_traced(start, goal, budget, result);
    record_open_set(nodes_, goal, result, *trace_);
  }

 private:
  static constexpr std::uint8_t kNoDirection = 0xFF;
  // The best g any run has recorded for a cell in this query (stamp == the query's), 16 bytes.
  struct Reached {
    SearchCost g;
    std::uint32_t stamp;
  };

  template <bool kTrace>
  using Out = Frontier<BinaryHeap<AStarOrder>, PlainKey,
                       std::conditional_t<kTrace, TraceListener, NoListener>>;
  template <class F>
  static constexpr bool kTraced = kListenerLogsValues<typename F::ListenerType>;

  // Records that a run reached c with g. False when a run already reached c more cheaply in this
  // query: this partial path is strictly suboptimal, and so is every extension of it. Ties pass:
  // an equally short path arriving from another direction continues differently.
  template <class F>
  [[gnu::always_inline]] bool reach(CellId c, SearchCost g) {
    Reached& r = reached_[c];
    if (r.stamp == stamp_ && r.g < g) return false;
    r.g = g;
    r.stamp = stamp_;
    if constexpr (kTraced<F>) trace_->record(*scanned_, c);
    return true;
  }

  // Queues padded (x, y), reached from the node being expanded with g, arriving with `dir`.
  template <class F>
  [[gnu::always_inline]] void generate(int x, int y, SearchCost g, int dir, F& out) {
    const CellId c = id_of(x, y);
    if (out.relax(c, cur_, g, [&] { return heuristic(x, y); }))
      dir_[c] = static_cast<std::uint8_t>(dir);
  }

  // Cardinal run from padded (x, y) (reached with g) in direction dir: straight on, cell by cell,
  // until a wall, a cell already reached more cheaply, the goal or a jump point (a forced side).
  template <class F>
  [[gnu::always_inline]] void run_straight(int x, int y, int dir, SearchCost g, F& out) {
    const int dx = kDx[dir], dy = kDy[dir];
    const std::ptrdiff_t step = static_cast<std::ptrdiff_t>(dy) * pw_ + dx;
    const std::ptrdiff_t side = dx == 0 ? 1 : static_cast<std::ptrdiff_t>(pw_);  // perpendicular
    const std::uint8_t* f = free_ + static_cast<std::ptrdiff_t>(y) * pw_ + x;
    CellId c = id_of(x, y);
    for (int k = 1;; ++k) {
      if (!f[step]) return;
      f += step;
      c += static_cast<CellId>(step);  // unsigned wrap-around adds a negative step exactly
      g += kCardinalCost;
      if (!reach<F>(c, g)) return;
      if (c == goal_ || (f[side] && !f[side - step]) || (f[-side] && !f[-side - step])) {
        generate(x + dx * k, y + dy * k, g, dir, out);
        return;
      }
    }
  }

  // Diagonal run from padded (x, y) (reached with g) in direction (sx, sy): steps while the step
  // is legal (both side cells free: no corner cutting), and from every cell it reaches runs the
  // two cardinal components (horizontal first). Diagonal cells are never queued, except the goal.
  template <class F>
  [[gnu::always_inline]] void run_diagonal(int x, int y, int sx, int sy, SearchCost g, F& out) {
    const int h_dir = sx > 0 ? kEast : kWest, v_dir = sy > 0 ? kSouth : kNorth;
    const std::ptrdiff_t row = static_cast<std::ptrdiff_t>(sy) * pw_;
    const std::uint8_t* f = free_ + static_cast<std::ptrdiff_t>(y) * pw_ + x;
    for (;;) {
      if (!f[sx] || !f[row] || !f[row + sx]) return;
      f += row + sx;
      x += sx;
      y += sy;
      g += kDiagonalCost;
      const CellId c = id_of(x, y);
      if (!reach<F>(c, g)) return;
      if (c == goal_) {
        generate(x, y, g, h_dir, out);
        return;
      }
      run_straight(x, y, h_dir, g, out);
      run_straight(x, y, v_dir, g, out);
    }
  }

  template <bool kTrace>
  void search(CellId start, CellId goal, const Budget& budget, SearchResult& result) {
    const SearchBudget limits(budget);
    this->set_goal(goal);
    if (reached_gen_.advance())
      for (Reached& r : reached_) r.stamp = 0;
    stamp_ = reached_gen_.open();
    std::conditional_t<kTrace, TraceListener, NoListener> listener;
    if constexpr (kTrace) listener.trace = trace_;
    Out<kTrace> out(nodes_, open_, PlainKey{}, result.counters, listener);
    out.begin();
    reached_[start] = Reached{0, stamp_};
    out.relax(start, kNoCell, 0, [&] { return this->h(start); });
    dir_[start] = kNoDirection;
    finish_query(best_first_loop(*this, out, limits), result,
                 [&] { write_path(start, goal, result); });
  }
  // Out of line, so that the traced bulk does not stop GCC inlining search<false> (as jps).
  [[gnu::noinline]] void search_traced(CellId start, CellId goal, const Budget& budget,
                                       SearchResult& result) {
    search<true>(start, goal, budget, result);
  }

  // Each queued node's parent is the jump point whose runs reached it: the segment between them
  // is a diagonal run then a straight run (either may be empty), written out cell by cell.
  void write_path(CellId start, CellId goal, SearchResult& result) {
    chain_.clear();
    for (CellId c = goal; c != start; c = nodes_[c].parent) chain_.push_back(c);
    std::vector<CellId>& path = result.path;
    path.push_back(start);
    const auto pw = static_cast<CellId>(pw_);
    for (auto it = chain_.rbegin(); it != chain_.rend(); ++it) {
      const CellId from = path.back(), to = *it;
      const int fx = static_cast<int>(from % pw), fy = static_cast<int>(from / pw);
      const int tx = static_cast<int>(to % pw), ty = static_cast<int>(to / pw);
      const int sx = (tx > fx) - (tx < fx), sy = (ty > fy) - (ty < fy);
      const int ax = std::abs(tx - fx), ay = std::abs(ty - fy);
      int x = fx, y = fy;
      for (int k = std::min(ax, ay); k > 0; --k) path.push_back(id_of(x += sx, y += sy));
      while (x != tx || y != ty) path.push_back(id_of(x += (x != tx) * sx, y += (y != ty) * sy));
    }
    // The path's own double sum, as A*'s: bit-equal to what the validator computes.
    result.cost = built_path_cost(grid(), result.path);
  }

  NodeArena nodes_;  // jump points (and the goal): the open and closed lists' records
  BinaryHeap<AStarOrder> open_;
  std::vector<std::uint8_t> dir_;  // arrival direction of each queued node
  std::vector<Reached> reached_;   // every cell's best recorded g: what prunes runs
  Generation reached_gen_;
  std::uint32_t stamp_ = 0;
  std::vector<CellId> chain_;  // write_path's scratch, reused across queries

  CellId cur_ = kNoCell;
  SearchTrace* trace_ = nullptr;
  TraceLayer* scanned_ = nullptr;
};

}  // namespace

PlannerInfo canonical_astar_planner_info() {
  PlannerInfo info;
  info.name = "canonical_astar";
  info.summary =
      "Canonical A* (Sturtevant & Rabin 2016): canonical-order runs, jump points queued, "
      "per-cell g pruning; 8-connected, uniform cost, no corner cutting";
  info.params = {Param::choice("heuristic", {"octile", "zero"})
                     .doc("octile: canonical A*; zero: canonical Dijkstra")};
  info.factory = [](const ParamSet& p) -> std::unique_ptr<Planner> {
    if (p.get_choice("heuristic") == "zero") return std::make_unique<CanonicalAStar<true>>();
    return std::make_unique<CanonicalAStar<false>>();
  };
  return info;
}

PlannerInfo canonical_dijkstra_planner_info() {
  return make_preset(canonical_astar_planner_info(), "canonical_dijkstra",
                     "Canonical Dijkstra: canonical_astar with heuristic=zero",
                     {{"heuristic", std::string("zero")}});
}

}  // namespace pathbench
