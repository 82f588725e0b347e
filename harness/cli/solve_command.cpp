// `pathbench solve`: one query, one planner, one JSON object on stdout (solve_output.h); with
// --trace also the search as a Posthoc trace.
#include <filesystem>
#include <iostream>

#include "datasets/map_io.h"
#include "datasets/query_endpoints.h"
#include "harness/cli/commands.h"
#include "harness/cli_support/cli11_values.h"
#include "harness/cli_support/command_planner.h"
#include "harness/cli_support/solve_output.h"
#include "harness/render/posthoc_trace.h"
#include "harness/render/trace_renderer.h"
#include "harness/runner/solve_timing.h"

namespace pathbench::cli {
namespace {

struct SolveArgs {
  std::string map;
  Point start, goal;
  std::string planner = "astar";
  Assignments set;
  MoveRules rules;
  double time_limit_s = 0.0;
  std::string trace;       // also write the search as a Posthoc NAME.trace.yaml
  bool overwrite = false;  // replace an existing trace file
};

void solve_options(CLI::App& cmd, SolveArgs& a) {
  cmd.description("solve one query and print it as JSON");
  add_one_query_options(cmd, a.map, a.start, a.goal, a.planner);
  add_assignments_option(cmd, "--set", a.set, "planner parameter key=value (repeatable)");
  add_move_rule_options(cmd, a.rules);
  cmd.add_option("--time-limit", a.time_limit_s, "seconds (0 = none)");
  cmd.add_option("--trace", a.trace, "also write the search as a Posthoc trace (NAME.trace.yaml)");
  cmd.add_flag("--overwrite", a.overwrite, "replace an existing --trace file");
}

int solve_command(const SolveArgs& a) {
  const Grid grid = read_map(a.map, MapLoadOptions{a.rules, {}});
  const Query q{a.start, a.goal};
  check_query_endpoint(grid, q.start, "command line", "--start", a.map);
  check_query_endpoint(grid, q.goal, "command line", "--goal", a.map);
  const bool traced = !a.trace.empty();
  ConfiguredPlanner cp = command_planner(a.planner, to_raw_params(a.set), grid, {}, traced);
  if (traced) check_posthoc_path(a.trace, "--trace", a.overwrite);
  cp.planner->prepare(grid);
  const Budget budget = time_limit_budget(a.time_limit_s);
  SearchResult r;
  const SolveTime time = timed_solve(*cp.planner, q, budget, r);
  if (traced) {
    // Traced again for the file; the JSON reports the untraced run.
    const RenderPanel panel =
        run_traced(grid, q, *cp.planner, a.planner, cp.params.to_string(), budget, true);
    write_posthoc_trace_file(a.trace, "--trace", a.overwrite, grid, q, panel,
                             std::filesystem::path(a.map).filename().string());
  }
  std::cout << solve_result_json(a.planner, cp.params.to_string(), grid, r, time.search_us,
                                 time.path_us)
                   .dump()
            << '\n';
  return r.status == Status::InvalidQuery ? 2 : 0;
}

}  // namespace

Subcommand add_solve_command(CLI::App& app) {
  return add_command(app, "solve", solve_options, solve_command);
}

}  // namespace pathbench::cli
