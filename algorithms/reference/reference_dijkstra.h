// A deliberately plain Dijkstra: std::priority_queue with lazy deletion, fresh arrays per call,
// no code shared with the planners: not their search loop, and not their move enumeration
// (for_each_successor, moves.h) either; it enumerates moves from the rules in its own code. It
// is the oracle that tests, the validator and the scenario generator compare planners against,
// so it favours obviousness over speed. Costs are doubles summed along the path (the searches'
// fixed point plays no part). tests/algorithms/reference_boost_test.cpp checks it against
// Boost.Graph's Dijkstra on explicitly built graphs under every move rule.
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
