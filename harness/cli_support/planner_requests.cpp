#include "harness/cli_support/planner_requests.h"

#include <fmt/format.h>

#include <algorithm>

#include "algorithms/core/input_error.h"
#include "algorithms/registry/planner_registry.h"

namespace pathbench::cli {

std::vector<PlannerRequest> planner_requests(const std::string& planner,
                                             const std::vector<PlannerSpec>& compare,
                                             const Assignments& set) {
  std::vector<PlannerRequest> reqs;
  const char* option = compare.empty() ? "--planner" : "--compare";
  if (compare.empty()) reqs.push_back({planner, planner, {}});
  for (const PlannerSpec& spec : compare)
    reqs.push_back({spec.text, spec.name, to_raw_params(spec.params)});
  for (const PlannerRequest& r : reqs)
    if (!find_planner(r.name))
      throw InputError("command line", 0, option,
                       fmt::format("unknown planner '{}' (see `pathbench list`)", r.name));
  for (const Assignment& kv : set) {
    // Not a structured binding: clang 14 (the fuzz build) cannot capture those in a lambda.
    const std::string& key = kv.first;
    bool used = false;
    for (PlannerRequest& r : reqs) {
      const PlannerInfo* info = find_planner(r.name);
      const bool has = std::any_of(info->params.begin(), info->params.end(),
                                   [&](const ParamSpec& p) { return p.name == key; });
      if (has || reqs.size() == 1) {
        r.params.emplace(key, kv.second);  // keeps a --compare entry's own value
        used = true;
      }
    }
    if (!used)
      throw InputError("command line", 0, "--set",
                       "no planner in --compare has a parameter '" + key + "'");
  }
  if (compare.empty())
    for (const Assignment& kv : set) reqs[0].label += ":" + kv.first + "=" + kv.second;
  return reqs;
}

}  // namespace pathbench::cli
