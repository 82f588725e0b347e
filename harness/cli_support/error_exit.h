// The one place where an exception becomes the pathbench tool's exit: a single
// "error: <what>" line on stderr, exit 2 for bad input (InputError, and the registry's
// ParamError / UnknownPlannerError when no caller gave them a location) and 1 for anything else
// (a failed write, a bug).
#pragma once

#include <exception>
#include <functional>
#include <iosfwd>

#include "harness/runner/exit_codes.h"

namespace pathbench::cli {

// The exit code for an exception that ended a command.
int exit_code_for(const std::exception& e);

// Runs `body` and returns its exit code; an exception it throws is written to `err` and mapped
// with exit_code_for.
int run_reporting_errors(std::ostream& err, const std::function<int()>& body);

}  // namespace pathbench::cli
