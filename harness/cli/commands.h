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

Subcommand add_run_command(CLI::App& app);            // run_command.cpp
Subcommand add_solve_command(CLI::App& app);          // solve_command.cpp
Subcommand add_list_command(CLI::App& app);           // list_command.cpp
Subcommand add_gen_map_command(CLI::App& app);        // gen_commands.cpp
Subcommand add_gen_scen_command(CLI::App& app);       // gen_commands.cpp
Subcommand add_render_command(CLI::App& app);         // render_command.cpp
Subcommand add_report_command(CLI::App& app);         // report_command.cpp
Subcommand add_compare_command(CLI::App& app);        // compare_command.cpp
Subcommand add_merge_command(CLI::App& app);          // merge_command.cpp
Subcommand add_export_dimacs_command(CLI::App& app);  // export_dimacs_command.cpp
Subcommand add_check_data_command(CLI::App& app);     // check_data_command.cpp
Subcommand add_columns_command(CLI::App& app);        // columns_command.cpp

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
