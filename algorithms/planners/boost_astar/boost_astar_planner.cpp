// The only translation unit that includes Boost.Graph (see boost_astar_planner.h for the design).
#include "algorithms/planners/boost_astar/boost_astar_planner.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include <boost/graph/astar_search.hpp>
#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/property_map/property_map.hpp>

#include "algorithms/core/deadline.h"
#include "algorithms/core/moves.h"
#include "algorithms/core/planner.h"

namespace pathbench {
namespace {

struct EdgeProps {
  double weight = 0.0;
};
using Graph = boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, EdgeProps>;
using Vertex = boost::graph_traits<Graph>::vertex_descriptor;

constexpr std::uint32_t kNoVertex = 0xFFFFFFFFu;

// Thrown out of astar_search from the visitor: the BGL's documented way to stop early.
struct FoundGoal {};
struct BudgetExhausted {};

// Admissible and consistent: the octile (or manhattan) distance of an obstacle-free grid where
// every cell costs the cheapest multiplier on the map.
class GridHeuristic : public boost::astar_heuristic<Graph, double> {
 public:
  GridHeuristic(const Grid& grid, const std::vector<CellId>& cell_of, CellId goal, double scale)
      : cell_of_(&cell_of),
        padded_width_(static_cast<CellId>(grid.padded_width())),
        goal_x_(static_cast<int>(goal % padded_width_)),
        goal_y_(static_cast<int>(goal / padded_width_)),
        scale_(scale),
        eight_(grid.rules().connectivity == Connectivity::Eight) {}

  double operator()(Vertex v) const {
    const CellId c = (*cell_of_)[v];
    const int dx = std::abs(static_cast<int>(c % padded_width_) - goal_x_);
    const int dy = std::abs(static_cast<int>(c / padded_width_) - goal_y_);
    return scale_ * (eight_ ? octile_distance(dx, dy) : dx + dy);
  }

 private:
  const std::vector<CellId>* cell_of_;
  CellId padded_width_;
  int goal_x_;
  int goal_y_;
  double scale_;
  bool eight_;
};

// Per-query bookkeeping, reached through a pointer because the BGL copies visitors by value.
struct VisitState {
  Counters counters;
  std::uint64_t open = 0;     // pushes minus pops
  std::uint64_t relaxed = 0;  // edge_relaxed events: pushes of white/black targets + decrease-keys
  Vertex goal = 0;
  SearchBudget budget;
};

class GoalVisitor : public boost::default_astar_visitor {
 public:
  explicit GoalVisitor(VisitState& state) : s_(&state) {}

  void discover_vertex(Vertex, const Graph&) { push(); }
  void black_target(boost::graph_traits<Graph>::edge_descriptor, const Graph&) { push(); }
  void edge_relaxed(boost::graph_traits<Graph>::edge_descriptor, const Graph&) { ++s_->relaxed; }

  void examine_vertex(Vertex u, const Graph&) {
    --s_->open;
    if (u == s_->goal) throw FoundGoal{};
    Counters& c = s_->counters;
    if (s_->budget.exhausted(c.expansions)) throw BudgetExhausted{};
    ++c.expansions;
  }

 private:
  void push() {
    ++s_->counters.generated;
    ++s_->open;
    s_->counters.peak_open = std::max(s_->counters.peak_open, s_->open);
  }

  VisitState* s_;
};

class BoostAStarPlanner final : public Planner {
 public:
  // Optimal on every move rule and terrain; not traceable.
  BoostAStarPlanner() : Planner(Capabilities{}) {}

  std::size_t memory_bytes() const override {
    const std::size_t v = boost::num_vertices(graph_), e = boost::num_edges(graph_);
    return (v + 1) * sizeof(std::size_t) + e * (sizeof(Vertex) + sizeof(EdgeProps)) +
           vertex_of_.capacity() * sizeof(std::uint32_t) + cell_of_.capacity() * sizeof(CellId) +
           distance_.capacity() * sizeof(double) + predecessor_.capacity() * sizeof(Vertex);
  }

 protected:
  void do_prepare(const Grid& grid) override {
    vertex_of_.assign(grid.num_ids(), kNoVertex);
    cell_of_.clear();
    for (CellId c = 0; c < grid.num_ids(); ++c) {
      if (!grid.passable(c)) continue;
      vertex_of_[c] = static_cast<std::uint32_t>(cell_of_.size());
      cell_of_.push_back(c);
    }
    // Vertices are numbered in CellId order and edges emitted source by source, so the edge list
    // is already sorted: the cheap edges_are_sorted constructor applies.
    std::vector<std::pair<Vertex, Vertex>> edges;
    std::vector<EdgeProps> weights;
    const MoveOffsets off(grid);
    for (Vertex v = 0; v < cell_of_.size(); ++v) {
      for_each_successor(grid, off, cell_of_[v], [&](CellId n, double cost) {
        edges.emplace_back(v, vertex_of_[n]);
        weights.push_back({cost});
      });
    }
    // GCC 12 at -O3 reports a false -Warray-bounds inside Boost's CSR construction (it assumes a
    // path where the row-start array has one entry); silence it for this statement only.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
    graph_ = Graph(boost::edges_are_sorted, edges.begin(), edges.end(), weights.begin(),
                   cell_of_.size());
#pragma GCC diagnostic pop
    distance_.assign(cell_of_.size(), 0.0);
    predecessor_.assign(cell_of_.size(), 0);
    heuristic_scale_ = grid.min_cell_cost();
  }

  void do_solve(CellId start, CellId goal, const Budget& budget, SearchResult& result) override {
    const Vertex s = vertex_of_[start], t = vertex_of_[goal];
    VisitState state;
    state.goal = t;
    state.budget = SearchBudget(budget);
    const auto index = boost::get(boost::vertex_index, graph_);
    bool found = false;
    bool exhausted = false;
    try {
      boost::astar_search(
          graph_, s, GridHeuristic(grid(), cell_of_, goal, heuristic_scale_),
          boost::visitor(GoalVisitor(state))
              .predecessor_map(boost::make_iterator_property_map(predecessor_.begin(), index))
              .distance_map(boost::make_iterator_property_map(distance_.begin(), index))
              .weight_map(boost::get(&EdgeProps::weight, graph_)));
    } catch (const FoundGoal&) {
      found = true;
    } catch (const BudgetExhausted&) {
      exhausted = true;
    }
    result.counters = state.counters;
    // A relaxation either pushes its target (counted in generated; the start is pushed without
    // one) or decreases an open vertex's key.
    result.counters.updates = state.relaxed - (state.counters.generated - 1);
    if (exhausted) {
      result.status = Status::Timeout;
      return;
    }
    if (!found) {
      result.status = Status::Unreachable;
      return;
    }
    result.mark_search_end();  // walking the predecessor map is path writing (path_us)
    result.status = Status::Solved;
    result.cost = distance_[t];
    for (Vertex v = t;; v = predecessor_[v]) {
      result.path.push_back(cell_of_[v]);
      if (v == s) break;
    }
    std::reverse(result.path.begin(), result.path.end());
  }

 private:
  Graph graph_;
  std::vector<std::uint32_t> vertex_of_;  // CellId -> vertex, kNoVertex for blocked cells
  std::vector<CellId> cell_of_;           // vertex -> CellId
  std::vector<double> distance_;
  std::vector<Vertex> predecessor_;
  double heuristic_scale_ = 1.0;
};

}  // namespace

PlannerInfo boost_astar_planner_info() {
  return planner_without_params<BoostAStarPlanner>(
      "boost_astar",
      "Boost.Graph astar_search on a CSR graph of the grid (standard-usage baseline)");
}

}  // namespace pathbench
