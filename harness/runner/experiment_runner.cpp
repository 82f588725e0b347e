#include "harness/runner/experiment_runner.h"

#include <fmt/format.h>
#include <algorithm>
#include <csignal>
#include <memory>

#include "algorithms/core/input_error.h"
#include "harness/output/csv_writer.h"
#include "harness/output/measurement_notes.h"
#include "harness/output/paths_writer.h"
#include "harness/runner/cpu_pinning.h"
#include "harness/runner/dynamic_experiment.h"
#include "harness/runner/experiment_fingerprint.h"
#include "harness/runner/experiment_manifest.h"
#include "harness/runner/instance_set.h"
#include "harness/runner/planner_on_map.h"
#include "harness/runner/resume_state.h"
#include "harness/runner/run_progress.h"
#include "harness/runner/run_setup.h"
#include "harness/runner/run_summaries.h"
#include "harness/runner/staged_run.h"
#include "harness/runner/stop_signal.h"

namespace pathbench {
namespace {

// The experiment as it will run: built planners and loaded instances (this shard's queries).
struct Prepared {
  std::vector<ActivePlanner> planners;
  std::vector<MapInstance> maps;
  nlohmann::json effective;  // the whole experiment's: every shard has the same fingerprint
  std::vector<std::string> extra_columns;  // union over planners, in planner order
  std::size_t total = 0;                   // runs of this shard
};

// Everything that can be wrong with the input is found here, before any file is written.
Prepared prepare(const ExperimentConfig& cfg) {
  Prepared p;
  p.planners = build_planners(cfg);
  p.maps = load_instances(cfg);
  check_combinations(cfg, p.planners, p.maps);
  p.effective = effective_experiment(cfg, p.planners, p.maps);
  for (const ActivePlanner& ap : p.planners)
    for (const std::string& c : ap.extra_columns)
      if (std::find(p.extra_columns.begin(), p.extra_columns.end(), c) == p.extra_columns.end())
        p.extra_columns.push_back(c);
  return p;
}

void keep_only_shard(Prepared& p, const Shard& shard) {
  keep_shard(p.maps, shard);
  p.total = 0;
  for (const MapInstance& m : p.maps) p.total += m.queries.size() * p.planners.size();
  // load_instances refuses a dataset without queries, so only a shard can be empty here.
  if (p.total == 0)
    throw InputError("command line", 0, "--shard",
                     fmt::format("shard {}/{} has no query: the experiment has fewer queries "
                                 "than shards",
                                 shard.k, shard.n));
}

// runs.csv and (with paths) paths.jsonl of the staging directory, appended to when resuming.
class RowWriter {
 public:
  RowWriter(const StagedRun& run, const std::vector<std::string>& extra_columns, bool save_paths)
      : staging_(run.staging()), csv_(staging_ / "runs.csv", extra_columns, run.resumed()) {
    if (save_paths) paths_ = std::make_unique<PathsWriter>(staging_ / "paths.jsonl", run.resumed());
  }
  void write(const RunRow& row, const Grid& grid, const std::vector<CellId>& path) {
    // The path first: a kill between the two leaves a path without its row, which resume drops,
    // never a row without its path.
    try {
      if (paths_) paths_->write(row, grid, path);
      csv_.write(row);
    } catch (const std::runtime_error& e) {
      throw RunWriteError(e.what(), staging_);
    }
  }

 private:
  std::filesystem::path staging_;
  RunCsvWriter csv_;
  std::unique_ptr<PathsWriter> paths_;
};

}  // namespace

RunOutcome run_experiment(const ExperimentConfig& cfg, const RunOptions& opt, std::ostream& log) {
  if (cfg.dynamic) return run_dynamic_experiment(cfg, opt, log);
  // Pinned first: loading and preparing then run where the queries will (caches, NUMA node).
  const CpuRequest cpu = requested_cpu(cfg, opt.cpu);
  pin_to_cpu(cpu);
  Prepared ex = prepare(cfg);
  warn_if_busy(cpu.cpu, opt.warnings);
  RunStart start = reopen_if_resuming(opt);
  keep_only_shard(ex, start.shard);

  ResumePoint point;
  point.summary_by = opt.summary_by;
  point.save_paths = opt.save_paths;
  const bool resume = start.resuming();
  if (resume) {
    point = resume_point(*start.run, ex.effective, ex.planners, ex.maps, ex.extra_columns,
                         opt.save_paths, log);
    // Summarise as the interrupted run would have (it may have had --by-map).
    if (point.summary_by != GroupBy::Map) {
      point.summary_by = opt.summary_by;
    }
  }
  StagedRun& run = open_for_rows(start, cfg.name, opt, cpu.cpu, [&] {
    return static_manifest(cfg, ex.planners, ex.maps,
                           new_run_facts(ex.effective, start.shard, ex.total, opt));
  });
  RowWriter writer(run, ex.extra_columns, point.save_paths);

  const std::size_t total = ex.total;
  const std::size_t to_go = total - std::min(total, point.done.size());
  log << fmt::format("{}: {} maps, {} planners, {} runs x {} repetitions ({})\n", cfg.name,
                     ex.maps.size(), ex.planners.size(), total, cfg.repetitions,
                     to_string(cfg.repetition_order));
  if (resume) {
    log << fmt::format("resuming {}: {} runs already done, {} to go\n", run.staging().string(),
                       point.done.size(), to_go);
  }
  RunProgress progress(opt.progress, to_go, "queries");
  const StopSignalGuard stop_signal_guard;

  // Rows go to runs.csv and are not kept: the summaries are streamed back from the file.
  RunOutcome outcome;
  outcome.resumed = point.done.size();
  outcome.invalid = point.previous_invalid;
  std::size_t done = 0;
  const RowSink sink = [&](RunRow&& row, const Grid& grid, const std::vector<CellId>& path) {
    if (failed_validation(row)) ++outcome.invalid;
    writer.write(row, grid, path);
    progress.tick(++done);
  };
  for (const MapInstance& m : ex.maps)
    for (ActivePlanner& ap : ex.planners) {
      if (stop_signal()) {
        break;
      }
      run_planner_on_map(cfg, run.staging(), run.dir(), m, ap, point.done, sink);
    }

  outcome.rows = point.done.size() + done;
  outcome.total = total;
  if (stop_signal() && outcome.rows < total) {
    // Every row written so far is whole (each is flushed as one line); leave them for --resume.
    outcome.interrupted = true;
    outcome.signal = stop_signal();
    outcome.dir = run.staging();
    return outcome;
  }
  SummaryOptions summary_options;
  summary_options.by = point.summary_by;
  summary_options.baseline = cfg.baseline;
  summary_options.seed = cfg.seed;
  record_run_end(run.meta());
  outcome.summary = write_run_summaries(run, cfg.name, summary_options);
  run.publish(log);
  outcome.dir = run.dir();
  return outcome;
}

std::string interruption_message(const RunOutcome& out) {
  return fmt::format(
      "\n{} after {} of {} runs; results so far in {}\n"
      "resume with: pathbench run --resume {}\n",
      out.signal == SIGTERM ? "terminated (SIGTERM)" : "interrupted", out.rows, out.total,
      out.dir.string(), out.dir.string());
}

}  // namespace pathbench
