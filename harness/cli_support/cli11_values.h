// CLI11 options whose values are parsed into typed values while CLI11 parses the command line
// (command_line_values.h). A bad value throws InputError out of CLI::App::parse, naming the
// option, so it is reported as one "error: command line: field '--start': ..." line, exit 2,
// like every other bad input (error_exit.h).
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "harness/cli_support/command_line_values.h"

namespace pathbench::cli {

// "X,Y" into `point`.
CLI::Option* add_point_option(CLI::App& app, const std::string& name, Point& point,
                              const std::string& description);
// Repeatable "key=value" into `assignments`, in the order given.
CLI::Option* add_assignments_option(CLI::App& app, const std::string& name,
                                    Assignments& assignments, const std::string& description);
// "P1,P2:k=v,..." into `planners`.
CLI::Option* add_planner_list_option(CLI::App& app, const std::string& name,
                                     std::vector<PlannerSpec>& planners,
                                     const std::string& description);
// Exactly `count` comma-separated integers (`shape` is their form, e.g. "x0,y0,x1,y1").
CLI::Option* add_int_list_option(CLI::App& app, const std::string& name, std::size_t count,
                                 const std::string& shape, std::vector<int>& values,
                                 const std::string& description);

// --map FILE (required): the MovingAI map a command works on.
void add_map_option(CLI::App& app, std::string& map);

// The one query of `solve` and `render`, in this order: --map FILE, --start X,Y and --goal X,Y
// (all required), --planner NAME (default: `planner` as given).
void add_one_query_options(CLI::App& app, std::string& map, Point& start, Point& goal,
                           std::string& planner);

// --connectivity 4|8 (default 8) and --corner-cutting into `rules`.
void add_move_rule_options(CLI::App& app, MoveRules& rules);

// The long name ("--set" of "-s,--set") that error messages use.
std::string long_name(const std::string& names);

}  // namespace pathbench::cli
