// Online Jump Point Search for 8-connected uniform-cost grids without corner cutting.
//
// Harabor & Grastien 2011 ("Online Graph Pruning for Pathfinding on Grid Maps", AAAI) with the
// no-corner-cutting rules of Harabor & Grastien 2014 ("Improving Jump Point Search", ICAPS),
// whose path lengths match the MovingAI benchmark's optimal lengths:
//  - forced neighbours arise only from straight moves: moving east into x, the cell north of x
//    is forced when the cell north of x's predecessor is blocked (likewise south, and for the
//    other three directions); a jump point expands its natural direction plus, per forced side,
//    the straight move to that side and the diagonal between it and the travel direction;
//  - diagonal moves have no forced neighbours: a diagonal jump steps while the step is legal
//    and launches the two straight jumps of its components from every cell it reaches.
// Straight jumps scan 64 cells per word with bit tricks (jump_scanner.h; the 2014 paper's
// block-based symmetry breaking).
//
// Deviations / choices: the cells on a diagonal run are never put on the open list; the jump
// points that their straight jumps find (and the goal, if met on the diagonal) are generated
// directly as successors of the expanding node, with the segment between them expanded later as
// "diagonal run, then straight run". This matches the diagonal-first canonical order, so nothing
// is lost, and saves one open-list round trip per turn. A* runs on the jump-point graph with the
// octile heuristic (consistent there: every edge costs exactly the octile distance of its ends),
// goal test on expansion, ties broken by AStarOrder.
//
// Reported path: every cell, each step a single legal move; cost summed step by step in path
// order. Counters: expansions = jump points popped and expanded (the goal pop is not counted),
// generated = pushes, updates = decrease-keys.
//
// Tracing (Planner::set_trace): expansions and generations as for A*, plus the layers
// "jump_points" (every successor a scan found, repeats included) and "scanned" (every cell a
// jump passed over, exact; only the traced instantiation walks scans cell by cell).
#pragma once

#include "algorithms/core/planner_info.h"

namespace pathbench {

// No parameters.
PlannerInfo jps_planner_info();

}  // namespace pathbench
