// `pathbench compare DIR_A DIR_B`: the two runs' rows paired and compared
// (harness/analysis/run_comparison.h). Exit code 4 when some planner got significantly slower
// than --threshold, so it can guard a performance regression in a pipeline; 2 on bad input and
// when no row of A pairs with a row of B. With --interleave the positionals are BIN_A BIN_B
// CONFIG and the two binaries are run here first (harness/cli/compare_interleave.h).
#include <fmt/format.h>
#include <unistd.h>

#include <iostream>
#include <nlohmann/json.hpp>

#include "algorithms/core/input_error.h"
#include "harness/analysis/run_comparison.h"
#include "harness/cli/commands.h"
#include "harness/cli/compare_interleave.h"
#include "harness/cli_support/results_meta.h"
#include "harness/output/runs_csv_reader.h"

namespace pathbench::cli {
namespace {

namespace fs = std::filesystem;

// Pairs the runs' rows by (dataset, map, query, planner); reports experiment differences,
// changed results (expansions, cost, status, validity) and per planner and group the time ratio
// B / A with a CI and a paired test.
struct CompareArgs {
  std::string dir_a, dir_b;
  std::string by = "dataset";    // or "map"
  std::string threshold = "5%";  // "5%" or "0.05"
  bool markdown = false;
  bool interleave = false;
  std::string config;        // --interleave only
  int rounds = 3, cpu = -1;  // cpu -1: not given
  bool rounds_given = false;
  std::string out;
};

void compare_options(CLI::App& cmd, CompareArgs& a) {
  cmd.description("compare two runs query by query; exit 4 on a significant slow-down");
  cmd.add_option("dir_a", a.dir_a,
                 "results directory of the reference run (--interleave: its binary, BIN_A)")
      ->required();
  cmd.add_option("dir_b", a.dir_b, "results directory of the new run (--interleave: BIN_B)")
      ->required();
  cmd.add_option("config", a.config, "--interleave only: the experiment YAML both binaries run");
  cmd.add_option("--by", a.by, "group per dataset or per map")
      ->check(CLI::IsMember({"dataset", "map"}))
      ->capture_default_str();
  cmd.add_option("--threshold", a.threshold, "slow-down that counts as a regression: 5% or 0.05")
      ->capture_default_str();
  cmd.add_flag("--markdown", a.markdown, "print Markdown (pull-request comment)");
  cmd.add_flag("--interleave", a.interleave,
               "run BIN_A and BIN_B on CONFIG alternately, pinned to one core, and judge B "
               "against the session's A/A noise");
  cmd.add_option_function<int>(
         "--rounds",
         [&a](int n) {
           a.rounds = n;
           a.rounds_given = true;
         },
         "--interleave: rounds of both binaries (at least 2; default 3)")
      ->type_name("N");
  cmd.add_option("--cpu", a.cpu,
                 "--interleave: core for every run (default: the config's cpu:, else the "
                 "highest allowed core)");
  cmd.add_option("--out", a.out,
                 "--interleave: new folder for the runs (default: a fresh temporary folder)");
}

int compare_command(const CompareArgs& args) {
  CompareOptions opt;
  opt.threshold = parse_threshold(args.threshold);
  opt.by = args.by == "map" ? GroupBy::Map : GroupBy::Dataset;
  if (args.interleave) {
    if (args.config.empty())
      throw InputError("command line", 0, "--interleave",
                       "needs three arguments: BIN_A BIN_B CONFIG");
    return compare_interleaved_command(
        {args.dir_a, args.dir_b, args.config, args.rounds, args.cpu, args.out, args.markdown, opt});
  }
  if (!args.config.empty() || args.cpu >= 0 || !args.out.empty() || args.rounds_given)
    throw InputError("command line", 0, "--interleave",
                     "a CONFIG, --rounds, --cpu and --out go with --interleave only");
  for (const std::string& d : {args.dir_a, args.dir_b})
    if (!fs::is_directory(d)) throw InputError(d, 0, "", "no such results directory");
  const nlohmann::json meta_a = read_results_meta(args.dir_a),
                       meta_b = read_results_meta(args.dir_b);
  // The bootstrap is seeded by the reference run's experiment seed, as its report was.
  opt.seed = run_summary_settings(meta_a, args.dir_a).options.seed;
  // Streamed (memory bounded by the largest table cell, not the files); the rows are spilled to
  // a scratch folder under $TMPDIR (default /tmp), about 48 bytes per row of A and B.
  std::string why_none;
  RunComparison c = compare_runs_files(
      fs::path(args.dir_a) / "runs.csv", meta_a, fs::path(args.dir_b) / "runs.csv", meta_b, opt,
      fs::temp_directory_path() / fmt::format("pathbench-compare.{}", ::getpid()), &why_none);
  if (c.matched == 0) throw InputError(args.dir_b, 0, "", why_none + " (A: " + args.dir_a + ")");
  c.dir_a = args.dir_a;
  c.dir_b = args.dir_b;
  print_comparison(std::cout, c, args.markdown);
  if (c.result_changes() > 0)
    std::cerr << fmt::format("warning: {} result differences between the runs (see above)\n",
                             c.result_changes());
  return c.any_regression() ? kExitRegression : 0;
}

}  // namespace

Subcommand add_compare_command(CLI::App& app) {
  return add_command(app, "compare", compare_options, compare_command);
}

}  // namespace pathbench::cli
