// The one place that knows every planner by name, on top of the planners: each planner folder
// exposes a `*_planner_info()` (core/planner_info.h) and planner_registry.cpp lists them, one
// line per planner. Planners never include this header.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/core/planner_info.h"

namespace pathbench {

// All planners, in alphabetical order of name.
const std::vector<PlannerInfo>& planner_registry();
const PlannerInfo* find_planner(std::string_view name);

// Adds a planner that is not built in (a test's, a program's own) under its name, so that
// make_planner, experiments and `pathbench list`-like listings see it. Call it at start-up,
// before anything holds entries of planner_registry(): it may move them, and it is not
// thread-safe. Throws std::invalid_argument for a malformed info or a name already taken.
void register_planner(PlannerInfo info);

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
