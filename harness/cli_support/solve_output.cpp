#include "harness/cli_support/solve_output.h"

namespace pathbench::cli {

nlohmann::json solve_result_json(const std::string& planner, const std::string& params,
                                 const Grid& grid, const SearchResult& result, double time_us,
                                 double path_us) {
  nlohmann::json path = nlohmann::json::array();
  for (CellId c : result.path) path.push_back({grid.x_of(c), grid.y_of(c)});
  nlohmann::json out = {
      {"planner", planner},
      {"params", params},
      {"status", std::string(to_string(result.status))},
      {"cost", result.status == Status::Solved ? nlohmann::json(result.cost) : nlohmann::json()},
      {"expansions", result.counters.expansions},
      {"generated", result.counters.generated},
      {"time_us", time_us},
      {"path_us", path_us},
      {"path", path}};
  if (!result.message.empty()) out["message"] = result.message;
  return out;
}

}  // namespace pathbench::cli
