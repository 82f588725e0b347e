#include "harness/output/dynamic_row.h"

#include <array>

#include "harness/output/csv_writer.h"

namespace pathbench {
namespace {

const std::array kDynamicSchema = {
    DynamicColumn{
        "kind", "",
        "unknown_terrain (the agent discovers the map) or changing_map (cells change as it moves)",
        [](const DynamicRunRow& r) { return std::string(r.kind); }},
    DynamicColumn{"dataset", "", "dataset name from the config",
                  [](const DynamicRunRow& r) { return std::string(r.dataset); }},
    DynamicColumn{"map", "", "map file name",
                  [](const DynamicRunRow& r) { return std::string(r.map); }},
    DynamicColumn{"run", "", "index of the agent run on this map",
                  [](const DynamicRunRow& r) { return std::string(std::to_string(r.run)); }},
    DynamicColumn{"planner", "", "the planner's label in the config",
                  [](const DynamicRunRow& r) { return std::string(r.planner); }},
    DynamicColumn{"algorithm", "", "registry name of the planner",
                  [](const DynamicRunRow& r) { return std::string(r.algorithm); }},
    DynamicColumn{"sx", "cell", "start column",
                  [](const DynamicRunRow& r) { return std::string(std::to_string(r.start.x)); }},
    DynamicColumn{"sy", "cell", "start row",
                  [](const DynamicRunRow& r) { return std::string(std::to_string(r.start.y)); }},
    DynamicColumn{"gx", "cell", "goal column",
                  [](const DynamicRunRow& r) { return std::string(std::to_string(r.goal.x)); }},
    DynamicColumn{"gy", "cell", "goal row",
                  [](const DynamicRunRow& r) { return std::string(std::to_string(r.goal.y)); }},
    DynamicColumn{"optimal", "",
                  "start -> goal cost on the initial true map (reference or .scen length)",
                  [](const DynamicRunRow& r) { return std::string(csv_number(r.optimal)); }},
    DynamicColumn{"success", "", "true when the agent arrived",
                  [](const DynamicRunRow& r) { return std::string(r.success ? "true" : "false"); }},
    DynamicColumn{"valid", "", "false when a step was illegal or a cost did not add up (see error)",
                  [](const DynamicRunRow& r) { return std::string(r.valid ? "true" : "false"); }},
    DynamicColumn{"end", "", "arrived, unreachable, timeout, max_steps, illegal_step, ...",
                  [](const DynamicRunRow& r) { return std::string(r.end); }},
    DynamicColumn{"steps", "", "moves the agent made",
                  [](const DynamicRunRow& r) { return std::string(std::to_string(r.steps)); }},
    DynamicColumn{"cost", "", "step costs travelled on the true map",
                  [](const DynamicRunRow& r) { return std::string(csv_number(r.cost)); }},
    DynamicColumn{"replans", "", "plans after the first",
                  [](const DynamicRunRow& r) { return std::string(std::to_string(r.replans)); }},
    DynamicColumn{
        "changed_cells", "", "cells reported to the planner as changed over the run",
        [](const DynamicRunRow& r) { return std::string(std::to_string(r.changed_cells)); }},
    DynamicColumn{
        "initial_expansions", "", "expansions of the first plan",
        [](const DynamicRunRow& r) { return std::string(std::to_string(r.initial_expansions)); }},
    DynamicColumn{
        "initial_time_us", "us", "time of the first plan",
        [](const DynamicRunRow& r) { return std::string(csv_number(r.initial_time_us)); }},
    DynamicColumn{
        "total_expansions", "", "expansions of all plans, the first included",
        [](const DynamicRunRow& r) { return std::string(std::to_string(r.total_expansions)); }},
    DynamicColumn{"max_replan_expansions", "",
                  "the largest replan's expansions (the first plan excluded)",
                  [](const DynamicRunRow& r) {
                    return std::string(std::to_string(r.max_replan_expansions));
                  }},
    DynamicColumn{"total_time_us", "us", "all plans: update + re-prepare + search + path writing",
                  [](const DynamicRunRow& r) { return std::string(csv_number(r.total_time_us)); }},
    DynamicColumn{
        "max_replan_time_us", "us", "the slowest replan",
        [](const DynamicRunRow& r) { return std::string(csv_number(r.max_replan_time_us)); }},
    DynamicColumn{
        "reprepare_us", "us",
        "part of total_time_us spent re-running prepare() (planners that are not incremental)",
        [](const DynamicRunRow& r) { return std::string(csv_number(r.reprepare_us)); }},
    DynamicColumn{"path_us", "us", "part of total_time_us spent writing paths after the searches",
                  [](const DynamicRunRow& r) { return std::string(csv_number(r.path_us)); }},
    DynamicColumn{"error", "", "why the run is invalid (empty when valid)",
                  [](const DynamicRunRow& r) { return std::string(r.error); }},
};

}  // namespace

std::span<const DynamicColumn> dynamic_schema() { return kDynamicSchema; }

const std::vector<std::string>& dynamic_columns() {
  static const std::vector<std::string> columns = [] {
    std::vector<std::string> names;
    for (const DynamicColumn& c : kDynamicSchema) names.emplace_back(c.name);
    return names;
  }();
  return columns;
}

std::vector<std::string> dynamic_csv_fields(const DynamicRunRow& r) {
  std::vector<std::string> fields;
  fields.reserve(kDynamicSchema.size());
  for (const DynamicColumn& c : kDynamicSchema) fields.push_back(c.field(r));
  return fields;
}

ColumnTable dynamic_schema_table() {
  ColumnTable t{{"column", "unit", "meaning"}, {}};
  for (const DynamicColumn& c : kDynamicSchema)
    t.rows.push_back({std::string(c.name), std::string(c.unit), std::string(c.meaning)});
  return t;
}

}  // namespace pathbench
