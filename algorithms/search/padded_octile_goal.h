// The goal half of a kernel policy (best_first_loop.h) that walks the padded grid's passability
// bytes in straight and diagonal runs: jps, jps_plus and canonical_astar. They read the same map
// the same way (padded coordinates, ids y * padded_width + x) and aim at the goal with the same
// exact lattice octile (search_cost.h), so f ties between their jump points are real ties and
// their costs agree bit for bit; written once here so they cannot drift apart.
// Plain members, no virtual call: everything here is inlined into the search loop.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "algorithms/core/grid.h"
#include "algorithms/core/search_cost.h"

namespace pathbench {

// kZeroH: h = 0 (canonical Dijkstra), its own instantiation with no branch per node.
template <bool kZeroH = false>
class PaddedOctileGoal {
 public:
  // The kernel's policy interface (best_first_loop.h), but for expand.
  bool is_target(CellId c) const { return c == goal_; }
  SearchCost h(CellId c) const {
    return heuristic(static_cast<int>(c % static_cast<CellId>(pw_)),
                     static_cast<int>(c / static_cast<CellId>(pw_)));
  }
  bool stop_after(CellId) const { return false; }

 protected:
  // In prepare: the map whose bytes the runs read (it outlives the planner's use of it).
  void set_map(const Grid& grid) {
    pw_ = grid.padded_width();
    free_ = grid.passable_data().data();
  }
  // At the start of each query.
  void set_goal(CellId goal) {
    goal_ = goal;
    gx_ = static_cast<int>(goal % static_cast<CellId>(pw_));
    gy_ = static_cast<int>(goal / static_cast<CellId>(pw_));
  }

  bool free_at(int x, int y) const { return free_[static_cast<std::size_t>(y) * pw_ + x] != 0; }
  CellId id_of(int x, int y) const { return static_cast<CellId>(y * pw_ + x); }
  SearchCost heuristic(int x, int y) const {
    if constexpr (kZeroH) {
      return 0;
    } else {
      return octile_cost(std::abs(x - gx_), std::abs(y - gy_));
    }
  }

  int pw_ = 0;
  const std::uint8_t* free_ = nullptr;
  int gx_ = 0, gy_ = 0;
  CellId goal_ = kNoCell;
};

}  // namespace pathbench
