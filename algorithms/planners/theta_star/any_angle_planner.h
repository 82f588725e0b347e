// The planner class shared by theta_star and lazy_theta_star (each registered from its own
// folder): the kernel's any-angle policy (algorithms/search/any_angle_search.h) over flat
// per-cell records with generation stamps and an indexed binary heap, allocated in prepare.
#pragma once

#include "algorithms/core/planner.h"
#include "algorithms/heaps/binary_heap.h"
#include "algorithms/search/any_angle_search.h"
#include "algorithms/search/cell_search_state.h"

namespace pathbench {

inline Capabilities any_angle_capabilities() {
  Capabilities c;
  c.path_model = PathModel::AnyAngle;
  // Neither is optimal among any-angle paths, and no bound over the octile optimum holds for
  // every map (docs/any-angle.md): the validator checks sight and cost, never a bound.
  c.optimal = false;
  c.suboptimality_bound = std::numeric_limits<double>::infinity();
  c.uniform_cost_only = true;         // Euclidean lengths price no terrain
  c.supports_four_connected = false;  // successors are the 8 octile moves
  c.supports_corner_cutting = false;  // line of sight forbids grazing a blocked corner
  c.traceable = true;
  return c;
}

template <bool kLazy>
class AnyAnglePlanner final : public Planner {
 public:
  AnyAnglePlanner() : Planner(any_angle_capabilities()) {}

  std::size_t memory_bytes() const override { return state_.memory_bytes(); }
  std::vector<std::string> extra_columns() const override { return {"sight_checks"}; }

 protected:
  void do_prepare(const Grid& grid) override { state_.prepare(grid); }

  void do_solve(CellId start, CellId goal, const Budget& budget, SearchResult& result) override {
    CellSearchState<BinaryHeap<>>& s = state_;
    s.run(trace(), goal, result, [&](auto&& listener) {
      any_angle_search<kLazy>(grid(), s.offsets, s.nodes, s.open, start, goal, budget, result,
                              listener);
    });
  }

 private:
  // Its settings go unused: any-angle costs are Euclidean lengths on uniform grids.
  CellSearchState<BinaryHeap<>> state_;
};

}  // namespace pathbench
