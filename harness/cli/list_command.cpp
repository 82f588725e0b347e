// `pathbench list`: the registered planners with their parameters and defaults.
#include <iostream>

#include "harness/cli/commands.h"
#include "harness/cli_support/planner_listing.h"

namespace pathbench::cli {

Subcommand add_list_command(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("list", "list planners with their parameters and defaults");
  return {cmd, [] {
            print_planner_list(std::cout);
            return 0;
          }};
}

}  // namespace pathbench::cli
