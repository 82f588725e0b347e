// One planner over one map's queries: the unit the static runner repeats for every (map,
// planner). A fresh planner is made and prepared for the map (prep_ms and prep_bytes are then
// this map's), every query not yet done is solved `repetitions` times (time_us is the median),
// and each result is validated and handed over as a RunRow.
//
// Repetition order (`repetition_order`): `sweep` (default) solves the whole query list once per
// repetition, in scen order, so each query's repetitions are far apart as in one solve per query
// per process; `back_to_back` repeats each query at once (its search state stays in cache: JPS
// and JPS+ measured 10-50% faster that way). Rows come in query order either way, each written
// when its last repetition is done.
// Batches (`batch_min_us`): a query whose first solve takes less than that is timed k times
// inside one clock pair (k = batch_size(), harness/runner/solve_timing.h), the per-call figure
// reported and k written in the `batch` column; its counters are one solve's (identical by
// determinism, which the expansions check verifies).
#pragma once

#include <filesystem>
#include <functional>
#include <vector>

#include "harness/config/experiment_config.h"
#include "harness/output/run_row.h"
#include "harness/runner/instance_set.h"
#include "harness/runner/resume_state.h"
#include "harness/runner/run_setup.h"

namespace pathbench {

// Receives each row with the path it describes (for paths.jsonl), in query order.
using RowSink =
    std::function<void(RunRow&& row, const Grid& grid, const std::vector<CellId>& path)>;

// Runs `planner` on `map`'s queries, skipping those in `done`, until a stop signal
// (harness/runner/stop_signal.h) arrives. `log_dir` is where planners may write logs (the staging
// directory), `published_dir` where they will be once the run completes (what messages name).
// The planner is released before returning (an external planner's process ends here).
void run_planner_on_map(const ExperimentConfig& cfg, const std::filesystem::path& log_dir,
                        const std::filesystem::path& published_dir, const MapInstance& map,
                        ActivePlanner& planner, const DoneRuns& done, const RowSink& sink);

}  // namespace pathbench
