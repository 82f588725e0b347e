// How a planner describes itself to the registry: its name, a one-line summary, its parameter
// schema and a factory. Every planner folder exposes one `PlannerInfo <name>_planner_info()`;
// registry/planner_registry.cpp lists them, one line each (docs/adding-a-planner.md).
// Named presets (dijkstra, gbfs) are settings of a base planner, not copies: they hide and fix
// some of its parameters, with typed values.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "algorithms/core/params.h"
#include "algorithms/core/planner.h"

namespace pathbench {

// A preset's hidden parameters and the values they take.
using FixedParams = std::map<std::string, ParamValue>;

struct PlannerInfo {
  std::string name;     // stable name used in YAML and on the command line
  std::string summary;  // one line for `pathbench list`
  // (Default member initializers let a PlannerInfo be written with designated initializers.)
  std::vector<ParamSpec> params = {};  // user-settable parameters
  FixedParams fixed = {};              // preset values (not user-settable)
  // Builds the planner from every parameter: the user's, defaults, and `fixed` (what
  // resolve_planner_params returns). Throws ParamError for a combination the schema cannot say.
  std::function<std::unique_ptr<Planner>(const ParamSet&)> factory;
};

// A PlannerInfo::factory for planner class P: built from the resolved parameters when its
// constructor takes them.
template <class P>
std::unique_ptr<Planner> make_planner(const ParamSet& params) {
  if constexpr (std::is_constructible_v<P, const ParamSet&>)
    return std::make_unique<P>(params);
  else
    return std::make_unique<P>();
}

// The PlannerInfo of a planner class P that takes no parameters: its name and summary.
template <class P>
PlannerInfo planner_without_params(std::string name, std::string summary) {
  return {.name = std::move(name), .summary = std::move(summary), .factory = make_planner<P>};
}

// A preset of `base`: parameters in `fixed` disappear from the schema and take those values.
// Throws std::logic_error when a fixed value does not fit base's schema (a programming error).
PlannerInfo make_preset(const PlannerInfo& base, std::string name, std::string summary,
                        const FixedParams& fixed);

// Validates `raw` against info.params (ParamError naming the parameter), fills defaults and adds
// info.fixed: the complete set the factory receives and results echo.
ParamSet resolve_planner_params(const PlannerInfo& info, const RawParams& raw);

// Empty when `info` is well formed (a name, a factory, unique parameter names, every default
// and fixed value valid for its schema); otherwise what is wrong.
std::string planner_info_problem(const PlannerInfo& info);

}  // namespace pathbench
