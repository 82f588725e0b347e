// Published lengths that cannot be right, found without a search. A MovingAI scen's
// optimal_length is data, not truth: dao ships lines with length 0 for two distinct cells that
// have no path between them, and a run must call that a data problem, not a planner's invalid
// row (issue 30). These checks cost nothing per line (one component labelling per map), so every
// line of a run is checked the same way before any planner sees it, whatever the planners are.
// A length that is wrong in a way only a search can prove (above or below the true optimum but
// above the octile bound) is found when a row disagrees with it (harness/runner/bad_query.h).
#pragma once

#include <string>
#include <vector>

#include "algorithms/core/grid.h"
#include "datasets/scen_io.h"

namespace pathbench {

// "" when e.optimal may be right, else the reason, starting "data: " (the wording the error
// column and check-data use). `labels` is label_components(grid) (datasets/scenario_generator.h).
// Assumes the MovingAI cost model the lengths are published for: uniform costs, 8-connected, no
// corner cutting (the only rules under which a run compares against published lengths).
// Compared at the length's printed precision (matches_published).
std::string published_length_problem(const Grid& grid, const std::vector<int>& labels,
                                     const ScenEntry& e);

}  // namespace pathbench
