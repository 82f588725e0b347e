// Dynamic-map experiments: an agent walks from a start to a goal one move at a time along its
// current plan while the world it plans on changes, and every planner of the experiment drives
// the same agent through the same event sequence. This is where incremental planners (D* Lite)
// are compared against optimal planners re-run from scratch (A*, JPS: "repeated A*").
//
// Kinds (harness/config/dynamic_config.h; the row is harness/output/dynamic_row.h):
//  - unknown_terrain: the true map is static; the agent knows it only within `sensor_radius`
//    (Chebyshev distance) of the cells it has stood on and assumes every other cell free (terrain
//    costs are assumed known). After each step it senses; if any sensed cell differs from what it
//    assumed it replans (always, not only when its path is hit: the classic setting of Koenig &
//    Likhachev's experiments).
//  - changing_map: the agent knows the true map; every `every_k_steps` steps `toggles` cells flip
//    passability. Cells are drawn uniformly from a generator seeded per (experiment seed, dataset,
//    map, run); a draw that hits the agent's cell or the goal is skipped (not redrawn), so every
//    planner sees the same draws. The agent replans after every change (optimal on the current
//    map at all times; a freed cell anywhere may shorten the path, so "only when the path is hit"
//    would not be optimal).
// A run ends when the agent reaches the goal (success), when a plan fails (unreachable goal or
// timeout: success = false), or after max_steps steps (success = false).
//
// Planner protocol per replan: update(changed cells) (D* Lite continues its search; JPS patches
// its bit lines); if the planner answers Unsupported it is prepare()d again on the changed map
// (JPS+ and HPA* rebuild their tables; A*'s prepare only resets arrays), then
// replan_from(current cell). The planning time of a replan is all of it:
// update + re-prepare + search + writing the path the agent follows; the re-prepare and
// path-writing parts are also reported on their own (reprepare_us, path_us; static runs' time_us
// is the search alone, see harness/runner/solve_timing.h).
// The first plan of a run is solve(start, goal) after prepare() on the initial known map; that
// prepare() is per-run setup and not counted as planning time.
//
// Validity: every step is checked with legal_move on the TRUE map at the time it is taken (a
// violation ends the run and marks it invalid), and with validation on, every plan is re-walked
// on the known map (starts at the agent, ends at the goal, legal, cost as reported).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "algorithms/core/planner.h"
#include "harness/config/experiment_config.h"
#include "harness/output/dynamic_row.h"

namespace pathbench {

struct DynamicSettings {
  DynamicKind kind = DynamicKind::UnknownTerrain;
  int sensor_radius = 1;
  int every_k_steps = 10;
  int toggles = 10;
  int max_steps = 50000;
  std::uint64_t seed = 1;     // changing_map event generator
  double time_limit_s = 0.0;  // per plan; 0 = none
  bool validate = true;
};

// Called after every plan (the first included) with the map the plan was made on.
using ReplanObserver =
    std::function<void(const Grid& known, Point agent, Point goal, const SearchResult& plan)>;

// Drives `planner` from start to goal on `true_map` (copied: changing_map mutates the copy).
// Fills every field of the row except kind/dataset/map/planner/algorithm/run/optimal.
DynamicRunRow run_dynamic_agent(Planner& planner, const Grid& true_map, Point start, Point goal,
                                const DynamicSettings& settings,
                                const ReplanObserver& observer = {});

// Seed of one run's event sequence: a mix of the experiment seed, dataset and map names and the
// run index (independent of the planner).
std::uint64_t dynamic_run_seed(std::uint64_t experiment_seed, const std::string& dataset,
                               const std::string& map, int run);

}  // namespace pathbench
