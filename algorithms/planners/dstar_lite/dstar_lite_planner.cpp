#include "algorithms/planners/dstar_lite/dstar_lite_planner.h"

#include <cmath>
#include <cstdlib>
#include <limits>

#include "algorithms/core/deadline.h"
#include "algorithms/core/moves.h"
#include "algorithms/heaps/binary_heap.h"
#include "algorithms/search/generation.h"

namespace pathbench {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Relative slack on k1 in ComputeShortestPath's termination test (see there).
constexpr double kKeyTolerance = 1e-9;

// [k1, k2] comparison without the id tie-break (the stale-key test of the paper).
bool key_less(const RealHeapKey& a, const RealHeapKey& b) {
  return a.f < b.f || (a.f == b.f && a.g < b.g);
}

class DStarLitePlanner final : public Planner {
 public:
  DStarLitePlanner() : Planner(Capabilities{.incremental = true, .traceable = true}) {}

  std::size_t memory_bytes() const override {
    return nodes_.capacity() * sizeof(Node) + open_.memory_bytes();
  }

  Status update(const std::vector<Point>& cells) override {
    if (goal_ == kNoCell) return Status::Solved;  // no search yet: the next one starts fresh
    const Grid& g = grid();
    for (const Point& p : cells)
      if (g.in_bounds(p.x, p.y) && g.cell_cost(g.id(p)) < h_scale_) {
        // A cost below the smallest one h was scaled by makes h inadmissible, and h cannot change
        // under queued keys: the next replan starts a fresh search with the new scale.
        h_scale_ = g.min_cell_cost();
        goal_ = kNoCell;
        return Status::Solved;
      }
    // Traced: kept for the next replan's trace (Planner::solve clears the trace when it starts).
    const bool traced = trace() != nullptr;
    for (const Point& p : cells) {
      if (traced && g.in_bounds(p.x, p.y)) pending_changed_.push_back(g.id(p));
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          if (!g.in_bounds(p.x + dx, p.y + dy)) continue;
          const CellId u = g.id(p.x + dx, p.y + dy);
          if (u == goal_) continue;  // rhs(goal) = 0 by definition
          at(u).rhs = best_rhs(u);
          const bool pushed = update_vertex(u, pending_);
          if (traced) {
            pending_updated_.push_back(u);
            if (pushed) pending_generated_.push_back(u);
          }
        }
    }
    return Status::Solved;
  }

  Status replan_from(Point new_start, const Budget& budget, SearchResult& result) override {
    continue_ = true;
    const Status s = Planner::replan_from(new_start, budget, result);
    continue_ = false;
    return s;
  }

 protected:
  void do_prepare(const Grid& grid) override {
    nodes_.assign(grid.num_ids(), Node{kInf, kInf, 0});
    open_.resize(grid.num_ids());
    off_ = MoveOffsets(grid);
    four_ = grid.rules().connectivity == Connectivity::Four;
    h_scale_ = grid.min_cell_cost();
    gen_ = Generation{};
    goal_ = start_ = kNoCell;
    pending_ = {};
    pending_generated_.clear();
    pending_changed_.clear();
    pending_updated_.clear();
  }

  void do_solve(CellId start, CellId goal, const Budget& budget, SearchResult& result) override {
    // One check per query; the traced search is a separate instantiation.
    trace_ = trace();
    if (trace_)
      solve_impl<true>(start, goal, budget, result);
    else
      solve_impl<false>(start, goal, budget, result);
  }

 private:
  template <bool kTrace>
  void solve_impl(CellId start, CellId goal, const Budget& budget, SearchResult& result) {
    Counters& k = result.counters;
    if (continue_ && goal == goal_) {
      if (start != start_) {
        k_m_ += h(start_, start);
        set_start(start);
      }
      k.generated += pending_.generated;
      k.updates += pending_.updates;
      if (pending_.peak_open > k.peak_open) k.peak_open = pending_.peak_open;
      if constexpr (kTrace) {
        // update()'s queue insertions count in this replan: recorded first, at step 0.
        for (CellId c : pending_generated_) trace_->record_generated(c);
        for (CellId c : pending_changed_) trace_->record(trace_->layer("changed"), c);
        for (CellId c : pending_updated_) trace_->record(trace_->layer("updated"), c);
      }
    } else {
      initialize<kTrace>(start, goal, k);
    }
    pending_ = {};
    pending_generated_.clear();
    pending_changed_.clear();
    pending_updated_.clear();
    const bool finished = compute_shortest_path<kTrace>(budget, k);
    if constexpr (kTrace) {
      // The queue when the search stopped; O(map) per traced query, nothing when untraced.
      for (CellId c = 0; c < static_cast<CellId>(nodes_.size()); ++c)
        if (open_.contains(c)) trace_->frontier.push_back(c);
    }
    if (!finished) {
      result.status = Status::Timeout;
      return;
    }
    if (at(start).rhs == kInf) {
      result.status = Status::Unreachable;
      return;
    }
    // g is final: following it from the start is path writing (path_us), not search.
    result.mark_search_end();
    extract_path(result);
  }

  struct Node {
    double g;
    double rhs;
    std::uint32_t stamp;  // gen_.seen(): this search's values; otherwise g = rhs = infinity
  };

  // The record of `c` for the current search, reset lazily on first touch.
  Node& at(CellId c) {
    Node& n = nodes_[c];
    if (!gen_.seen(n.stamp)) n = Node{kInf, kInf, gen_.open()};
    return n;
  }
  double g_of(CellId c) const {
    const Node& n = nodes_[c];
    return gen_.seen(n.stamp) ? n.g : kInf;
  }

  double h(CellId a, CellId b) const {
    const Grid& gr = grid();
    const int dx = std::abs(gr.x_of(a) - gr.x_of(b)), dy = std::abs(gr.y_of(a) - gr.y_of(b));
    return h_scale_ * (four_ ? dx + dy : octile_distance(dx, dy));
  }
  // h(start, s) with the start's coordinates cached (keys are computed per queue operation).
  double h_from_start(CellId s) const {
    const Grid& gr = grid();
    const int dx = std::abs(gr.x_of(s) - sx_), dy = std::abs(gr.y_of(s) - sy_);
    return h_scale_ * (four_ ? dx + dy : octile_distance(dx, dy));
  }
  RealHeapKey key(CellId s, const Node& n) const {
    const double m = std::min(n.g, n.rhs);
    return {m + h_from_start(s) + k_m_, m};
  }

  void set_start(CellId s) {
    start_ = s;
    sx_ = grid().x_of(s);
    sy_ = grid().y_of(s);
  }

  template <bool kTrace>
  void initialize(CellId start, CellId goal, Counters& k) {
    if (gen_.advance())
      for (Node& n : nodes_) n.stamp = 0;
    open_.clear();
    k_m_ = 0.0;
    set_start(start);
    goal_ = goal;
    Node& t = at(goal);
    t.rhs = 0.0;
    open_.push(goal, key(goal, t));
    ++k.generated;
    if constexpr (kTrace) {
      trace_->record_generated(goal);
      log_key(TraceEventType::Generate, goal);
    }
    k.peak_open = std::max<std::uint64_t>(k.peak_open, 1);
  }

  // min over legal successors s' of c(u, s') + g(s'); infinity for a blocked cell.
  double best_rhs(CellId u) {
    const Grid& gr = grid();
    if (!gr.passable(u)) return kInf;
    double best = kInf;
    for_each_successor(gr, off_, u, [&](CellId n, double step) {
      const double v = step + g_of(n);
      if (v < best) best = v;
    });
    return best;
  }

  // Returns true when u was pushed (a generation; callers that trace record it).
  bool update_vertex(CellId u, Counters& k) {
    Node& n = at(u);
    if (n.g != n.rhs) {
      if (open_.contains(u)) {
        open_.update(u, key(u, n));
        ++k.updates;
      } else {
        open_.push(u, key(u, n));
        ++k.generated;
        if (open_.size() > k.peak_open) k.peak_open = open_.size();
        return true;
      }
    } else if (open_.contains(u)) {
      open_.remove(u);
    }
    return false;
  }
  template <bool kTrace>
  void update_vertex_traced(CellId u, Counters& k) {
    [[maybe_unused]] const std::uint64_t updates_before = k.updates;
    const bool pushed = update_vertex(u, k);
    if constexpr (kTrace) {
      if (pushed) {
        trace_->record_generated(u);
        log_key(TraceEventType::Generate, u);
      } else if (k.updates != updates_before) {
        log_key(TraceEventType::Update, u);
      }
    }
  }
  // The event log's values for u: its queue key [f, g] (traced searches only).
  void log_key(TraceEventType type, CellId u) {
    if (!trace_->log_events) return;
    const RealHeapKey kk = key(u, at(u));
    trace_->log(type, u, kNoCell, kk.g, kk.f);
  }

  // Returns false on budget exhaustion (the state stays consistent: a later call resumes).
  template <bool kTrace>
  bool compute_shortest_path(const Budget& budget, Counters& k) {
    const SearchBudget limits(budget);
    const Grid& gr = grid();
    const bool terrain = gr.has_terrain();
    std::uint64_t local = 0;
    while (!open_.empty()) {
      const Node& s = at(start_);
      // The paper stops once the top key is not below key(start). Mathematically, a queued cell
      // with k1 == k1(start) has a smaller k2 (k2 = k1 - k_m - h(start, s), and h = 0 only at
      // the start), so it must still be processed; with doubles the two k1 sums can differ in
      // the last bits and flip that test. So k1 is compared with a relative tolerance far above
      // rounding error and far below any real cost difference: processing extra cells is always
      // safe, stopping early is not.
      const double k1_start = key(start_, s).f;
      if (open_.top_key().f > k1_start + kKeyTolerance * std::max(1.0, std::fabs(k1_start)) &&
          !(s.rhs > s.g))
        break;
      const CellId u = open_.top();
      const RealHeapKey k_old = open_.top_key();
      Node& nu = at(u);
      const RealHeapKey k_new = key(u, nu);
      if (key_less(k_old, k_new)) {  // stale key from before a move: re-insert
        open_.update(u, k_new);
        ++k.updates;
        if constexpr (kTrace) trace_->log(TraceEventType::Update, u, kNoCell, k_new.g, k_new.f);
        continue;
      }
      if (limits.exhausted(local)) return false;
      ++local;
      ++k.expansions;
      if constexpr (kTrace) {
        trace_->expanded.push_back(u);
        trace_->log(TraceEventType::Expand, u, kNoCell, k_old.g, k_old.f);
      }
      // Predecessors of u are its legal neighbours (moves are symmetric); c(s, u) = step
      // length x cell_cost(u). A blocked u has none.
      const double cost_u = terrain ? gr.cell_cost(u) : 1.0;
      if (nu.g > nu.rhs) {  // overconsistent: settle u
        nu.g = nu.rhs;
        const double gu = nu.g;
        open_.remove(u);
        if (!gr.passable(u)) continue;
        for_each_successor(gr, off_, u, [&](CellId s2, double, int dir) {
          if (s2 == goal_) return;
          Node& ns = at(s2);
          const double v = (is_diagonal(dir) ? kSqrt2 : 1.0) * cost_u + gu;
          if (v < ns.rhs) {
            ns.rhs = v;
            update_vertex_traced<kTrace>(s2, k);
          }
        });
      } else {  // underconsistent: forget u's g and repair whoever relied on it
        const double g_old = nu.g;
        nu.g = kInf;
        if (gr.passable(u))
          for_each_successor(gr, off_, u, [&](CellId s2, double, int dir) {
            if (s2 == goal_) return;
            Node& ns = at(s2);
            if (ns.rhs == (is_diagonal(dir) ? kSqrt2 : 1.0) * cost_u + g_old) {
              ns.rhs = best_rhs(s2);
              update_vertex_traced<kTrace>(s2, k);
            }
          });
        if (u != goal_) at(u).rhs = best_rhs(u);
        update_vertex_traced<kTrace>(u, k);
      }
    }
    return true;
  }

  // Follows argmin c(s, s') + g(s') from the start. Each step strictly lowers the remaining
  // cost on a correct search; the step bound only guards against a broken invariant.
  void extract_path(SearchResult& result) {
    const Grid& gr = grid();
    result.path.push_back(start_);
    double cost = 0.0;
    CellId c = start_;
    for (std::size_t steps = 0; c != goal_; ++steps) {
      double best = kInf, best_step = 0.0;
      CellId next = kNoCell;
      for_each_successor(gr, off_, c, [&](CellId n, double step) {
        const double v = step + g_of(n);
        if (v < best) {
          best = v;
          best_step = step;
          next = n;
        }
      });
      if (next == kNoCell || best == kInf || steps > nodes_.size()) {
        result.path.clear();
        result.status = Status::Unreachable;
        result.message = "internal error: D* Lite path extraction failed";
        return;
      }
      cost += best_step;
      result.path.push_back(next);
      c = next;
    }
    result.status = Status::Solved;
    result.cost = cost;
  }

  std::vector<Node> nodes_;
  BinaryHeap<LexicographicOrder> open_;
  MoveOffsets off_{Grid{}};
  bool four_ = false;
  double h_scale_ = 1.0;
  Generation gen_;
  CellId start_ = kNoCell, goal_ = kNoCell;
  int sx_ = 0, sy_ = 0;
  double k_m_ = 0.0;
  bool continue_ = false;  // set by replan_from: do_solve continues instead of restarting
  Counters pending_;       // queue work done by update(), reported with the next replan
  // Traced runs only: the current query's trace, and what update() did for the next replan's
  // trace (its queue insertions, the cells it was given, the cells whose rhs it recomputed).
  SearchTrace* trace_ = nullptr;
  std::vector<CellId> pending_generated_, pending_changed_, pending_updated_;
};

}  // namespace

PlannerInfo dstar_lite_planner_info() {
  return planner_without_params<DStarLitePlanner>(
      "dstar_lite",
      "D* Lite (Koenig & Likhachev 2002), backward incremental search; "
      "replan_from/update reuse");
}

}  // namespace pathbench
