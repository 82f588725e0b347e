#include "harness/runner/experiment_manifest.h"

#include <string>

#include "harness/output/bad_query_lines.h"
#include "harness/output/run_manifest.h"
#include "harness/output/run_row.h"
#include "harness/runner/experiment_fingerprint.h"
#include "harness/runner/solve_timing.h"

namespace pathbench {

nlohmann::json base_manifest(const ExperimentConfig& cfg,
                             const std::vector<ActivePlanner>& planners,
                             const std::vector<MapInstance>& maps) {
  nlohmann::json m = build_and_machine_info();
  m["schema_version"] = kRunSchemaVersion;
  m["experiment"] = {{"name", cfg.name},
                     {"config_file", cfg.source_file.string()},
                     {"seed", cfg.seed},
                     {"time_limit_s", cfg.time_limit_s},
                     {"validate", cfg.validate}};
  m["config_text"] = cfg.source_text;
  nlohmann::json pl = nlohmann::json::array();
  for (const ActivePlanner& p : planners)
    pl.push_back({{"label", p.config->label},
                  {"algorithm", p.config->algorithm},
                  {"params", p.params_text}});
  m["planners"] = pl;
  nlohmann::json ms = nlohmann::json::array();
  for (const MapInstance& mi : maps) {
    nlohmann::json j = {{"dataset", mi.dataset},
                        {"map", mi.map_name},
                        {"width", mi.grid.width()},
                        {"height", mi.grid.height()},
                        {"passable", mi.grid.count_passable()}};
    if (!mi.map_path.empty())
      j["map_file"] = mi.map_path.string();
    else
      j["seed"] = mi.seed;
    ms.push_back(std::move(j));
  }
  m["maps"] = ms;
  return m;
}

nlohmann::json bad_query_json(const BadQueryLines& bad) {
  nlohmann::json per_map = nlohmann::json::object();
  for (const auto& [map, n] : bad.per_map) per_map[map] = n;
  return {{"lines", bad.lines}, {"rows", bad.rows}, {"per_map", std::move(per_map)}};
}

namespace {

// The facts both runners record the same way: what resume and merge check.
void add_run_facts(nlohmann::json& m, const RunFacts& facts) {
  m["experiment"]["effective"] = *facts.effective;
  m["experiment"]["fingerprint"] = experiment_fingerprint(*facts.effective);
  if (facts.shard.active()) {
    m["shard"] = shard_json(facts.shard);
    m["shard"]["rows"] = facts.rows;  // what a complete shard holds: merge checks it
  }
  m["run_dir"] = {{"default", facts.default_dir}};
}

}  // namespace

RunFacts new_run_facts(const nlohmann::json& effective, const Shard& shard, std::size_t rows,
                       const RunOptions& options) {
  return {.effective = &effective,
          .shard = shard,
          .rows = rows,
          .summary_by = options.summary_by,
          .default_dir = options.out_dir.empty()};
}

nlohmann::json static_manifest(const ExperimentConfig& cfg,
                               const std::vector<ActivePlanner>& planners,
                               const std::vector<MapInstance>& maps, const RunFacts& facts) {
  nlohmann::json m = base_manifest(cfg, planners, maps);
  nlohmann::json& exp = m["experiment"];
  exp["repetitions"] = cfg.repetitions;
  exp["repetition_order"] = to_string(cfg.repetition_order);
  exp["batch_min_us"] = cfg.batch_min_us;
  exp["batch_max"] = kMaxBatch;
  exp["on_bad_query"] = to_string(cfg.on_bad_query);
  // planner_on_map.cpp: one untimed solve of the last query per (map, planner) before timing.
  exp["warm_up"] = "last_query";
  exp["baseline"] = cfg.baseline;
  exp["summary_by"] = std::string(to_string(facts.summary_by));
  for (std::size_t i = 0; i < maps.size(); ++i) {
    const MapInstance& mi = maps[i];
    nlohmann::json& j = m["maps"][i];
    j["connectivity"] = static_cast<int>(mi.grid.rules().connectivity);
    j["corner_cutting"] = mi.grid.rules().corner_cutting;
    j["queries"] = mi.queries.size();
    if (!mi.map_path.empty()) j["scen_file"] = mi.scen_path.string();
  }
  add_run_facts(m, facts);
  return m;
}

nlohmann::json dynamic_manifest(const ExperimentConfig& cfg,
                                const std::vector<ActivePlanner>& planners,
                                const std::vector<MapInstance>& maps, const RunFacts& facts) {
  const DynamicSpec& spec = *cfg.dynamic;
  nlohmann::json m = base_manifest(cfg, planners, maps);
  m["mode"] = "dynamic";
  nlohmann::json kinds = nlohmann::json::array();
  for (DynamicKind k : spec.kinds) kinds.push_back(std::string(to_string(k)));
  m["dynamic"] = {
      {"kinds", kinds},
      {"sensor_radius", spec.sensor_radius},
      {"every_k_steps", spec.every_k_steps},
      {"toggles", spec.toggles},
      {"runs_per_map", spec.runs_per_map},
      {"max_steps", spec.max_steps},
      {"sensor_shape", "square (Chebyshev distance)"},
      {"replan_policy",
       "unknown_terrain: whenever a sensed cell differs from the known map; "
       "changing_map: after every change"},
      {"planning_time", "update + prepare() again for non-incremental planners + search"}};
  for (std::size_t i = 0; i < planners.size(); ++i)
    m["planners"][i]["incremental"] = planners[i].built.planner->capabilities().incremental;
  add_run_facts(m, facts);
  return m;
}

GroupBy recorded_summary_by(const nlohmann::json& meta) {
  const nlohmann::json exp = meta.value("experiment", nlohmann::json::object());
  return parse_group_by(exp.value("summary_by", std::string("dataset"))).value_or(GroupBy::Dataset);
}

}  // namespace pathbench
