#include "harness/cli_support/error_exit.h"

#include <ostream>

#include "algorithms/core/input_error.h"
#include "algorithms/core/params.h"
#include "algorithms/registry/planner_registry.h"

namespace pathbench::cli {

int exit_code_for(const std::exception& e) {
  const bool bad_input = dynamic_cast<const InputError*>(&e) != nullptr ||
                         dynamic_cast<const ParamError*>(&e) != nullptr ||
                         dynamic_cast<const UnknownPlannerError*>(&e) != nullptr;
  return bad_input ? kExitBadInput : kExitFailure;
}

int run_reporting_errors(std::ostream& err, const std::function<int()>& body) {
  try {
    return body();
  } catch (const std::exception& e) {
    err << "error: " << e.what() << '\n';
    return exit_code_for(e);
  }
}

}  // namespace pathbench::cli
