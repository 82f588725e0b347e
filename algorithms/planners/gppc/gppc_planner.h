// gppc: a Grid-Based Path Planning Competition entry, run unchanged (docs/gppc.md).
//
// The entry folder is built as it is (gppc_build.h) with our driver (gppc_driver.cpp) into a
// cache folder keyed by its content. Per map, PreprocessMap runs once in its own process into an
// index folder cached by (entry build, map content) (--rebuild-index, or
// PATHBENCH_GPPC_REBUILD_INDEX=1, forces it); the search process then runs under the external
// planner's machinery (external_process_planner.h): PrepareForSearch once per map, GetPath until
// it returns true per query, faults as results. The entry's waypoints are expanded to cells for
// the validator.
#pragma once

#include "algorithms/core/planner_info.h"

namespace pathbench {

// Parameters: entry (the folder, required; ${VAR} expanded from the environment, relative to the
// experiment file's folder), optimal (default true), suboptimality_bound, name, timeout_s,
// grace_s (as external), build_timeout_s, prep_timeout_s.
PlannerInfo gppc_planner_info();

}  // namespace pathbench
