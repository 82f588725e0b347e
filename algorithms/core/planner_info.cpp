#include "algorithms/core/planner_info.h"

#include <fmt/format.h>
#include <set>
#include <stdexcept>

namespace pathbench {
namespace {

const ParamSpec* find_spec(const std::vector<ParamSpec>& schema, const std::string& name) {
  for (const ParamSpec& s : schema)
    if (s.name == name) return &s;
  return nullptr;
}

}  // namespace

PlannerInfo make_preset(const PlannerInfo& base, std::string name, std::string summary,
                        const FixedParams& fixed) {
  PlannerInfo preset;
  preset.name = std::move(name);
  preset.summary = std::move(summary);
  for (const auto& [key, value] : fixed) {
    const ParamSpec* spec = find_spec(base.params, key);
    if (!spec)
      throw std::logic_error(
          fmt::format("preset {}: {} has no parameter '{}'", preset.name, base.name, key));
    if (std::string problem = param_value_problem(*spec, value); !problem.empty())
      throw std::logic_error("preset " + preset.name + ": " + problem);
  }
  for (const ParamSpec& spec : base.params)
    if (!fixed.count(spec.name)) preset.params.push_back(spec);
  preset.fixed = base.fixed;
  for (const auto& [key, value] : fixed) preset.fixed[key] = value;
  preset.factory = base.factory;
  return preset;
}

ParamSet resolve_planner_params(const PlannerInfo& info, const RawParams& raw) {
  ParamSet out = resolve_params(info.params, raw);
  for (const auto& [key, value] : info.fixed) out.set(key, value);
  return out;
}

std::string planner_info_problem(const PlannerInfo& info) {
  if (info.name.empty()) return "a planner without a name";
  const std::string who = "planner '" + info.name + "': ";
  if (!info.factory) return who + "no factory";
  std::set<std::string> names;
  for (const ParamSpec& spec : info.params) {
    if (!names.insert(spec.name).second) return who + "parameter '" + spec.name + "' twice";
    if (std::string problem = param_value_problem(spec, spec.default_value); !problem.empty())
      return who + "default of " + problem;
  }
  for (const auto& [key, value] : info.fixed)
    if (names.count(key)) return who + "parameter '" + key + "' is both settable and fixed";
  return {};
}

}  // namespace pathbench
