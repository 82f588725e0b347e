// A* with a differential heuristic (ALT-style landmarks on the grid; see
// heuristics/differential_heuristic.h): h = max(octile, max over K landmarks of the triangle
// inequality bound), admissible and consistent, so the search is optimal and its costs are A*'s;
// it only expands fewer nodes where octile underestimates (around walls, in mazes).
// Preparation: K Dijkstra runs per map (prep_ms), K x cells x 8 bytes of tables (prep_bytes).
//
// Its own registry name, not a value of astar's `heuristic`: astar's parameter list is every
// astar row's `params` column, and landmark settings there would be noise on every other row.
#pragma once

#include "algorithms/core/planner_info.h"

namespace pathbench {

// Parameters: landmarks (K, 1-64, default 4), placement {farthest, random}, landmark_seed,
// weight (>= 1: weighted A* over the same h), queue {binary, pairing}.
PlannerInfo astar_differential_planner_info();

}  // namespace pathbench
