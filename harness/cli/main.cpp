// pathbench: command-line entry point. Declares the subcommands (commands.h), lets CLI11 parse
// the arguments and runs the one given; every error becomes one message and a non-zero exit.
#include <CLI/CLI.hpp>
#include <iostream>
#include <vector>

#include "harness/cli/commands.h"
#include "harness/cli_support/error_exit.h"

int main(int argc, char** argv) {
  using namespace pathbench::cli;
  return run_reporting_errors(std::cerr, [&] {
    CLI::App app{"pathbench: grid pathfinding benchmarks and experiments"};
    app.require_subcommand(1);
    const std::vector<Subcommand> commands = {
        add_run_command(app),           add_solve_command(app),      add_list_command(app),
        add_gen_map_command(app),       add_gen_scen_command(app),   add_render_command(app),
        add_report_command(app),        add_compare_command(app),    add_merge_command(app),
        add_export_dimacs_command(app), add_check_data_command(app), add_columns_command(app)};
    // Values of our own types (X,Y, key=value, ...) throw InputError from parse, reported by
    // run_reporting_errors; CLI11's own errors (unknown option, --help) keep CLI11's output.
    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      return app.exit(e);
    }
    for (const Subcommand& c : commands)
      if (*c.app) return c.run();
    return 0;
  });
}
