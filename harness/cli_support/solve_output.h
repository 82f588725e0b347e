// What `pathbench solve` prints: one JSON object per query
// {planner, params, status, cost (null unless solved), expansions, generated, time_us (the
//  search alone), path_us (writing the path after it; harness/runner/solve_timing.h),
//  path [[x,y],...], message (only when the planner gave one)}.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "algorithms/core/grid.h"
#include "algorithms/core/search_types.h"

namespace pathbench::cli {

nlohmann::json solve_result_json(const std::string& planner, const std::string& params,
                                 const Grid& grid, const SearchResult& result, double time_us,
                                 double path_us);

}  // namespace pathbench::cli
