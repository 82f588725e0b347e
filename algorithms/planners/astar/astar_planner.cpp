#include "algorithms/planners/astar/astar_planner.h"

#include <limits>

#include "algorithms/heaps/queue_choice.h"
#include "algorithms/heuristics/heuristics.h"
#include "algorithms/search/best_first_search.h"

namespace pathbench {
namespace {

// The claim follows from the parameters; only Manhattan distance's depends on the map (it is
// consistent on 4-connected maps only), and Capabilities says so.
Capabilities astar_capabilities(HeuristicKind heuristic, double weight, bool greedy) {
  Capabilities c;
  const MoveRules four{Connectivity::Four, false}, eight{Connectivity::Eight, false};
  if (greedy || !heuristic_is_consistent(heuristic, four)) {
    c.optimal = false;
    c.suboptimality_bound = std::numeric_limits<double>::infinity();
  } else if (weight > 1.0 && heuristic != HeuristicKind::Zero) {
    c.optimal = false;
    c.suboptimality_bound = weight;
  }
  c.claim_four_connected_only = !heuristic_is_consistent(heuristic, eight);
  c.traceable = true;
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

  std::size_t memory_bytes() const override { return nodes_.memory_bytes() + open_.memory_bytes(); }

 protected:
  void do_prepare(const Grid& grid) override {
    nodes_.resize(grid.num_ids());
    open_.resize(grid.num_ids());
    offsets_ = MoveOffsets(grid);
    settings_ = {weight_, greedy_, grid.min_cell_cost()};
  }

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
        weight_(weight),
        greedy_(greedy) {}

  template <class H>
  void run(const H& h, CellId start, CellId goal, const Budget& budget, SearchResult& result) {
    // One check per query; the traced loop is a separate instantiation.
    if (SearchTrace* t = trace()) {
      best_first_search(grid(), offsets_, nodes_, open_, h, settings_, start, goal, budget, result,
                        TraceListener{t});
      record_open_set(nodes_, goal, result, *t);
      return;
    }
    best_first_search(grid(), offsets_, nodes_, open_, h, settings_, start, goal, budget, result);
  }

  HeuristicKind heuristic_;
  double weight_;
  bool greedy_;
  NodeArena nodes_;
  Open open_;
  MoveOffsets offsets_{Grid{}};
  BestFirstSettings settings_;
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
