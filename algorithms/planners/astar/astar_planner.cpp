#include "algorithms/planners/astar/astar_planner.h"

#include <limits>

#include "algorithms/heaps/queue_choice.h"
#include "algorithms/heuristics/heuristics.h"
#include "algorithms/search/cell_search_state.h"

namespace pathbench {
namespace {

// The claim follows from the parameters; only Manhattan distance's depends on the map (it is
// consistent on 4-connected maps only), and Capabilities says so.
Capabilities astar_capabilities(HeuristicKind heuristic, double weight, bool greedy) {
  const MoveRules four{Connectivity::Four, false}, eight{Connectivity::Eight, false};
  // A weight scales nothing when h = 0: Dijkstra stays optimal.
  Capabilities c =
      weighted_astar_claim(heuristic == HeuristicKind::Zero ? 1.0 : weight, {.traceable = true});
  if (greedy || !heuristic_is_consistent(heuristic, four)) {
    c.optimal = false;
    c.suboptimality_bound = std::numeric_limits<double>::infinity();
  }
  c.claim_four_connected_only = !heuristic_is_consistent(heuristic, eight);
  return c;
}

// One planner class per queue type; everything else is shared, so any measured difference
// between astar/binary and astar/pairing is the queue.
template <OpenList Open>
class AStarPlanner final : public Planner {
 public:
  explicit AStarPlanner(const ParamSet& p)
      : AStarPlanner(parse_heuristic(p.get_choice("heuristic")), p.get_real("weight"),
                     p.get_bool("greedy")) {}

  std::size_t memory_bytes() const override { return state_.memory_bytes(); }

 protected:
  void do_prepare(const Grid& grid) override { state_.prepare(grid); }

  void do_solve(CellId start, CellId goal, const Budget& budget, SearchResult& result) override {
    switch (heuristic_) {
      case HeuristicKind::Octile:
        return run(OctileHeuristic{}, start, goal, budget, result);
      case HeuristicKind::Manhattan:
        return run(ManhattanHeuristic{}, start, goal, budget, result);
      case HeuristicKind::Euclidean:
        return run(EuclideanHeuristic{}, start, goal, budget, result);
      case HeuristicKind::Chebyshev:
        return run(ChebyshevHeuristic{}, start, goal, budget, result);
      case HeuristicKind::Zero:
        return run(ZeroHeuristic{}, start, goal, budget, result);
    }
  }

 private:
  AStarPlanner(HeuristicKind heuristic, double weight, bool greedy)
      : Planner(astar_capabilities(heuristic, weight, greedy)),
        heuristic_(heuristic),
        state_({.weight = weight, .greedy = greedy}) {}

  template <class H>
  void run(const H& h, CellId start, CellId goal, const Budget& budget, SearchResult& result) {
    CellSearchState<Open>& s = state_;
    s.run(trace(), goal, result, [&](auto&& listener) {
      best_first_search(grid(), s.offsets, s.nodes, s.open, h, s.settings, start, goal, budget,
                        result, listener);
    });
  }

  HeuristicKind heuristic_;
  CellSearchState<Open> state_;
};

}  // namespace

PlannerInfo astar_planner_info() {
  PlannerInfo info;
  info.name = "astar";
  info.summary = "A* / weighted A* over a binary or pairing heap (ties: f, larger g, cell id)";
  info.params = {
      Param::choice("heuristic", {"octile", "manhattan", "euclidean", "chebyshev", "zero"})
          .doc("distance estimate"),
      Param::real("weight").range(0.0, 1e6).defaults_to(1.0).doc(
          "f = g + weight * h (weighted A* when > 1)"),
      Param::boolean("greedy").doc("greedy best-first: f = h"),
      queue_param(),
  };
  info.factory = make_planner_with_queue<AStarPlanner>;
  return info;
}

PlannerInfo dijkstra_planner_info() {
  return make_preset(astar_planner_info(), "dijkstra", "Dijkstra: astar with heuristic=zero",
                     {{"heuristic", std::string("zero")}, {"weight", 1.0}, {"greedy", false}});
}

PlannerInfo gbfs_planner_info() {
  return make_preset(astar_planner_info(), "gbfs",
                     "greedy best-first search: astar with greedy=true",
                     {{"greedy", true}, {"weight", 1.0}});
}

}  // namespace pathbench
