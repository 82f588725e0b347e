// A deliberately plain Dijkstra: std::priority_queue with lazy deletion, fresh arrays per call,
// no shared code with the planners' search loop beyond the move rules. It is the oracle that
// tests, the validator and the scenario generator compare planners against, so it favours
// obviousness over speed.
#pragma once

#include <vector>

#include "algorithms/core/grid.h"

namespace pathbench {

// Cost of an optimal path from `start` to `goal` under the grid's move rules and terrain costs;
// +infinity when unreachable. Start and goal must be in range; a blocked one gives +infinity.
double reference_cost(const Grid& grid, Point start, Point goal);

// Optimal cost from `start` to every cell, indexed by CellId (+infinity where unreachable or
// blocked). One call serves many goals (scenario generation).
std::vector<double> reference_costs_from(const Grid& grid, Point start);

}  // namespace pathbench
