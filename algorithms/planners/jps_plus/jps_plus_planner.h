// JPS+: Jump Point Search over precomputed jump distances, for 8-connected uniform-cost grids
// without corner cutting.
//
// Harabor & Grastien 2014 ("Improving Jump Point Search", ICAPS) and Rabin's JPS+ (Game AI Pro 2):
// prepare() computes, per cell and direction, the distance to the next jump point or to the wall
// (jump_table.h); a query then replaces every scan of the online `jps` planner by one table read.
// The goal is the only cell a table cannot know about, so each jump also checks it ("target"
// checks): a straight jump whose line holds the goal within its reach generates the goal instead
// of its jump point; a diagonal jump that crosses the goal's row or column within its reach
// runs, from the crossing cell, the straight jump towards the goal.
//
// Same pruning rules and same search as `jps` (jps_planner.h): forced neighbours from straight
// moves only, diagonal-first canonical order, A* with the octile heuristic over jump points, goal
// test on expansion, AStarOrder ties. The table encodes exactly `jps`'s stop rule, so every query
// generates the same successors in the same order: cost, path, expansions and generated counts
// equal `jps`'s (the tests check it).
//
// Deviation from Rabin's JPS+: diagonal jump points (diagonal cells whose straight jumps find a
// jump point) are not put on the open list. As in `jps`, the expanding node walks its diagonal
// run from one diagonal jump point to the next (one table read each) and generates what their
// straight jumps reach directly, and the goal found at a goal-row/column crossing is generated
// directly instead of the crossing cell. The paths are the same canonical paths; the open list
// sees one round trip fewer per turn.
//
// Reported path: every cell, each step a single legal move; cost summed step by step in path
// order. Counters as `jps`. memory_bytes(): jump table (16 bytes per padded cell) plus the
// per-node arrays and the open list.
//
// Tracing (Planner::set_trace): expansions and generations as for A*, plus the layer
// "jump_points" (every successor a jump produced, repeats included). There is no "scanned" layer:
// JPS+ never scans.
#pragma once

#include "algorithms/core/planner_info.h"

namespace pathbench {

// No parameters.
PlannerInfo jps_plus_planner_info();

}  // namespace pathbench
