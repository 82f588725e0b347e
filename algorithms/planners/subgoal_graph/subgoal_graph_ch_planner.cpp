#include <algorithm>
#include <cstdlib>
#include <memory>

#include "algorithms/core/deadline.h"
#include "algorithms/core/path_cost.h"
#include "algorithms/heaps/binary_heap.h"
#include "algorithms/planners/subgoal_graph/subgoal_ch.h"
#include "algorithms/planners/subgoal_graph/subgoal_graph_planner.h"
#include "algorithms/search/generation.h"

namespace pathbench {
namespace {

using subgoal::kNoNode;
using subgoal::SubgoalCH;
using subgoal::SubgoalGraph;

class SubgoalGraphChPlanner final : public Planner {
 public:
  SubgoalGraphChPlanner() : Planner(octile_grids_only({.needs_preprocessing = true})) {}

  std::size_t memory_bytes() const override {
    return ch_.memory_bytes() + fwd_heap_.memory_bytes() + bwd_heap_.memory_bytes() +
           (fwd_.capacity() + bwd_.capacity()) * sizeof(Rec) +
           (nodes_.capacity() + stack_.capacity()) * 4 + cells_.capacity() * sizeof(CellId);
  }
  std::vector<std::string> extra_columns() const override {
    return {"sg_subgoals", "sg_edges", "ch_shortcuts", "ch_core"};
  }

 protected:
  void do_prepare(const Grid& grid) override {
    ch_.build(grid);
    const std::size_t n = ch_.num_nodes();
    fwd_.assign(n, Rec{});
    bwd_.assign(n, Rec{});
    fwd_heap_.resize(n);
    bwd_heap_.resize(n);
    gen_ = Generation{};
    pw_ = grid.padded_width();
  }

  void do_solve(CellId start, CellId goal, const Budget& budget, SearchResult& result) override {
    if (gen_.advance()) {
      for (Rec& r : fwd_) r.stamp = 0;
      for (Rec& r : bwd_) r.stamp = 0;
    }
    const SubgoalGraph& G = ch_.graph();
    const std::uint32_t open_stamp = gen_.open(), closed_stamp = gen_.closed();
    const CellId w = static_cast<CellId>(pw_);
    const int sx = static_cast<int>(start % w), sy = static_cast<int>(start / w);
    const int gx = static_cast<int>(goal % w), gy = static_cast<int>(goal / w);
    fwd_heap_.clear();
    bwd_heap_.clear();
    Counters& ctr = result.counters;
    SearchCost best = kInfiniteCost;
    std::uint32_t meet = kNoNode;

    // Reached with cost ng from `from` (kNoNode: a seed) in the search whose records are `mine`;
    // (tx, ty) is that search's target (the goal for the forward search, the start backward),
    // whose octile distance is the A* heuristic.
    const auto relax = [&](std::vector<Rec>& mine, const std::vector<Rec>& other, auto& heap,
                           int tx, int ty, std::uint32_t v, SearchCost ng, std::uint32_t from) {
      Rec& r = mine[v];
      if (r.stamp < open_stamp) {
        r = Rec{ng, from, open_stamp};
        heap.push(v, {ng + cost(G.px(v), G.py(v), tx, ty), ng});
        ++ctr.generated;
      } else if (r.stamp == open_stamp && ng < r.g) {
        r.g = ng;
        r.parent = from;
        heap.decrease_key(v, {ng + cost(G.px(v), G.py(v), tx, ty), ng});
        ++ctr.updates;
      } else {
        return;
      }
      if (other[v].stamp >= open_stamp && ng + other[v].g < best) {
        best = ng + other[v].g;
        meet = v;
      }
    };

    const std::uint32_t gn = G.node_of(goal);
    if (gn != kNoNode)
      relax(bwd_, fwd_, bwd_heap_, sx, sy, gn, 0, kNoNode);
    else
      G.scan<false>(goal, kNoCell, [&](std::uint32_t b) {
        relax(bwd_, fwd_, bwd_heap_, sx, sy, b, cost(G.px(b), G.py(b), gx, gy), kNoNode);
      });
    const std::uint32_t sn = G.node_of(start);
    if (sn != kNoNode) {
      relax(fwd_, bwd_, fwd_heap_, gx, gy, sn, 0, kNoNode);
    } else {
      const bool direct = G.scan<true>(start, goal, [&](std::uint32_t a) {
        relax(fwd_, bwd_, fwd_heap_, gx, gy, a, cost(G.px(a), G.py(a), sx, sy), kNoNode);
      });
      if (direct) {
        subgoal::write_direct_path(G, start, goal, result);
        finish(result);
        return;
      }
    }

    // Upward A* searches from both ends, each towards the other end; each stops once its smallest
    // f cannot improve `best`. Sound: arc costs are grid path lengths, never below the octile
    // distance, so the heuristic is consistent on the upward graph (g is final at expansion), and
    // every node x on the up part of the optimal path has g(x) + h(x) <= d(start, goal): each
    // side expands all of its half before it can stop with a worse `best`.
    const SearchBudget limits(budget);
    const SubgoalCH::UpArc* arcs = ch_.arcs();
    for (;;) {
      const bool f_live = !fwd_heap_.empty() && fwd_heap_.top_key().f < best;
      const bool b_live = !bwd_heap_.empty() && bwd_heap_.top_key().f < best;
      if (!f_live && !b_live) break;
      if (limits.exhausted(ctr.expansions)) {
        result.status = Status::Timeout;
        result.message = "expansion or time budget exhausted";
        result.mark_search_end();
        return;
      }
      const bool forward = f_live && (!b_live || fwd_heap_.top_key().f <= bwd_heap_.top_key().f);
      std::vector<Rec>& mine = forward ? fwd_ : bwd_;
      const std::vector<Rec>& other = forward ? bwd_ : fwd_;
      auto& heap = forward ? fwd_heap_ : bwd_heap_;
      const int tx = forward ? gx : sx, ty = forward ? gy : sy;
      const std::uint32_t u = heap.pop();
      mine[u].stamp = closed_stamp;
      ++ctr.expansions;
      const SearchCost gu = mine[u].g;
      // Stall on demand: a higher neighbour this search reached proves g(u) is not a distance
      // (the graph is undirected, so u's upward arcs are also the higher nodes' arcs into u);
      // u's arcs then lead nowhere a shortest up-path goes.
      bool stalled = false;
      for (std::uint32_t e = ch_.begin(u), end = ch_.end(u); e < end && !stalled; ++e) {
        const Rec& rw = mine[arcs[e].target];
        stalled = rw.stamp >= open_stamp && rw.g + arcs[e].cost < gu;
      }
      if (!stalled)
        for (std::uint32_t e = ch_.begin(u), end = ch_.end(u); e < end; ++e)
          relax(mine, other, heap, tx, ty, arcs[e].target, gu + arcs[e].cost, u);
      ctr.peak_open = std::max<std::uint64_t>(ctr.peak_open, fwd_heap_.size() + bwd_heap_.size());
    }
    result.mark_search_end();
    if (meet == kNoNode) {
      result.status = Status::Unreachable;
      fill_extras(result);
      return;
    }
    // Hierarchy nodes start side .. meet .. goal side, then unpacked into subgoals, then cells.
    nodes_.clear();
    for (std::uint32_t u = meet; u != kNoNode; u = fwd_[u].parent) nodes_.push_back(u);
    std::reverse(nodes_.begin(), nodes_.end());
    for (std::uint32_t u = bwd_[meet].parent; u != kNoNode; u = bwd_[u].parent) nodes_.push_back(u);
    cells_.clear();
    cells_.push_back(start);
    const auto add = [&](CellId c) {
      if (cells_.back() != c) cells_.push_back(c);
    };
    add(G.cell(nodes_[0]));
    for (std::size_t i = 0; i + 1 < nodes_.size(); ++i) {
      stack_.clear();
      ch_.unpack(nodes_[i], nodes_[i + 1], stack_);
      for (std::uint32_t v : stack_) add(G.cell(v));
    }
    add(goal);
    result.path.push_back(start);
    for (std::size_t i = 0; i + 1 < cells_.size(); ++i)
      G.append_h_path(cells_[i], cells_[i + 1], result.path);
    finish(result);
  }

 private:
  struct Rec {
    SearchCost g = 0;
    std::uint32_t parent = kNoNode;
    std::uint32_t stamp = 0;
  };
  static SearchCost cost(int ax, int ay, int bx, int by) {
    return octile_cost(std::abs(ax - bx), std::abs(ay - by));
  }
  void fill_extras(SearchResult& result) const {
    result.extras.assign(
        {static_cast<double>(ch_.num_nodes()), static_cast<double>(ch_.graph().num_edges()),
         static_cast<double>(ch_.num_shortcuts()), static_cast<double>(ch_.core_size())});
  }
  void finish(SearchResult& result) const {
    result.status = Status::Solved;
    result.cost = built_path_cost(grid(), result.path);
    fill_extras(result);
  }

  SubgoalCH ch_;
  std::vector<Rec> fwd_, bwd_;
  BinaryHeap<> fwd_heap_, bwd_heap_;
  std::vector<std::uint32_t> nodes_, stack_;
  std::vector<CellId> cells_;
  Generation gen_;
  int pw_ = 0;
};

}  // namespace

PlannerInfo subgoal_graph_ch_planner_info() {
  return planner_without_params<SubgoalGraphChPlanner>(
      "subgoal_graph_ch",
      "contraction hierarchy over the subgoal graph (after Harabor, Uras, Stuckey & "
      "Koenig 2019): bidirectional upward A* search; 8-connected, uniform cost, no corner "
      "cutting");
}

}  // namespace pathbench
