// The one place that knows every planner by name. Each planner exposes a `*_planner_info()`
// function in its own folder; planner_registry.cpp lists them (one line per planner).
// Named presets (dijkstra, gbfs) are settings of a base planner, not copies: they hide and fix
// some of its parameters.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/core/params.h"
#include "algorithms/core/planner.h"

namespace pathbench {

struct PlannerInfo {
  std::string name;               // stable name used in YAML and on the command line
  std::string summary;            // one line for `pathbench list`
  std::vector<ParamSpec> params;  // user-settable parameters
  RawParams fixed;                // preset values, applied on top (not user-settable)
  std::function<std::unique_ptr<Planner>(const ParamSet&)> factory;
};

// A preset of `base`: parameters in `fixed` disappear from the schema and take those values.
PlannerInfo make_preset(const PlannerInfo& base, std::string name, std::string summary,
                        RawParams fixed);

// All planners, in alphabetical order of name.
const std::vector<PlannerInfo>& planner_registry();
const PlannerInfo* find_planner(std::string_view name);

// Thrown for an unknown planner name; lists the known ones.
class UnknownPlannerError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ConfiguredPlanner {
  std::unique_ptr<Planner> planner;
  ParamSet params;  // every effective parameter, presets' fixed values included
};

// Validates `raw` against the planner's schema (ParamError on a bad value) and builds it.
ConfiguredPlanner make_planner(std::string_view name, const RawParams& raw);

}  // namespace pathbench
