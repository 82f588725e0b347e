// boost_astar: the Boost.Graph baseline. Standard library usage, not a tuned search: what a user
// who reaches for the BGL would write, so the other planners have an external reference point.
//
// prepare() builds a boost::compressed_sparse_row_graph once per map: one vertex per passable
// cell, one weighted edge per legal move from for_each_successor (so 4/8-connectivity, corner
// cutting and terrain costs follow the grid's rules exactly), plus CellId <-> vertex tables.
// Each query is a plain boost::astar_search (named parameters: distance, predecessor and weight
// maps) with an admissible, consistent heuristic scaled by grid.min_cell_cost(): octile on
// 8-connected grids, manhattan on 4-connected ones. The goal is detected the standard BGL way:
// the visitor throws from examine_vertex and the adapter catches it.
//
// Cost deliberately included in every query: astar_search initialises every vertex of the graph
// (distance, predecessor, colour, rank) and allocates its own colour/rank/heap-index arrays per
// call, so a query is O(V) even when the path is short. That is the price of standard usage and is
// what this baseline measures.
//
// Counters, from BGL visitor events, follow search/best_first_search.h's conventions; BGL's
// 4-ary heap breaks ties differently from AStarOrder, so counts are comparable to our A* in
// magnitude, not identical:
//   expansions = examine_vertex calls, excluding the final examine of the goal (which is popped
//                but not expanded);
//   generated  = discover_vertex calls (first push of a vertex, the start included) plus
//                black_target calls (re-pushes of closed vertices; only rounding can cause them
//                here);
//   updates    = edge_relaxed events on vertices already open (decrease-keys);
//   peak_open  = max over time of (pushes - pops).
// Budgets: the visitor asks SearchBudget (search_types.h's meaning) before counting each
// expansion and aborts by a second exception when it says stop.
#pragma once

#include "algorithms/core/planner_info.h"

namespace pathbench {

// No parameters. Capabilities: optimal, supports 4-connectivity, corner cutting and terrain.
PlannerInfo boost_astar_planner_info();

}  // namespace pathbench
