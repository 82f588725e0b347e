// The `queue` parameter of a planner templated on its open list (astar, astar_differential), and
// the factory that builds the instantiation it names, so every such planner offers the same
// queues under the same name and nothing else differs between the two instantiations.
#pragma once

#include <memory>

#include "algorithms/core/planner_info.h"
#include "algorithms/heaps/binary_heap.h"
#include "algorithms/heaps/pairing_heap.h"

namespace pathbench {

inline ParamSpec queue_param() {
  return Param::choice("queue", {"binary", "pairing"})
      .doc("open list: indexed binary heap or pooled pairing heap");
}

// A PlannerInfo::factory for P<Open> built from the resolved parameters, Open chosen by `queue`.
// P's own parameter is constrained (OpenList); spelling that constraint here crashes clang 14.
template <template <class> class P>
std::unique_ptr<Planner> make_planner_with_queue(const ParamSet& p) {
  if (p.get_choice("queue") == "pairing") return std::make_unique<P<PairingHeap<>>>(p);
  return std::make_unique<P<BinaryHeap<>>>(p);
}

}  // namespace pathbench
