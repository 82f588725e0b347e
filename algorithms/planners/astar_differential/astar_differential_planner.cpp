#include "algorithms/planners/astar_differential/astar_differential_planner.h"

#include <limits>

#include "algorithms/heaps/queue_choice.h"
#include "algorithms/heuristics/differential_heuristic.h"
#include "algorithms/search/differential_search.h"

namespace pathbench {
namespace {

Capabilities differential_capabilities(double weight) {
  Capabilities c;
  if (weight > 1.0) {
    c.optimal = false;
    c.suboptimality_bound = weight;
  }
  c.traceable = true;
  c.needs_preprocessing = true;
  return c;
}

template <OpenList Open>
class AStarDifferentialPlanner final : public Planner {
 public:
  explicit AStarDifferentialPlanner(const ParamSet& p)
      : Planner(differential_capabilities(p.get_real("weight"))),
        landmarks_(static_cast<int>(p.get_int("landmarks"))),
        placement_(parse_landmark_placement(p.get_choice("placement"))),
        seed_(static_cast<std::uint64_t>(p.get_int("landmark_seed"))),
        weight_(p.get_real("weight")) {}

  std::size_t memory_bytes() const override {
    return nodes_.memory_bytes() + open_.memory_bytes() + table_.memory_bytes();
  }

 protected:
  void do_prepare(const Grid& grid) override {
    nodes_.resize(grid.num_ids());
    open_.resize(grid.num_ids());
    offsets_ = MoveOffsets(grid);
    settings_ = {weight_, false, grid.min_cell_cost()};
    table_.build(grid, landmarks_, placement_, seed_);
  }

  void do_solve(CellId start, CellId goal, const Budget& budget, SearchResult& result) override {
    if (SearchTrace* t = trace()) {
      differential_search(grid(), offsets_, nodes_, open_, table_, settings_, start, goal, budget,
                          result, TraceListener{t});
      record_open_set(nodes_, goal, result, *t);
      return;
    }
    differential_search(grid(), offsets_, nodes_, open_, table_, settings_, start, goal, budget,
                        result);
  }

 private:
  int landmarks_;
  LandmarkPlacement placement_;
  std::uint64_t seed_;
  double weight_;
  DifferentialHeuristic table_;
  NodeArena nodes_;
  Open open_;
  MoveOffsets offsets_{Grid{}};
  BestFirstSettings settings_;
};

}  // namespace

PlannerInfo astar_differential_planner_info() {
  PlannerInfo info;
  info.name = "astar_differential";
  info.summary = "A* with a differential heuristic: max(octile, K landmarks' distance bounds)";
  info.params = {
      Param::integer("landmarks")
          .range(1, 64)
          .defaults_to(4)
          .doc("K landmarks (K Dijkstra runs in prepare, K x cells x 8 bytes)"),
      Param::choice("placement", {"farthest", "random"})
          .doc("farthest: each landmark farthest from the others; random: seeded cells"),
      Param::integer("landmark_seed")
          .range(0, 1000000000)
          .defaults_to(1)
          .doc("seed of the first (farthest) or every (random) landmark"),
      Param::real("weight").range(1.0, 1e6).defaults_to(1.0).doc(
          "f = g + weight * h (weighted A* when > 1)"),
      queue_param(),
  };
  info.factory = make_planner_with_queue<AStarDifferentialPlanner>;
  return info;
}

}  // namespace pathbench
