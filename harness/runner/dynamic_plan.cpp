#include "harness/runner/dynamic_plan.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "algorithms/core/input_error.h"
#include "harness/runner/experiment_fingerprint.h"

namespace pathbench {

std::vector<DynamicPick> pick_dynamic_queries(const std::vector<MapInstance>& maps,
                                              int runs_per_map) {
  std::vector<DynamicPick> picks;
  for (std::size_t m = 0; m < maps.size(); ++m) {
    std::vector<const QueryInstance*> qs;
    for (const QueryInstance& q : maps[m].queries)
      if (std::isfinite(q.optimal) && q.optimal > 0 && q.data_problem.empty()) qs.push_back(&q);
    std::stable_sort(qs.begin(), qs.end(), [](const QueryInstance* a, const QueryInstance* b) {
      return a->optimal > b->optimal;
    });
    const std::size_t n = std::min(qs.size(), static_cast<std::size_t>(runs_per_map));
    for (std::size_t i = 0; i < n; ++i)
      picks.push_back({m, static_cast<int>(i), qs[i], picks.size()});
  }
  return picks;
}

// The agent walks a plan move by move; an any-angle plan's segments are not moves.
void check_dynamic_planners(const ExperimentConfig& cfg,
                            const std::vector<ActivePlanner>& planners) {
  for (std::size_t i = 0; i < planners.size(); ++i)
    if (planners[i].built.planner->capabilities().path_model == PathModel::AnyAngle)
      throw InputError(cfg.source_file.string(), planners[i].config->line,
                       fmt::format("planners[{}].algorithm", i),
                       fmt::format("planner '{}' ({}) returns any-angle paths, which a dynamic "
                                   "run cannot walk move by move",
                                   planners[i].config->label, planners[i].config->algorithm));
}

void keep_dynamic_shard(std::vector<DynamicPick>& picks, const Shard& shard) {
  std::erase_if(picks, [&](const DynamicPick& p) { return shard_of(p.ordinal, shard) != shard.k; });
}

nlohmann::json dynamic_effective(const ExperimentConfig& cfg,
                                 const std::vector<ActivePlanner>& planners,
                                 const std::vector<MapInstance>& maps,
                                 const std::vector<DynamicPick>& picks) {
  nlohmann::json e = effective_experiment(cfg, planners, maps);
  const DynamicSpec& spec = *cfg.dynamic;
  nlohmann::json kinds = nlohmann::json::array();
  for (DynamicKind k : spec.kinds) kinds.push_back(std::string(to_string(k)));
  e["dynamic"] = {{"kinds", kinds},
                  {"sensor_radius", spec.sensor_radius},
                  {"every_k_steps", spec.every_k_steps},
                  {"toggles", spec.toggles},
                  {"runs_per_map", spec.runs_per_map},
                  {"max_steps", spec.max_steps}};
  for (nlohmann::json& m : e["maps"]) m["agent_runs"] = 0;
  for (const DynamicPick& p : picks) e["maps"][p.map]["agent_runs"] = p.run + 1;
  return e;
}

DynamicOrder::DynamicOrder(const nlohmann::json& effective) {
  try {
    for (const nlohmann::json& k : effective.at("dynamic").at("kinds"))
      kinds_.push_back(k.get<std::string>());
    for (const nlohmann::json& p : effective.at("planners"))
      planners_.push_back(p.at("label").get<std::string>());
    for (const nlohmann::json& m : effective.at("maps")) {
      const std::size_t runs = m.at("agent_runs").get<std::size_t>();
      maps_.emplace_back(m.at("dataset").get<std::string>(), m.at("map").get<std::string>(), picks_,
                         runs);
      picks_ += runs;
    }
  } catch (const nlohmann::json::exception& e) {
    throw InputError("meta.json", 0, "experiment.effective",
                     std::string("not a dynamic experiment pathbench wrote: ") + e.what());
  }
}

DynamicKey DynamicOrder::key(const DynamicRunRow& r, const std::string& file, int line) const {
  const auto position = [](const std::vector<std::string>& list, const std::string& v) {
    return static_cast<std::size_t>(std::find(list.begin(), list.end(), v) - list.begin());
  };
  const std::size_t kind = position(kinds_, r.kind), planner = position(planners_, r.planner);
  const auto map = std::find_if(maps_.begin(), maps_.end(), [&](const auto& m) {
    return std::get<0>(m) == r.dataset && std::get<1>(m) == r.map;
  });
  if (kind == kinds_.size() || planner == planners_.size() || map == maps_.end() || r.run < 0 ||
      static_cast<std::size_t>(r.run) >= std::get<3>(*map))
    throw InputError(file, line, "",
                     fmt::format("agent run {} {}/{} #{} planner '{}' is not one of this "
                                 "experiment's",
                                 r.kind, r.dataset, r.map, r.run, r.planner));
  return {kind, std::get<2>(*map) + static_cast<std::size_t>(r.run), planner};
}

}  // namespace pathbench
