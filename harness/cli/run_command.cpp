// `pathbench run CONFIG.yaml`: an experiment (static queries, or agents on dynamic maps when
// the YAML has a `dynamic:` section), its summary on stdout, exit 3 when a result is invalid.
#include <fmt/format.h>
#include <unistd.h>

#include <cstdlib>

#include <iostream>
#include <optional>

#include "algorithms/core/input_error.h"
#include "harness/cli/commands.h"
#include "harness/cli_support/run_config_source.h"
#include "harness/output/dynamic_csv.h"
#include "harness/output/dynamic_summary.h"
#include "harness/output/summary.h"
#include "harness/runner/experiment_runner.h"
#include "harness/runner/parallel_run.h"
#include "harness/runner/shard.h"

namespace pathbench::cli {
namespace {

struct RunArgs {
  std::string config;  // may be empty with options.resume_dir: the config is read from meta.json
  RunOptions options;
  bool by_map = false;
  bool shard_given = false;    // --shard K/N (even 0/1)
  int jobs = 1;                // --jobs J: J local shard processes, merged (parallel_run.h)
  bool rebuild_index = false;  // --rebuild-index: gppc entries preprocess again (docs/gppc.md)
};

void run_options(CLI::App& cmd, RunArgs& a) {
  cmd.description("run an experiment described by a YAML file");
  cmd.add_option("config", a.config, "experiment YAML (optional with --resume)");
  cmd.add_option("--resume", a.options.resume_dir,
                 "continue the interrupted run in DIR (DIR.partial or DIR)");
  cmd.add_option("--out", a.options.out_dir,
                 "exact output directory (default results/<name>/<timestamp>)");
  cmd.add_option("--results-root", a.options.results_root, "parent of results/<name>")
      ->capture_default_str();
  cmd.add_option("--tag", a.options.tag, "suffix for the timestamped run directory");
  cmd.add_flag("--overwrite", a.options.overwrite, "replace --out if it exists");
  cmd.add_flag("--save-paths", a.options.save_paths, "also write paths.jsonl");
  cmd.add_flag("--by-map", a.by_map, "summarise per map instead of per dataset");
  cmd.add_option_function<std::string>(
         "--shard",
         [&a](const std::string& text) {
           a.options.shard = parse_shard(text, "--shard");
           a.shard_given = true;
         },
         "K/N: run only part K (0-based) of N of the queries; `merge` joins them")
      ->type_name("K/N");
  cmd.add_option("--cpu", a.options.cpu,
                 "N: pin the run to core N (overrides the config's cpu:; with --jobs J shard k "
                 "runs on core N+k)")
      ->check(CLI::Range(0, 1023));
  cmd.add_option("--jobs", a.jobs,
                 "J: run J shards as processes on this machine, one per core, and merge them")
      ->check(CLI::Range(1, 1024));
  cmd.add_flag("--rebuild-index", a.rebuild_index,
               "gppc entries run PreprocessMap again instead of reusing their cached index "
               "(docs/gppc.md)");
}

// One path for every kind of run: static or dynamic, one process, --jobs, resumed.
int run_any(const ExperimentConfig& cfg, const RunOptions& opt, int jobs, bool parallel_resume) {
  RunOutcome out;
  try {
    if (parallel_resume)
      out = resume_parallel(opt.resume_dir, opt, std::cout);
    else if (jobs > 1)
      out = run_parallel(cfg, opt, jobs, std::cout);
    else
      out = run_experiment(cfg, opt, std::cout);
  } catch (const RunWriteError& e) {
    std::cerr << fmt::format(
        "error: {}\nthe rows written so far are kept in {}; once the cause is fixed (free disk "
        "space), resume with: pathbench run --resume {}\n",
        e.what(), e.staging().string(), e.staging().string());
    return kExitFailure;
  }
  if (out.interrupted) {
    std::cerr << interruption_message(out);
    return exit_code_for_signal(out.signal);
  }
  return print_finished_run(out.dir, out.dynamic, out.summary, out.rows, out.invalid, "");
}

int run_command(const RunArgs& args) {
  // Passed on in the environment, which --jobs shard processes inherit; the gppc planner reads it.
  if (args.rebuild_index) ::setenv("PATHBENCH_GPPC_REBUILD_INDEX", "1", 1);
  // `--resume DIR.jobs` continues a `--jobs` run: its plan, not a meta.json, says what to run.
  const bool parallel_resume =
      !args.options.resume_dir.empty() && is_parallel_work_dir(args.options.resume_dir);
  if (parallel_resume && args.options.cpu >= 0)
    throw InputError("command line", 0, "--cpu",
                     "a --jobs run resumes on the cores it started with; drop --cpu");
  if (args.jobs > 1 && !args.options.resume_dir.empty())
    throw InputError("command line", 0, "--jobs",
                     "--resume continues with the interrupted run's own number of processes; "
                     "drop --jobs");
  const ExperimentConfig cfg = parallel_resume
                                   ? ExperimentConfig{}
                                   : load_run_config(args.config, args.options.resume_dir.string());
  RunOptions opt = args.options;
  opt.progress = isatty(2) ? &std::cerr : nullptr;
  opt.warnings = &std::cerr;
  opt.summary_by = args.by_map ? GroupBy::Map : cfg.summary_by;
  return run_any(cfg, opt, args.jobs, parallel_resume);
}

}  // namespace

int report_invalid(std::size_t invalid, const char* what, const std::filesystem::path& csv) {
  if (invalid == 0) return 0;
  std::cerr << fmt::format("error: {} {} failed validation (see the error column of {})\n", invalid,
                           what, csv.string());
  return kExitInvalidResults;
}

int print_finished_run(const std::filesystem::path& dir, bool dynamic,
                       const std::vector<SummaryRow>& summary, std::size_t rows,
                       std::size_t invalid, const std::string& prefix) {
  std::cout << '\n';
  if (dynamic) {
    print_dynamic_summary(std::cout, read_dynamic_csv(dir / "dynamic.csv"));
  } else {
    print_summary_table(std::cout, summary);
  }
  std::cout << fmt::format("\n{}{} {}, {} invalid. Results: {}\n", prefix, rows,
                           dynamic ? "agent runs" : "rows", invalid, dir.string());
  if (!dynamic)
    std::cout << fmt::format("Tables: {}/summary.md. Plots and report.html: pathbench report {}\n",
                             dir.string(), dir.string());
  return report_invalid(invalid, dynamic ? "runs" : "results",
                        dir / (dynamic ? "dynamic.csv" : "runs.csv"));
}

Subcommand add_run_command(CLI::App& app) {
  return add_command(app, "run", run_options, run_command);
}

}  // namespace pathbench::cli
