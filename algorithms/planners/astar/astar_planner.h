// A* over the full-neighbour successor generator, parameterised by heuristic, weight and queue.
// Dijkstra (zero heuristic) and greedy best-first (priority = h) are presets of this planner.
//
// Hart, Nilsson & Raphael 1968. Goal test on expansion (a goal test on generation returns wrong
// costs when h is not exact on the last edge). Ties: see AStarOrder in heaps/open_list.h.
#pragma once

#include "algorithms/core/planner_info.h"

namespace pathbench {

// Parameters: heuristic {octile, manhattan, euclidean, chebyshev, zero} (default octile),
// weight >= 0 (f = g + w*h, default 1), greedy (f = h, default false),
// queue {binary, pairing} (default binary).
PlannerInfo astar_planner_info();
PlannerInfo dijkstra_planner_info();
PlannerInfo gbfs_planner_info();

}  // namespace pathbench
