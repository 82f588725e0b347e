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
      : Planner(Capabilities{.uniform_cost_only = true,
                             .supports_four_connected = false,
                             .supports_corner_cutting = false,
                             .needs_preprocessing = true}),
        two_level_(p.get_bool("tl")) {}

  std::size_t memory_bytes() const override {
    return graph_.memory_bytes() + open_.memory_bytes() + g_.capacity() * sizeof(SearchCost) +
           parent_.capacity() * 4 + stamp_.capacity() * 4 + lcost_.capacity() * sizeof(SearchCost) +
           lvia_.capacity() * 4 + lstamp_.capacity() * 4;
  }
  std::vector<std::string> extra_columns() const override {
    return {"sg_subgoals", "sg_global", "sg_edges"};
  }

 protected:
  void do_prepare(const Grid& grid) override {
    graph_.build(grid, two_level_);
    const std::size_t n = graph_.num_nodes() + 2;
    g_.assign(n, 0);
    parent_.assign(n, kNoNode);
    stamp_.assign(n, 0);
    lcost_.assign(n, 0);
    lvia_.assign(n, kNoNode);
    lstamp_.assign(n, 0);
    open_.resize(n);
    gen_ = Generation{};
    pw_ = grid.padded_width();
    waypoints_.reserve(256);
  }

  void do_solve(CellId start, CellId goal, const Budget& budget, SearchResult& result) override {
    if (gen_.advance()) {
      std::fill(stamp_.begin(), stamp_.end(), 0);
      std::fill(lstamp_.begin(), lstamp_.end(), 0);
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

    // Goal connections: lcost_[v] = cost from v to the goal through its link (via lvia_[v]).
    const auto link = [&](std::uint32_t v, SearchCost c, std::uint32_t via) {
      if (lstamp_[v] != open_stamp || c < lcost_[v]) {
        lstamp_[v] = open_stamp;
        lcost_[v] = c;
        lvia_[v] = via;
      }
    };
    const auto link_node = [&](std::uint32_t b, SearchCost cb) {
      link(b, cb, kNoNode);
      if (G.global(b)) return;
      for (std::uint32_t e = G.begin(b), end = G.global_end(b); e < end; ++e)
        link(G.target(e), G.arc_cost(e) + cb, b);
    };
    const std::uint32_t gn = G.node_of(goal);
    if (gn != kNoNode)
      link_node(gn, 0);
    else
      G.scan<false>(goal, kNoCell, [&](std::uint32_t b) {
        link_node(b, octile_cost(std::abs(G.px(b) - gx_), std::abs(G.py(b) - gy_)));
      });

    const auto relax = [&](std::uint32_t v, SearchCost ng, std::uint32_t from) {
      if (stamp_[v] < open_stamp) {
        stamp_[v] = open_stamp;
        g_[v] = ng;
        parent_[v] = from;
        open_.push(v, {ng + h(v), ng});
        ++ctr.generated;
      } else if (stamp_[v] == open_stamp && ng < g_[v]) {
        g_[v] = ng;
        parent_[v] = from;
        open_.decrease_key(v, {ng + h(v), ng});
        ++ctr.updates;
      }
    };
    const auto relax_goal = [&](std::uint32_t u) {
      const SearchCost ng = g_[u] + lcost_[u];
      if (stamp_[dst] < open_stamp) {
        stamp_[dst] = open_stamp;
        g_[dst] = ng;
        parent_[dst] = u;
        goal_via_ = lvia_[u];
        open_.push(dst, {ng, ng});
        ++ctr.generated;
      } else if (ng < g_[dst]) {
        g_[dst] = ng;
        parent_[dst] = u;
        goal_via_ = lvia_[u];
        open_.decrease_key(dst, {ng, ng});
        ++ctr.updates;
      }
    };

    const std::uint32_t sn = G.node_of(start);
    if (sn != kNoNode) {
      relax(sn, 0, src);
    } else {
      const bool direct = G.scan<true>(start, goal, [&](std::uint32_t a) {
        relax(a, octile_cost(std::abs(G.px(a) - sx), std::abs(G.py(a) - sy)), src);
      });
      if (direct) {  // h-reachable: the octile path is a shortest path
        result.mark_search_end();
        result.path.push_back(start);
        G.append_h_path(start, goal, result.path);
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
      stamp_[u] = closed_stamp;
      ++ctr.expansions;
      if (lstamp_[u] == open_stamp) relax_goal(u);
      const SearchCost gu = g_[u];
      if (G.global(u)) {
        for (std::uint32_t e = G.begin(u), end = G.global_end(u); e < end; ++e)
          relax(G.target(e), gu + G.arc_cost(e), u);
      } else {
        for (std::uint32_t e = G.begin(u), end = G.end(u); e < end; ++e) {
          const std::uint32_t v = G.target(e);
          if (!G.global(v) && lstamp_[v] != open_stamp) continue;
          relax(v, gu + G.arc_cost(e), u);
        }
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
    for (std::uint32_t u = parent_[dst]; u != src; u = parent_[u]) add(G.cell(u));
    add(start);
    result.path.push_back(start);
    for (std::size_t i = waypoints_.size() - 1; i > 0; --i)
      G.append_h_path(waypoints_[i], waypoints_[i - 1], result.path);
    finish(result);
  }

 private:
  SearchCost h(std::uint32_t v) const {
    return octile_cost(std::abs(graph_.px(v) - gx_), std::abs(graph_.py(v) - gy_));
  }
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
  std::vector<SearchCost> g_;
  std::vector<std::uint32_t> parent_, stamp_;
  std::vector<SearchCost> lcost_;
  std::vector<std::uint32_t> lvia_, lstamp_;
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
