// D* Lite: incremental replanning for a moving start (an agent walking towards a fixed goal while
// the map changes or is discovered).
//
// Koenig & Likhachev 2002 ("D* Lite", AAAI), the optimised version of their Figure 4: the search
// runs backwards from the goal, g(s) estimates the cost s -> goal and
//   rhs(s) = min over successors s' of c(s, s') + g(s')   (rhs(goal) = 0),
// the queue holds exactly the locally inconsistent cells (g != rhs) keyed
//   [min(g, rhs) + h(start, s) + k_m, min(g, rhs)]
// ordered lexicographically (LexicographicOrder: then by cell id, so runs are deterministic), and
// the key modifier k_m grows by h(last start, new start) whenever the start has moved, so old
// keys stay valid lower bounds and the queue is never re-sorted. ComputeShortestPath stops when
// the top key is not below key(start) and rhs(start) <= g(start). The path then follows, from the
// start, the successor minimising c(s, s') + g(s') (ties: the fixed direction order of moves.h).
//
// Same grid model as every planner: 8-connected octile moves without corner cutting by default,
// 4-connectivity and corner cutting too; terrain costs (entering s' costs step length x
// cell_cost(s'), so c(s, s') uses the target's cost both when scanning successors and
// predecessors). Heuristic: octile (8-connected) or manhattan (4-connected) times the smallest
// cell cost: both are metrics, so the triangle inequality behind k_m holds.
//
// Deviations / choices:
//  - Edge-cost changes (update()): rather than the paper's c_old bookkeeping, rhs is recomputed
//    from scratch (min over successors under the new grid) for every cell in the 3x3 block around
//    each changed cell. That block holds every cell with a changed outgoing edge: the cell itself,
//    its neighbours (edges into it), and, without corner cutting, the neighbours whose diagonal
//    moves pass beside it. The recomputation is exact whatever the old costs were.
//  - update() computes keys with the start of the last search; replan_from() then adds
//    h(last start, new start) to k_m. Keys computed before a move are valid lower bounds after it
//    (triangle inequality), exactly like the paper's queue entries that predate a move.
//  - A terrain cost lowered below the smallest cost at prepare() (which scales h) makes the next
//    replan start a fresh search: h must stay admissible and cannot change under queued keys.
//  - Static use (solve()) always plans from scratch, so repeated queries report the same counters;
//    only replan_from() (same goal as the previous solve) continues the previous search. A new
//    search costs O(1) to start: g/rhs records carry a generation stamp instead of being cleared.
//
// Counters per solve/replan: expansions = cells made consistent or underconsistent-reset in
// ComputeShortestPath (a pop whose key was merely stale and re-inserted is not counted);
// generated = queue insertions; updates = key changes of queued cells (including the stale-key
// re-insertions); peak_open = largest queue size. Queue work done by update() is added to the
// next replan's counters. Reported cost: the path's step costs summed in path order (the project's
// cost model), which equals g(start) up to rounding.
//
// Tracing (traceable; a separate instantiation of the search, chosen once per solve/replan):
// expanded = the cells counted in counters.expansions, in order (a cell may repeat across an
// underconsistent and a later overconsistent expansion); generated = every queue insertion, as
// counted (cells may repeat), so generated.size() == counters.generated; frontier = the queue
// when the search stopped (cells queued by earlier replans included). For a replan the trace
// covers that replan only (Planner::solve clears it): update()'s insertions come first (at 0),
// with layers "changed" (the cells given to update()) and "updated" (the cells whose rhs it
// recomputed). update() records only while a trace is attached, so attach it before the first
// update() for generated.size() == counters.generated to hold on replans; expanded always matches.
#pragma once

#include "algorithms/core/planner_info.h"

namespace pathbench {

// No parameters. Capabilities: optimal, incremental; every move rule and terrain.
PlannerInfo dstar_lite_planner_info();

}  // namespace pathbench
