// pathbench: command-line entry point. Parses arguments (CLI11) and dispatches to commands.cpp;
// turns every input error into one message and a non-zero exit.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <iostream>

#include "algorithms/core/input_error.h"
#include "algorithms/core/params.h"
#include "algorithms/registry/planner_registry.h"
#include "harness/cli/commands.h"

int main(int argc, char** argv) {
  using namespace pathbench;
  CLI::App app{"pathbench: grid pathfinding benchmarks and experiments"};
  app.require_subcommand(1);

  cli::RunArgs run;
  auto* run_cmd = app.add_subcommand("run", "run an experiment described by a YAML file");
  run_cmd->add_option("config", run.config, "experiment YAML (optional with --resume)");
  run_cmd->add_option("--resume", run.options.resume_dir,
                      "continue the interrupted run in DIR (DIR.partial or DIR)");
  run_cmd->add_option("--out", run.options.out_dir,
                      "exact output directory (default results/<name>/<timestamp>)");
  run_cmd->add_option("--results-root", run.options.results_root, "parent of results/<name>")
      ->capture_default_str();
  run_cmd->add_option("--tag", run.options.tag, "suffix for the timestamped run directory");
  run_cmd->add_flag("--overwrite", run.options.overwrite, "replace --out if it exists");
  run_cmd->add_flag("--save-paths", run.options.save_paths, "also write paths.jsonl");
  run_cmd->add_flag("--by-map", run.by_map, "summarise per map instead of per dataset");
  run_cmd->add_option("--shard", run.shard,
                      "K/N: run only part K (0-based) of N of the queries; `merge` joins them");
  run_cmd->add_option("--jobs", run.jobs,
                      "J: run J shards as processes on this machine, one per core, and merge them")
      ->check(CLI::Range(1, 1024));

  cli::SolveArgs solve;
  auto* solve_cmd = app.add_subcommand("solve", "solve one query and print it as JSON");
  solve_cmd->add_option("--map", solve.map, "MovingAI .map file")->required();
  solve_cmd->add_option("--start", solve.start, "X,Y")->required();
  solve_cmd->add_option("--goal", solve.goal, "X,Y")->required();
  solve_cmd->add_option("--planner", solve.planner, "planner name (see `pathbench list`)")
      ->capture_default_str();
  solve_cmd->add_option("--set", solve.set, "planner parameter key=value (repeatable)");
  solve_cmd->add_option("--connectivity", solve.connectivity, "4 or 8")
      ->check(CLI::IsMember({4, 8}))
      ->capture_default_str();
  solve_cmd->add_flag("--corner-cutting", solve.corner_cutting, "allow diagonal corner cutting");
  solve_cmd->add_option("--time-limit", solve.time_limit_s, "seconds (0 = none)");
  solve_cmd->add_option("--trace", solve.trace,
                        "also write the search as a Posthoc trace (NAME.trace.yaml)");
  solve_cmd->add_flag("--overwrite", solve.overwrite, "replace an existing --trace file");

  app.add_subcommand("list", "list planners with their parameters and defaults");

  cli::GenMapArgs gm;
  auto* gm_cmd = app.add_subcommand("gen-map", "generate a map and write it as a MovingAI .map");
  gm_cmd->add_option("--kind", gm.kind, "random | maze | rooms")
      ->check(CLI::IsMember({"random", "maze", "rooms"}))
      ->capture_default_str();
  gm_cmd->add_option("--width", gm.width)->capture_default_str();
  gm_cmd->add_option("--height", gm.height)->capture_default_str();
  gm_cmd->add_option("--density", gm.density, "random: obstacle probability")
      ->capture_default_str();
  gm_cmd->add_option("--corridor-width", gm.corridor_width, "maze")->capture_default_str();
  gm_cmd->add_option("--room-size", gm.room_size, "rooms")->capture_default_str();
  gm_cmd->add_option("--seed", gm.seed)->capture_default_str();
  gm_cmd->add_option("-o,--output", gm.output, "output .map")->required();

  cli::GenScenArgs gs;
  auto* gs_cmd = app.add_subcommand("gen-scen", "generate a MovingAI .scen for a map");
  gs_cmd->add_option("--map", gs.map, "MovingAI .map file")->required();
  gs_cmd->add_option("--per-bucket", gs.per_bucket)->capture_default_str();
  gs_cmd->add_option("--max-buckets", gs.max_buckets, "0 = all")->capture_default_str();
  gs_cmd->add_option("--seed", gs.seed)->capture_default_str();
  gs_cmd->add_option("--connectivity", gs.connectivity)
      ->check(CLI::IsMember({4, 8}))
      ->capture_default_str();
  gs_cmd->add_flag("--corner-cutting", gs.corner_cutting);
  gs_cmd->add_option("-o,--output", gs.output, "output .scen (default: MAP.scen)");

  cli::RenderArgs rn;
  auto* rn_cmd = app.add_subcommand(
      "render", "draw what planners did on one query: PNG/SVG picture, HTML replay or ASCII");
  rn_cmd->add_option("--map", rn.map, "MovingAI .map file")->required();
  rn_cmd->add_option("--start", rn.start, "X,Y")->required();
  rn_cmd->add_option("--goal", rn.goal, "X,Y")->required();
  rn_cmd->add_option("--planner", rn.planner, "planner name (see `pathbench list`)")
      ->capture_default_str();
  rn_cmd->add_option("--compare", rn.compare,
                     "planners side by side: P1,P2,... each NAME or NAME:key=value[:key=value]");
  rn_cmd->add_option("--set", rn.set,
                     "planner parameter key=value (repeatable; each planner having it)");
  rn_cmd->add_option("-o,--output", rn.output, "out.png | out.svg | out.html");
  rn_cmd->add_option("--region", rn.region, "x0,y0,x1,y1: draw only these cells (inclusive)");
  rn_cmd->add_option("--cell", rn.cell, "pixels per cell (0 = fit about 1024 px per panel)")
      ->capture_default_str();
  rn_cmd->add_flag("--html", rn.html, "write a self-contained HTML replay (play/step/speed)");
  rn_cmd->add_flag("--ascii", rn.ascii, "print the drawing as text on stdout");
  rn_cmd->add_option("--connectivity", rn.connectivity, "4 or 8")
      ->check(CLI::IsMember({4, 8}))
      ->capture_default_str();
  rn_cmd->add_flag("--corner-cutting", rn.corner_cutting, "allow diagonal corner cutting");
  rn_cmd->add_option("--time-limit", rn.time_limit_s, "seconds per planner (0 = none)");
  rn_cmd->add_option("--posthoc", rn.posthoc,
                     "also write the search as a Posthoc trace (NAME.trace.yaml; one planner)");
  rn_cmd->add_flag("--overwrite", rn.overwrite, "replace an existing --posthoc file");

  cli::ReportArgs report;
  auto* report_cmd = app.add_subcommand(
      "report", "recompute summaries, plots and report.html of a results directory from runs.csv");
  report_cmd->add_option("dir", report.dir, "results directory (holding runs.csv)")->required();
  report_cmd->add_flag("--by-map", report.by_map, "summarise per map");
  report_cmd->add_flag("--by-dataset", report.by_dataset, "summarise per dataset");
  report_cmd->add_flag("!--no-plots", report.plots, "do not run scripts/plot_results.py");
  report_cmd->add_flag("--latex", report.latex,
                       "also write booktabs tables to DIR/tables/*.tex (all.tex inputs them)");

  cli::CompareArgs compare;
  auto* compare_cmd = app.add_subcommand(
      "compare", "compare two runs query by query; exit 4 on a significant slow-down");
  compare_cmd->add_option("dir_a", compare.dir_a, "results directory of the reference run")
      ->required();
  compare_cmd->add_option("dir_b", compare.dir_b, "results directory of the new run")->required();
  compare_cmd->add_option("--by", compare.by, "group per dataset or per map")
      ->check(CLI::IsMember({"dataset", "map"}))
      ->capture_default_str();
  compare_cmd
      ->add_option("--threshold", compare.threshold,
                   "slow-down that counts as a regression: 5% or 0.05")
      ->capture_default_str();
  compare_cmd->add_flag("--markdown", compare.markdown, "print Markdown (pull-request comment)");

  cli::MergeArgs merge;
  auto* merge_cmd = app.add_subcommand(
      "merge", "join the shards of one experiment (run --shard K/N) into one run directory");
  merge_cmd->add_option("shards", merge.inputs, "shard run directories, or folders holding them")
      ->required();
  merge_cmd->add_option("--out", merge.out, "the merged run directory")->required();
  merge_cmd->add_flag("--overwrite", merge.overwrite, "replace --out (a run directory of ours)");
  merge_cmd->add_flag("--allow-mixed-commits", merge.allow_mixed_commits,
                      "merge shards built from different commits (recorded in meta.json)");

  cli::CheckDataArgs check;
  auto* check_cmd = app.add_subcommand(
      "check-data", "check that maps and their .scen files parse and agree, without running");
  check_cmd->add_option("paths", check.paths, ".map files or folders (searched recursively)")
      ->required();
  check_cmd->add_flag("--require-scen", check.require_scen, "a map without NAME.map.scen fails");

  cli::ExportDimacsArgs dimacs;
  auto* dimacs_cmd = app.add_subcommand(
      "export-dimacs", "write the map's graph as DIMACS shortest-path .gr and .co files");
  dimacs_cmd->add_option("--map", dimacs.map, "MovingAI .map file")->required();
  dimacs_cmd->add_option("-o,--output", dimacs.output, "output NAME.gr")->required();
  dimacs_cmd->add_option("--coordinates", dimacs.coordinates,
                         "output NAME.co (default: the .gr name with .co)");
  dimacs_cmd->add_option("--scale", dimacs.scale, "arc weight = round(cost x scale)")
      ->capture_default_str();
  dimacs_cmd->add_option("--connectivity", dimacs.connectivity, "4 or 8")
      ->check(CLI::IsMember({4, 8}))
      ->capture_default_str();
  dimacs_cmd->add_flag("--corner-cutting", dimacs.corner_cutting, "allow diagonal corner cutting");
  dimacs_cmd->add_flag("--overwrite", dimacs.overwrite, "replace existing .gr / .co files");

  CLI11_PARSE(app, argc, argv);

  try {
    if (*run_cmd) {
      run.options.progress = isatty(2) ? &std::cerr : nullptr;
      return cli::run_command(run);
    }
    if (*solve_cmd) return cli::solve_command(solve);
    if (app.got_subcommand("list")) return cli::list_command();
    if (*gm_cmd) return cli::gen_map_command(gm);
    if (*gs_cmd) return cli::gen_scen_command(gs);
    if (*rn_cmd) return cli::render_command(rn);
    if (*report_cmd) return cli::report_command(report);
    if (*merge_cmd) return cli::merge_command(merge);
    if (*compare_cmd) return cli::compare_command(compare);
    if (*dimacs_cmd) return cli::export_dimacs_command(dimacs);
    if (*check_cmd) return cli::check_data_command(check);
  } catch (const InputError& e) {
    std::cerr << "error: " << e.what() << '\n';
    return 2;
  } catch (const ParamError& e) {
    std::cerr << "error: " << e.what() << '\n';
    return 2;
  } catch (const UnknownPlannerError& e) {
    std::cerr << "error: " << e.what() << '\n';
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << '\n';
    return 1;
  }
  return 0;
}
