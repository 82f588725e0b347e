#include "algorithms/planners/astar_differential/astar_differential_planner.h"

#include <limits>

#include "algorithms/heaps/queue_choice.h"
#include "algorithms/heuristics/differential_heuristic.h"
#include "algorithms/search/cell_search_state.h"
#include "algorithms/search/differential_search.h"

namespace pathbench {
namespace {

template <OpenList Open>
class AStarDifferentialPlanner final : public Planner {
 public:
  explicit AStarDifferentialPlanner(const ParamSet& p)
      : Planner(weighted_astar_claim(p.get_real("weight"),
                                     {.needs_preprocessing = true, .traceable = true})),
        landmarks_(static_cast<int>(p.get_int("landmarks"))),
        placement_(parse_landmark_placement(p.get_choice("placement"))),
        seed_(static_cast<std::uint64_t>(p.get_int("landmark_seed"))),
        state_({.weight = p.get_real("weight")}) {}

  std::size_t memory_bytes() const override {
    return state_.memory_bytes() + table_.memory_bytes();
  }

 protected:
  void do_prepare(const Grid& grid) override {
    state_.prepare(grid);
    table_.build(grid, landmarks_, placement_, seed_);
  }

  void do_solve(CellId start, CellId goal, const Budget& budget, SearchResult& result) override {
    CellSearchState<Open>& s = state_;
    s.run(trace(), goal, result, [&](auto&& listener) {
      differential_search(grid(), s.offsets, s.nodes, s.open, table_, s.settings, start, goal,
                          budget, result, listener);
    });
  }

 private:
  int landmarks_;
  LandmarkPlacement placement_;
  std::uint64_t seed_;
  DifferentialHeuristic table_;
  CellSearchState<Open> state_;
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
