// Subgoal graphs (Uras, Koenig & Hernández, "Subgoal Graphs for Optimal Pathfinding in
// Eight-Neighbor Grids", ICAPS 2013) for 8-connected uniform-cost grids without corner cutting.
//
// prepare(): the subgoal graph of the map (subgoal_graph.h): subgoals at obstacle corners, an
// edge between every direct-h-reachable pair, costs = octile distances, CSR arrays. With
// `tl: true`, the two-level graph (SUB-TL): subgoals no shortest path needs between the others
// become local (edges are added between their neighbours where needed).
//
// solve(): the goal is connected to the subgoals its scan finds (for a local one, through it to
// its global neighbours as well); the start's scan finds its subgoals, or the goal itself
// (start->goal h-reachable: the octile path is the answer, no search). A* with the octile
// heuristic over global subgoals plus the local ones start and goal connect to; generation
// stamps, one indexed binary heap sized in prepare, no allocation per query once warm. The
// subgoal path is refined edge by edge into cells ("diagonal first" or "straight first" octile
// segments, each checked against the map), priced by built_path_cost.
//
// Counters: expansions and generations are graph nodes (subgoals and the goal), not cells.
// Extra columns: sg_subgoals, sg_global (subgoals searched at query time; = sg_subgoals without
// tl), sg_edges (undirected edges of the stored graph). memory_bytes(): the graph, its per-cell
// tables (subgoal index and four clearances, 20 bytes/cell plus the map copy) and the search
// arrays.
#pragma once

#include "algorithms/core/planner_info.h"

namespace pathbench {

// Parameter: tl (bool, default false): the two-level subgoal graph.
PlannerInfo subgoal_graph_planner_info();

// subgoal_graph_ch: a contraction hierarchy over the simple subgoal graph (subgoal_ch.h). The
// start and goal connect to their subgoals as above; an upward Dijkstra from each side (the graph
// is undirected: one set of upward arcs) meets at the highest node of a shortest path; shortcuts
// are unpacked to subgoal edges, then refined to cells. Counters: nodes settled by both searches.
// Extra columns: sg_subgoals, sg_edges, ch_shortcuts. No parameters.
PlannerInfo subgoal_graph_ch_planner_info();

}  // namespace pathbench
