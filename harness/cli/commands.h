// The subcommands of the `pathbench` tool. Each returns the process exit code and reports bad
// input as one clear message on stderr (main catches InputError and friends).
#pragma once

#include <string>
#include <vector>

#include "harness/runner/experiment_runner.h"

namespace pathbench::cli {

struct RunArgs {
  std::string config;  // may be empty with options.resume_dir: the config is read from meta.json
  RunOptions options;
  bool by_map = false;
  std::string shard;  // --shard K/N
  int jobs = 0;       // --jobs J: J local shard processes, merged (harness/runner/parallel_run.h)
};
int run_command(const RunArgs& args);

struct SolveArgs {
  std::string map;
  std::string start, goal;  // "X,Y"
  std::string planner = "astar";
  std::vector<std::string> set;  // key=value
  int connectivity = 8;
  bool corner_cutting = false;
  double time_limit_s = 0.0;
  std::string trace;       // also write the search as a Posthoc NAME.trace.yaml
  bool overwrite = false;  // replace an existing trace file
};
int solve_command(const SolveArgs& args);

int list_command();

struct GenMapArgs {
  std::string kind = "random";
  int width = 128, height = 128;
  double density = 0.2;
  int corridor_width = 1, room_size = 8;
  unsigned long long seed = 1;
  std::string output;
};
int gen_map_command(const GenMapArgs& args);

struct GenScenArgs {
  std::string map;
  int per_bucket = 10;
  int max_buckets = 0;
  unsigned long long seed = 1;
  int connectivity = 8;
  bool corner_cutting = false;
  std::string output;  // default: map path + ".scen"
};
int gen_scen_command(const GenScenArgs& args);

// `pathbench render` (render_command.cpp): runs one or several planners on one query with tracing
// on and draws what they did (harness/render/trace_renderer.h): a PNG or SVG picture (by the
// extension of --output), a self-contained HTML replay (--html), or ASCII on stdout (--ascii).
struct RenderArgs {
  std::string map;
  std::string start, goal;  // "X,Y"
  std::string planner = "astar";
  // "P1,P2,..." side by side; each entry is NAME or NAME:key=value[:key=value...].
  std::string compare;
  std::vector<std::string> set;  // key=value, applied to every planner that has the parameter
  std::string output;            // .png, .svg or .html
  std::string region;            // "x0,y0,x1,y1" inclusive; empty = whole map
  int cell = 0;                  // pixels per cell; 0 = fit about 1024 px per panel
  bool html = false;
  bool ascii = false;
  int connectivity = 8;
  bool corner_cutting = false;
  double time_limit_s = 0.0;
  std::string posthoc;     // also write the search as a Posthoc NAME.trace.yaml (one planner)
  bool overwrite = false;  // replace an existing --posthoc file
};
int render_command(const RenderArgs& args);

// `pathbench report DIR` (report_command.cpp): recomputes summary.csv, summary_buckets.csv and
// summary.md from DIR/runs.csv (+ meta.json for the seed, baseline and grouping), draws the plots
// with scripts/plot_results.py and writes the self-contained DIR/report.html.
struct ReportArgs {
  std::string dir;
  bool by_map = false;      // group per map (default: as the run did, from meta.json)
  bool by_dataset = false;  // group per dataset
  bool plots = true;        // false: keep whatever plots/ holds
  bool latex = false;       // also write DIR/tables/*.tex (harness/output/latex_tables.h)
};
int report_command(const ReportArgs& args);

struct MergeArgs {
  std::vector<std::string> inputs;  // shard directories or folders of them
  std::string out;
  bool overwrite = false;
  bool allow_mixed_commits = false;
};
int merge_command(const MergeArgs& args);

// `pathbench check-data PATH...` (check_data_command.cpp): datasets/dataset_check.h.
struct CheckDataArgs {
  std::vector<std::string> paths;  // .map files or folders
  bool require_scen = false;       // a map without its .scen is an error
};
int check_data_command(const CheckDataArgs& args);

}  // namespace pathbench::cli

namespace pathbench::cli {

// `pathbench compare DIR_A DIR_B` (compare_command.cpp): pairs the runs' rows by (dataset, map,
// query, planner); reports experiment differences, changed results (expansions, cost, status,
// validity) and per planner and group the time ratio B / A with a CI and a paired test.
// Returns kExitRegression when a planner got significantly slower than the threshold.
inline constexpr int kExitRegression = 4;
struct CompareArgs {
  std::string dir_a, dir_b;
  std::string by = "dataset";    // or "map"
  std::string threshold = "5%";  // "5%" or "0.05"
  bool markdown = false;
};
int compare_command(const CompareArgs& args);
// `pathbench export-dimacs` (export_dimacs_command.cpp): the map's graph as 9th DIMACS Challenge
// .gr (arcs) and .co (coordinates) files; refuses to replace existing files unless --overwrite.
struct ExportDimacsArgs {
  std::string map;
  std::string output;       // NAME.gr
  std::string coordinates;  // NAME.co; default: the output with .co for .gr
  long long scale = 10000;  // integer weight = round(cost * scale)
  int connectivity = 8;
  bool corner_cutting = false;
  bool overwrite = false;
};
int export_dimacs_command(const ExportDimacsArgs& args);

}  // namespace pathbench::cli
