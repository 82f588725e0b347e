// Canonical A* and canonical Dijkstra (Sturtevant & Rabin 2016, "Canonical Orderings on Grids",
// IJCAI) for 8-connected uniform-cost grids without corner cutting (MovingAI's rule).
//
// The canonical ordering of octile paths: diagonal moves first, then cardinal moves. Among the
// optimal paths between two cells on an open grid exactly one is canonical, so a search that only
// follows canonical continuations reaches every cell once:
//  - from a diagonal arrival, continue the diagonal and the two cardinal components;
//  - from a cardinal arrival, continue straight;
//  - where an obstacle breaks that (a forced neighbour: moving east into x, the cell north of x is
//    free but the cell north of x's predecessor is blocked, so no canonical path reaches it), x
//    is a jump point: it goes on the open list and, when expanded, also turns to that side
//    (cardinal and diagonal), as the no-corner-cutting rules of Harabor & Grastien 2014 say.
// A state is a cell with its parent (arrival) direction; the cells of canonical runs are walked
// at once from the expanded jump point and only jump points (and the goal) are queued.
//
// What makes it canonical A* rather than our `jps`: every cell a run passes gets its g recorded
// (a per-cell table with generation stamps), and a run stops at a cell already reached more
// cheaply: that partial path is strictly suboptimal, so no optimal path is lost, and the same
// cells are not walked again from worse jump points. `jps` records nothing per scanned cell and
// scans 64 cells per word instead (JPS(B+P)); here runs go cell by cell, because each cell's g is
// written anyway.
//
// The search is the one kernel (search/best_first_loop.h) with this planner as its policy;
// goal test on pop, closed nodes never reopened, ties by AStarOrder. Optimal: the octile
// heuristic is consistent over jump-point edges (each costs its ends' octile distance), and a
// pruned run was strictly worse than a recorded path, so the canonical optimal path survives.
// No preprocessing.
//
// Counters: expansions = jump points expanded (the goal pop is not counted), generated = pushes,
// updates = decrease-keys. Reported path: every cell, cost summed step by step in path order.
// Tracing: expansions and generations as for A*, plus the layer "scanned" (every cell a run
// recorded a g for, repeats included).
#pragma once

#include "algorithms/core/planner_info.h"

namespace pathbench {

// Parameters: heuristic {octile, zero} (default octile; zero is canonical Dijkstra).
PlannerInfo canonical_astar_planner_info();
// The preset canonical_astar with heuristic=zero.
PlannerInfo canonical_dijkstra_planner_info();

}  // namespace pathbench
