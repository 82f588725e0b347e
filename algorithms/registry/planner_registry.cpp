#include "algorithms/registry/planner_registry.h"

#include <algorithm>

namespace pathbench {

// Every folder under algorithms/planners/ (its REGISTERS list): generated at configure time.
#include "built_in_planners.inc"

namespace {

bool by_name(const PlannerInfo& a, const PlannerInfo& b) { return a.name < b.name; }

// Checked like a registered one, so a malformed built-in schema fails the first use loudly.
std::vector<PlannerInfo>& registry() {
  static std::vector<PlannerInfo> all = [] {
    std::vector<PlannerInfo> v = generated_built_in_planners();
    for (const PlannerInfo& info : v)
      if (std::string problem = planner_info_problem(info); !problem.empty())
        throw std::logic_error(problem);
    std::sort(v.begin(), v.end(), by_name);
    return v;
  }();
  return all;
}

}  // namespace

const std::vector<PlannerInfo>& planner_registry() { return registry(); }

const PlannerInfo* find_planner(std::string_view name) {
  for (const auto& info : planner_registry())
    if (info.name == name) return &info;
  return nullptr;
}

void register_planner(PlannerInfo info) {
  if (std::string problem = planner_info_problem(info); !problem.empty())
    throw std::invalid_argument(problem);
  if (find_planner(info.name))
    throw std::invalid_argument("planner '" + info.name + "' is already registered");
  std::vector<PlannerInfo>& all = registry();
  all.insert(std::upper_bound(all.begin(), all.end(), info, by_name), std::move(info));
}

ConfiguredPlanner make_planner(std::string_view name, const RawParams& raw) {
  const PlannerInfo* info = find_planner(name);
  if (!info) {
    std::string known;
    for (const auto& p : planner_registry()) known += (known.empty() ? "" : ", ") + p.name;
    throw UnknownPlannerError("unknown planner '" + std::string(name) + "' (known: " + known + ")");
  }
  ConfiguredPlanner out;
  out.params = resolve_planner_params(*info, raw);
  out.planner = info->factory(out.params);
  return out;
}

}  // namespace pathbench
