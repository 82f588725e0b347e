// HPA*: hierarchical path-finding (Botea, Mueller & Schaeffer 2004, "Near Optimal Hierarchical
// Path-Finding", Journal of Game Development 1(1)). Preprocessing abstracts the map into square
// clusters joined at their entrances (cluster_abstraction.h); a query inserts start and goal,
// searches the abstract graph and refines the result into cells (hpa_query.h), then optionally
// smooths it (path_smoothing.h).
//
// Guarantees: every returned path is a sequence of legal moves whose reported cost is its cost;
// a path is found exactly when one exists; no bound on suboptimality (reported as infinity).
// Requirements: uniform costs, no corner cutting (4- or 8-connected).
//
// Deviations from the paper: start and goal are not inserted into the graph but enter the
// abstract search as seeds and goal links (no per-query graph edits); with several levels, start
// and goal sharing a cluster at level l >= 2 also get a search one level down inside it (the
// paper's level-1 direct search, generalised), which keeps completeness; the smoother uses
// canonical octile runs between path cells instead of 8-direction rays. The budget (search_types.h)
// bounds the whole query: insertion, abstract search and refinement expansions together.
//
// Parameters: cluster_size (>= 4, default 10), levels (1..3, default 1; level-l clusters group
// 3x3 level-(l-1) clusters), smoothing (default true), refine = cache | search (default cache).
// Extra columns per query: hpa_exp_insert, hpa_exp_abstract, hpa_exp_refine (counters.expansions
// is their sum), hpa_cost_unsmoothed, hpa_abstract_nodes, hpa_abstract_edges.
//
// Tracing (traceable): expansions come in two kinds, so a trace splits them. trace.expanded holds
// the cell-level ones (ClusterSearch pops: insertion at level 1, the direct same-cluster search,
// refine=search at level 1), layer "abstract_expanded" the transition cell of each abstract node
// expanded (AbstractSearch pops: candidate searches, insertion and refine=search above level 1).
// Identity: expanded.size() + abstract_expanded.size() == counters.expansions (not
// expanded.size() alone; both may repeat cells, since several searches run per query). Also:
// "transitions" = the transition cell of every abstract node (the level-1 graph), "abstract_path"
// = the winning candidate's node chain at the level it was searched (empty when the direct cell
// search won). counters.generated is 0, so nothing is generated and the frontier is empty.
#pragma once

#include "algorithms/core/planner_info.h"

namespace pathbench {

PlannerInfo hpa_planner_info();

}  // namespace pathbench
