#include "algorithms/planners/subgoal_graph/subgoal_graph_planner.h"

#include <algorithm>
#include <cstdlib>
#include <memory>

#include "algorithms/core/deadline.h"
#include "algorithms/core/path_cost.h"
#include "algorithms/heaps/binary_heap.h"
#include "algorithms/planners/subgoal_graph/subgoal_graph.h"
#include "algorithms/search/generation.h"

namespace pathbench {
namespace {

using subgoal::kNoNode;
using subgoal::SubgoalGraph;

class SubgoalGraphPlanner final : public Planner {
 public:
  explicit SubgoalGraphPlanner(const ParamSet& p)
      : Planner(octile_grids_only({.needs_preprocessing = true})), two_level_(p.get_bool("tl")) {}

  std::size_t memory_bytes() const override {
    return graph_.memory_bytes() + open_.memory_bytes() + rec_.capacity() * sizeof(Rec) +
           link_.capacity() * sizeof(Rec) + waypoints_.capacity() * sizeof(CellId);
  }
  std::vector<std::string> extra_columns() const override {
    return {"sg_subgoals", "sg_global", "sg_edges"};
  }

 protected:
  void do_prepare(const Grid& grid) override {
    graph_.build(grid, two_level_);
    const std::size_t n = graph_.num_nodes() + 2;
    rec_.assign(n, Rec{});
    link_.assign(n, Rec{});
    open_.resize(n);
    gen_ = Generation{};
    pw_ = grid.padded_width();
    waypoints_.reserve(256);
  }

  void do_solve(CellId start, CellId goal, const Budget& budget, SearchResult& result) override {
    if (gen_.advance()) {
      for (Rec& r : rec_) r.stamp = 0;
      for (Rec& r : link_) r.stamp = 0;
    }
    const SubgoalGraph& G = graph_;
    const std::uint32_t src = G.num_nodes(), dst = src + 1;
    const std::uint32_t open_stamp = gen_.open(), closed_stamp = gen_.closed();
    const CellId w = static_cast<CellId>(pw_);
    gx_ = static_cast<int>(goal % w);
    gy_ = static_cast<int>(goal / w);
    const int sx = static_cast<int>(start % w), sy = static_cast<int>(start / w);
    open_.clear();
    Counters& ctr = result.counters;

    // Goal connections: link_[v].g = cost from v to the goal through its link (via
    // link_[v].parent, a local subgoal, or kNoNode for a direct one).
    const SubgoalGraph::Arc* arcs = G.arcs();
    const auto link = [&](std::uint32_t v, SearchCost c, std::uint32_t via) {
      Rec& l = link_[v];
      if (l.stamp != open_stamp || c < l.g) l = Rec{c, via, open_stamp};
    };
    const auto link_node = [&](std::uint32_t b, SearchCost cb) {
      link(b, cb, kNoNode);
      const SubgoalGraph::Node& nb = G.node(b);
      if (nb.global) return;
      for (std::uint32_t e = nb.begin; e < nb.gend; ++e)
        link(arcs[e].target, cost(nb.px, nb.py, arcs[e].px, arcs[e].py) + cb, b);
    };
    const std::uint32_t gn = G.node_of(goal);
    if (gn != kNoNode)
      link_node(gn, 0);
    else
      G.scan<false>(goal, kNoCell,
                    [&](std::uint32_t b) { link_node(b, cost(G.px(b), G.py(b), gx_, gy_)); });

    // v at padded (vx, vy), reached with cost ng from `from`.
    const auto relax = [&](std::uint32_t v, int vx, int vy, SearchCost ng, std::uint32_t from) {
      Rec& r = rec_[v];
      if (r.stamp < open_stamp) {
        r = Rec{ng, from, open_stamp};
        open_.push(v, {ng + cost(vx, vy, gx_, gy_), ng});
        ++ctr.generated;
      } else if (r.stamp == open_stamp && ng < r.g) {
        r.g = ng;
        r.parent = from;
        open_.decrease_key(v, {ng + cost(vx, vy, gx_, gy_), ng});
        ++ctr.updates;
      }
    };
    const auto relax_goal = [&](std::uint32_t u, SearchCost gu) {
      const SearchCost ng = gu + link_[u].g;
      Rec& r = rec_[dst];
      if (r.stamp < open_stamp) {
        r = Rec{ng, u, open_stamp};
        goal_via_ = link_[u].parent;
        open_.push(dst, {ng, ng});
        ++ctr.generated;
      } else if (ng < r.g) {
        r.g = ng;
        r.parent = u;
        goal_via_ = link_[u].parent;
        open_.decrease_key(dst, {ng, ng});
        ++ctr.updates;
      }
    };

    const std::uint32_t sn = G.node_of(start);
    if (sn != kNoNode) {
      relax(sn, G.px(sn), G.py(sn), 0, src);
    } else {
      const bool direct = G.scan<true>(start, goal, [&](std::uint32_t a) {
        relax(a, G.px(a), G.py(a), cost(G.px(a), G.py(a), sx, sy), src);
      });
      if (direct) {
        subgoal::write_direct_path(G, start, goal, result);
        finish(result);
        return;
      }
    }
    ctr.peak_open = open_.size();

    const SearchBudget limits(budget);
    bool found = false;
    while (!open_.empty()) {
      const std::uint32_t u = open_.top();
      if (u == dst) {
        found = true;
        break;
      }
      if (limits.exhausted(ctr.expansions)) {
        result.status = Status::Timeout;
        result.message = "expansion or time budget exhausted";
        result.mark_search_end();
        return;
      }
      open_.pop();
      Rec& ru = rec_[u];
      ru.stamp = closed_stamp;
      ++ctr.expansions;
      const SearchCost gu = ru.g;
      if (link_[u].stamp == open_stamp) relax_goal(u, gu);
      const SubgoalGraph::Node& nu = G.node(u);
      for (std::uint32_t e = nu.begin; e < nu.gend; ++e) {
        const SubgoalGraph::Arc& a = arcs[e];
        relax(a.target, a.px, a.py, gu + cost(nu.px, nu.py, a.px, a.py), u);
      }
      // A local node (one start connects to) also leads to the local subgoals the goal
      // connects to.
      if (!nu.global)
        for (std::uint32_t e = nu.gend; e < nu.end; ++e) {
          const SubgoalGraph::Arc& a = arcs[e];
          if (link_[a.target].stamp != open_stamp) continue;
          relax(a.target, a.px, a.py, gu + cost(nu.px, nu.py, a.px, a.py), u);
        }
      ctr.peak_open = std::max<std::uint64_t>(ctr.peak_open, open_.size());
    }
    result.mark_search_end();
    if (!found) {
      result.status = Status::Unreachable;
      fill_extras(result);
      return;
    }
    // Waypoints goal .. start (a subgoal start or goal appears once).
    waypoints_.clear();
    const auto add = [&](CellId c) {
      if (waypoints_.empty() || waypoints_.back() != c) waypoints_.push_back(c);
    };
    add(goal);
    if (goal_via_ != kNoNode) add(G.cell(goal_via_));
    for (std::uint32_t u = rec_[dst].parent; u != src; u = rec_[u].parent) add(G.cell(u));
    add(start);
    result.path.push_back(start);
    for (std::size_t i = waypoints_.size() - 1; i > 0; --i)
      G.append_h_path(waypoints_[i], waypoints_[i - 1], result.path);
    finish(result);
  }

 private:
  // Octile distance in the search lattice: every edge's cost, and the heuristic.
  static SearchCost cost(int ax, int ay, int bx, int by) {
    return octile_cost(std::abs(ax - bx), std::abs(ay - by));
  }
  // Per node: search record (g, parent, stamp), or goal link (cost, via, stamp).
  struct Rec {
    SearchCost g = 0;
    std::uint32_t parent = kNoNode;
    std::uint32_t stamp = 0;
  };
  void fill_extras(SearchResult& result) const {
    result.extras.assign({static_cast<double>(graph_.num_nodes()),
                          static_cast<double>(graph_.num_global()),
                          static_cast<double>(graph_.num_edges())});
  }
  void finish(SearchResult& result) const {
    result.status = Status::Solved;
    result.cost = built_path_cost(grid(), result.path);
    fill_extras(result);
  }

  bool two_level_;
  SubgoalGraph graph_;
  BinaryHeap<> open_;
  std::vector<Rec> rec_;
  std::vector<Rec> link_;
  std::vector<CellId> waypoints_;
  Generation gen_;
  int pw_ = 0;
  int gx_ = 0, gy_ = 0;
  std::uint32_t goal_via_ = kNoNode;
};

}  // namespace

PlannerInfo subgoal_graph_planner_info() {
  PlannerInfo info;
  info.name = "subgoal_graph";
  info.summary =
      "subgoal graph (Uras, Koenig & Hernandez 2013): A* over obstacle-corner subgoals linked by "
      "direct-h-reachable edges; tl: two-level graph; 8-connected, uniform cost, no corner cutting";
  info.params = {Param::boolean("tl").defaults_to(false).doc(
      "two-level subgoal graph: search only global subgoals plus start/goal connections")};
  info.factory = make_planner<SubgoalGraphPlanner>;
  return info;
}

}  // namespace pathbench
