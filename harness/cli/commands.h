// The subcommands of the `pathbench` tool. A command file holds an Args struct, a <name>_options
// function giving the description and the options that fill it (values parsed by CLI11,
// harness/cli_support/cli11_values.h) and a <name>_command body returning the exit code: a few
// lines of wiring over library functions. Its add_*_command registers them with add_command
// (harness/cli_support/subcommand.h).
// Bad input is thrown as InputError and reported by main (harness/cli_support/error_exit.h).
#pragma once

#include <CLI/CLI.hpp>
#include <cstddef>
#include <filesystem>

#include "harness/cli_support/subcommand.h"
#include "harness/output/summary.h"
#include "harness/runner/exit_codes.h"

namespace pathbench::cli {

// Declares one subcommand on `app` (with add_command) and returns it. main() declares them all, in
// --help's order; each is defined in its <name>_command.cpp (the gen-* ones in gen_commands.cpp).
using AddCommand = Subcommand(CLI::App& app);
AddCommand add_run_command, add_solve_command, add_list_command, add_gen_map_command,
    add_gen_scen_command, add_render_command, add_report_command, add_compare_command,
    add_merge_command, add_export_dimacs_command, add_check_data_command, add_columns_command;

// 0 when `invalid` is 0; else says on stderr how many `what` ("results", "runs") failed
// validation and where (`csv`), and returns kExitInvalidResults. Defined in run_command.cpp.
int report_invalid(std::size_t invalid, const char* what, const std::filesystem::path& csv);

// The end of a finished run or merge on stdout, the same for both: the summary table (a dynamic
// run's made from its dynamic.csv), "<prefix>R rows, I invalid. Results: DIR" and where the
// tables are; returns report_invalid's code. Defined in run_command.cpp.
int print_finished_run(const std::filesystem::path& dir, bool dynamic,
                       const std::vector<SummaryRow>& summary, std::size_t rows,
                       std::size_t invalid, const std::string& prefix);

}  // namespace pathbench::cli
