// Hooks a search loop calls per node, resolved at compile time. NoListener compiles to nothing,
// so tracing (for visualisation) costs nothing when off.
#pragma once

#include "algorithms/core/grid.h"

namespace pathbench {

struct NoListener {
  void on_expand(CellId) {}
  void on_generate(CellId) {}
};

}  // namespace pathbench
