#include "algorithms/registry/planner_registry.h"

#include <algorithm>

#include "algorithms/planners/astar/astar_planner.h"
#include "algorithms/planners/astar_differential/astar_differential_planner.h"
#include "algorithms/planners/boost_astar/boost_astar_planner.h"
#include "algorithms/planners/canonical_astar/canonical_astar_planner.h"
#include "algorithms/planners/dstar_lite/dstar_lite_planner.h"
#include "algorithms/planners/external/external_planner.h"
#include "algorithms/planners/hpa/hpa_planner.h"
#include "algorithms/planners/jps/jps_planner.h"
#include "algorithms/planners/jps_plus/jps_plus_planner.h"
#include "algorithms/planners/subgoal_graph/subgoal_graph_planner.h"

namespace pathbench {
namespace {

// The built-in planners: one line each.
std::vector<PlannerInfo> built_in_planners() {
  std::vector<PlannerInfo> all;
  all.push_back(astar_planner_info());
  all.push_back(dijkstra_planner_info());
  all.push_back(gbfs_planner_info());
  all.push_back(astar_differential_planner_info());
  all.push_back(boost_astar_planner_info());
  all.push_back(canonical_astar_planner_info());
  all.push_back(canonical_dijkstra_planner_info());
  all.push_back(jps_planner_info());
  all.push_back(jps_plus_planner_info());
  all.push_back(hpa_planner_info());
  all.push_back(subgoal_graph_planner_info());
  all.push_back(subgoal_graph_ch_planner_info());
  all.push_back(dstar_lite_planner_info());
  all.push_back(external_planner_info());
  return all;
}

bool by_name(const PlannerInfo& a, const PlannerInfo& b) { return a.name < b.name; }

// Checked like a registered one, so a malformed built-in schema fails the first use loudly.
std::vector<PlannerInfo>& registry() {
  static std::vector<PlannerInfo> all = [] {
    std::vector<PlannerInfo> v = built_in_planners();
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
