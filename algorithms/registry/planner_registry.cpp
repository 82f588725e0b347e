#include "algorithms/registry/planner_registry.h"

#include <algorithm>

#include "algorithms/planners/astar/astar_planner.h"
#include "algorithms/planners/boost_astar/boost_astar_planner.h"
#include "algorithms/planners/dstar_lite/dstar_lite_planner.h"
#include "algorithms/planners/external/external_planner.h"
#include "algorithms/planners/hpa/hpa_planner.h"
#include "algorithms/planners/jps/jps_planner.h"
#include "algorithms/planners/jps_plus/jps_plus_planner.h"

namespace pathbench {

const std::vector<PlannerInfo>& planner_registry() {
  static const std::vector<PlannerInfo> registry = [] {
    std::vector<PlannerInfo> all = {
        astar_planner_info(),       dijkstra_planner_info(),   gbfs_planner_info(),
        boost_astar_planner_info(), jps_planner_info(),        jps_plus_planner_info(),
        hpa_planner_info(),         dstar_lite_planner_info(), external_planner_info(),
    };
    std::sort(all.begin(), all.end(),
              [](const PlannerInfo& a, const PlannerInfo& b) { return a.name < b.name; });
    return all;
  }();
  return registry;
}

const PlannerInfo* find_planner(std::string_view name) {
  for (const auto& info : planner_registry())
    if (info.name == name) return &info;
  return nullptr;
}

PlannerInfo make_preset(const PlannerInfo& base, std::string name, std::string summary,
                        RawParams fixed) {
  PlannerInfo preset;
  preset.name = std::move(name);
  preset.summary = std::move(summary);
  for (const auto& spec : base.params)
    if (!fixed.count(spec.name)) preset.params.push_back(spec);
  preset.fixed = base.fixed;
  for (auto& [k, v] : fixed) preset.fixed[k] = v;
  preset.factory = base.factory;
  // The base schema validates the fixed values; keep it reachable through the factory closure.
  const std::vector<ParamSpec> full = base.params;
  const RawParams all_fixed = preset.fixed;
  auto base_factory = base.factory;
  preset.factory = [full, all_fixed, base_factory](const ParamSet& user) {
    RawParams merged;
    for (const auto& [k, v] : user.values()) merged[k] = format_param_value(v);
    for (const auto& [k, v] : all_fixed) merged[k] = v;
    return base_factory(resolve_params(full, merged));
  };
  return preset;
}

ConfiguredPlanner make_planner(std::string_view name, const RawParams& raw) {
  const PlannerInfo* info = find_planner(name);
  if (!info) {
    std::string known;
    for (const auto& p : planner_registry()) known += (known.empty() ? "" : ", ") + p.name;
    throw UnknownPlannerError("unknown planner '" + std::string(name) + "' (known: " + known + ")");
  }
  ConfiguredPlanner out;
  out.params = resolve_params(info->params, raw);
  out.planner = info->factory(out.params);
  // Echo the preset's fixed values too, so a result row says exactly what ran.
  for (const auto& [k, v] : info->fixed) out.params.set(k, v);
  return out;
}

}  // namespace pathbench
