#include "harness/output/dynamic_row.h"

#include "harness/output/csv_writer.h"

namespace pathbench {

const std::vector<std::string>& dynamic_columns() {
  static const std::vector<std::string> columns = {"kind",
                                                   "dataset",
                                                   "map",
                                                   "run",
                                                   "planner",
                                                   "algorithm",
                                                   "sx",
                                                   "sy",
                                                   "gx",
                                                   "gy",
                                                   "optimal",
                                                   "success",
                                                   "valid",
                                                   "end",
                                                   "steps",
                                                   "cost",
                                                   "replans",
                                                   "changed_cells",
                                                   "initial_expansions",
                                                   "initial_time_us",
                                                   "total_expansions",
                                                   "max_replan_expansions",
                                                   "total_time_us",
                                                   "max_replan_time_us",
                                                   "reprepare_us",
                                                   "path_us",
                                                   "error"};
  return columns;
}

std::vector<std::string> dynamic_csv_fields(const DynamicRunRow& r) {
  return {r.kind,
          r.dataset,
          r.map,
          std::to_string(r.run),
          r.planner,
          r.algorithm,
          std::to_string(r.start.x),
          std::to_string(r.start.y),
          std::to_string(r.goal.x),
          std::to_string(r.goal.y),
          csv_number(r.optimal),
          r.success ? "true" : "false",
          r.valid ? "true" : "false",
          r.end,
          std::to_string(r.steps),
          csv_number(r.cost),
          std::to_string(r.replans),
          std::to_string(r.changed_cells),
          std::to_string(r.initial_expansions),
          csv_number(r.initial_time_us),
          std::to_string(r.total_expansions),
          std::to_string(r.max_replan_expansions),
          csv_number(r.total_time_us),
          csv_number(r.max_replan_time_us),
          csv_number(r.reprepare_us),
          csv_number(r.path_us),
          r.error};
}

}  // namespace pathbench
