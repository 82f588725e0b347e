#include "harness/runner/experiment_runner.h"

#include <unistd.h>

#include <fmt/format.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <ctime>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <tuple>

#include "algorithms/registry/planner_registry.h"
#include "datasets/input_error.h"
#include "harness/output/csv_writer.h"
#include "harness/output/paths_writer.h"
#include "harness/output/run_manifest.h"
#include "harness/output/runs_csv_reader.h"
#include "harness/runner/experiment_fingerprint.h"
#include "harness/runner/instance_set.h"
#include "harness/runner/path_validation.h"
#include "harness/runner/resume_state.h"
#include "harness/runner/run_setup.h"
#include "harness/stats/statistics.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

double median(std::vector<double>& v) {
  std::sort(v.begin(), v.end());
  return stats::sorted_median(v);
}

nlohmann::json manifest(const ExperimentConfig& cfg, const std::vector<ActivePlanner>& planners,
                        const std::vector<MapInstance>& maps) {
  nlohmann::json m = build_and_machine_info();
  m["schema_version"] = kRunSchemaVersion;
  m["experiment"] = {{"name", cfg.name},
                     {"config_file", cfg.source_file.string()},
                     {"seed", cfg.seed},
                     {"repetitions", cfg.repetitions},
                     {"time_limit_s", cfg.time_limit_s},
                     {"validate", cfg.validate},
                     {"baseline", cfg.baseline}};
  m["config_text"] = cfg.source_text;
  nlohmann::json pl = nlohmann::json::array();
  for (const ActivePlanner& p : planners)
    pl.push_back({{"label", p.config->label},
                  {"algorithm", p.config->algorithm},
                  {"params", p.params_text}});
  m["planners"] = pl;
  nlohmann::json ms = nlohmann::json::array();
  for (const MapInstance& mi : maps) {
    nlohmann::json j = {{"dataset", mi.dataset},
                        {"map", mi.map_name},
                        {"width", mi.grid.width()},
                        {"height", mi.grid.height()},
                        {"passable", mi.grid.count_passable()},
                        {"connectivity", static_cast<int>(mi.grid.rules().connectivity)},
                        {"corner_cutting", mi.grid.rules().corner_cutting},
                        {"queries", mi.queries.size()}};
    if (!mi.map_path.empty()) {
      j["map_file"] = mi.map_path.string();
      j["scen_file"] = mi.scen_path.string();
    } else {
      j["seed"] = mi.seed;
    }
    ms.push_back(std::move(j));
  }
  m["maps"] = ms;
  return m;
}

// The signal (SIGINT or SIGTERM) that asked the run to stop; the loop checks it after each row.
volatile std::sig_atomic_t g_stop_signal = 0;

extern "C" void on_stop_signal(int sig) {
  g_stop_signal = sig;
  std::signal(sig, SIG_DFL);  // a second Ctrl-C (or TERM) ends the process at once
}

// Installs on_stop_signal for SIGINT and SIGTERM (a batch scheduler's cancellation) for the
// lifetime of the object, then restores the previous handlers.
class StopSignalGuard {
 public:
  StopSignalGuard()
      : previous_int_(std::signal(SIGINT, on_stop_signal)),
        previous_term_(std::signal(SIGTERM, on_stop_signal)) {
    g_stop_signal = 0;
  }
  ~StopSignalGuard() {
    std::signal(SIGINT, previous_int_);
    std::signal(SIGTERM, previous_term_);
  }
  StopSignalGuard(const StopSignalGuard&) = delete;
  StopSignalGuard& operator=(const StopSignalGuard&) = delete;

 private:
  void (*previous_int_)(int);
  void (*previous_term_)(int);
};

class Progress {
 public:
  Progress(bool on, std::size_t total) : on_(on), total_(total), start_(Clock::now()) {}
  void tick(std::size_t done) {
    if (!on_) return;
    const auto now = Clock::now();
    if (done != total_ && now - last_ < std::chrono::milliseconds(250)) return;
    last_ = now;
    const double el = std::chrono::duration<double>(now - start_).count();
    const double rate = el > 0 ? static_cast<double>(done) / el : 0.0;
    const double eta = rate > 0 ? static_cast<double>(total_ - done) / rate : 0.0;
    std::cerr << fmt::format("\r  {}/{} queries  {:.0f}/s  ETA {:.0f}s   ", done, total_, rate, eta)
              << (done == total_ ? "\n" : "") << std::flush;
  }

 private:
  bool on_;
  std::size_t total_;
  Clock::time_point start_, last_{};
};

}  // namespace

RunOutcome run_experiment(const ExperimentConfig& cfg, const RunOptions& opt, std::ostream& log) {
  // 1. Everything that can be wrong with the input is found here, before any file is written.
  std::vector<ActivePlanner> planners = build_planners(cfg);
  std::vector<MapInstance> maps = load_instances(cfg);
  check_combinations(cfg, planners, maps);
  // The whole experiment's description: every shard of it has the same fingerprint.
  const nlohmann::json effective = effective_experiment(cfg, planners, maps);

  const bool resume = !opt.resume_dir.empty();
  RunDirs dirs;
  nlohmann::json meta;  // resume: the interrupted run's
  Shard shard = opt.shard;
  if (resume) {
    dirs = resume_run_dirs(opt.resume_dir);
    meta = read_meta(dirs.staging / "meta.json");
    const Shard was = shard_from_meta(meta, (dirs.staging / "meta.json").string());
    if (shard.active() && shard != was)
      throw InputError("command line", 0, "--shard",
                       fmt::format("the interrupted run is shard {}/{}, not {}/{}", was.k, was.n,
                                   shard.k, shard.n));
    shard = was;
  }
  keep_shard(maps, shard);

  std::vector<std::string> extra_columns;
  for (const ActivePlanner& p : planners)
    for (const std::string& c : p.extra_columns)
      if (std::find(extra_columns.begin(), extra_columns.end(), c) == extra_columns.end())
        extra_columns.push_back(c);

  std::size_t total = 0;
  for (const MapInstance& m : maps) total += m.queries.size() * planners.size();
  // load_instances refuses a dataset without queries, so only a shard can be empty here.
  if (total == 0)
    throw InputError("command line", 0, "--shard",
                     fmt::format("shard {}/{} has no query: the experiment has fewer queries "
                                 "than shards",
                                 shard.k, shard.n));

  RunsCsv previous;  // resume: the rows already written (kept alive: rows point into it)
  std::set<RunKey> done_keys;
  GroupBy summary_by = opt.summary_by;
  bool save_paths = opt.save_paths;
  if (resume) {
    const fs::path meta_path = dirs.staging / "meta.json";
    check_same_experiment(meta_path, meta, effective);
    previous = read_interrupted_rows(dirs.staging / "runs.csv", extra_columns);
    std::set<std::tuple<std::string, std::string, std::string>> known;
    for (const MapInstance& m : maps)
      for (const ActivePlanner& p : planners) known.emplace(m.dataset, m.map_name, p.config->label);
    for (const RunRow& r : previous.rows)
      if (!known.count({r.dataset, r.map, r.planner}))
        throw InputError((dirs.staging / "runs.csv").string(), 0, "--resume",
                         fmt::format("row for {}/{} planner '{}' is not in this config; "
                                     "cannot resume",
                                     r.dataset, r.map, r.planner));
    // Paths: one per row, always. A run that saved them goes on saving them; one that did not
    // cannot start now (its earlier rows would have none).
    std::error_code ec;
    const bool had_paths = fs::exists(fs::symlink_status(dirs.staging / "paths.jsonl", ec));
    if (opt.save_paths && !had_paths && !previous.rows.empty())
      throw InputError(dirs.staging.string(), 0, "--save-paths",
                       "the interrupted run did not save paths; resume it without --save-paths");
    if (had_paths && !opt.save_paths)
      log << "the interrupted run saved paths: paths.jsonl is continued\n";
    save_paths = save_paths || had_paths;
    if (had_paths) align_paths_with_rows(dirs.staging, previous, extra_columns, log);
    for (const RunRow& r : previous.rows) done_keys.emplace(r.dataset, r.map, r.planner, r.query);
    // meta.json keeps the original run's facts; each resumption is recorded beside them.
    try {
      // Summarise as the interrupted run would have (it may have had --by-map).
      if (meta["experiment"].value("summary_by", std::string()) == "map") summary_by = GroupBy::Map;
      if (meta.value("run_dir", nlohmann::json::object()).value("default", false))
        dirs.latest = dirs.dir.parent_path() / "latest";
    } catch (const nlohmann::json::exception& e) {
      throw InputError(meta_path.string(), 0, "--resume", e.what());
    }
    const nlohmann::json now = build_and_machine_info();
    meta["resumed"].push_back({{"date_utc", now["date_utc"]},
                               {"git_commit", now["git_commit"]},
                               {"rows_kept", previous.rows.size()}});
    write_json_file(meta_path, meta);
  } else {
    dirs = plan_run_dirs(cfg, opt);
    open_staging(dirs, opt.overwrite);
    meta = manifest(cfg, planners, maps);
    meta["experiment"]["summary_by"] = opt.summary_by == GroupBy::Map ? "map" : "dataset";
    meta["experiment"]["effective"] = effective;
    meta["experiment"]["fingerprint"] = experiment_fingerprint(effective);
    if (shard.active()) {
      meta["shard"] = shard_json(shard);
      meta["shard"]["rows"] = total;  // what a complete shard holds: merge checks it
    }
    meta["run_dir"] = {{"default", !dirs.latest.empty()}};
    write_json_file(dirs.staging / "meta.json", meta);
  }
  const fs::path& staging = dirs.staging;
  RunCsvWriter csv(staging / "runs.csv", extra_columns, resume);
  std::unique_ptr<PathsWriter> paths;
  if (save_paths) paths = std::make_unique<PathsWriter>(staging / "paths.jsonl", resume);

  log << fmt::format("{}: {} maps, {} planners, {} runs x {} repetitions\n", cfg.name, maps.size(),
                     planners.size(), total, cfg.repetitions);
  if (resume)
    log << fmt::format("resuming {}: {} runs already done, {} to go\n", staging.string(),
                       done_keys.size(), total - std::min(total, done_keys.size()));
  Progress progress(opt.progress, total - std::min(total, done_keys.size()));
  const StopSignalGuard stop_signal_guard;

  RunOutcome outcome;
  outcome.resumed = previous.rows.size();
  for (const RunRow& r : previous.rows)
    if (r.validated && !r.valid) ++outcome.invalid;
  std::vector<RunRow> rows = std::move(previous.rows);
  rows.reserve(total);
  Budget budget;
  budget.time_limit_s = cfg.time_limit_s;
  SearchResult result, repeat;
  std::vector<double> times(static_cast<std::size_t>(cfg.repetitions));
  std::size_t done = 0;

  for (const MapInstance& m : maps) {
    for (ActivePlanner& ap : planners) {
      if (g_stop_signal) break;
      const auto is_done = [&](const QueryInstance& q) {
        return done_keys.count({m.dataset, m.map_name, ap.config->label, q.index}) > 0;
      };
      if (std::all_of(m.queries.begin(), m.queries.end(), is_done)) continue;
      // A fresh planner per map: prep_ms then includes sizing its arrays for this map, and
      // prep_bytes (memory_bytes() counts capacity) is this map's, not the largest map's so far.
      ap.built.planner = make_planner(ap.config->algorithm, ap.config->params).planner;
      Planner& planner = *ap.built.planner;
      PlannerContext context;
      context.label = ap.config->label;
      context.log_dir = staging;
      context.config_dir = cfg.source_file.parent_path();
      context.map_file = m.map_path;
      context.time_limit_s = cfg.time_limit_s;
      planner.set_context(context);
      const auto p0 = Clock::now();
      planner.prepare(m.grid);
      const double prep_ms = std::chrono::duration<double, std::milli>(Clock::now() - p0).count();
      const Capabilities& caps = planner.capabilities();
      for (const QueryInstance& q : m.queries) {
        if (g_stop_signal) break;
        if (is_done(q)) continue;
        const Query query{q.start, q.goal};
        for (int rep = 0; rep < cfg.repetitions; ++rep) {
          SearchResult& r = rep == 0 ? result : repeat;
          const auto t0 = Clock::now();
          planner.solve(query, budget, r);
          times[static_cast<std::size_t>(rep)] =
              std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
        }
        RunRow row;
        row.dataset = m.dataset;
        row.map = m.map_name;
        row.query = q.index;
        row.bucket = q.bucket;
        row.planner = ap.config->label;
        row.algorithm = ap.config->algorithm;
        row.params = ap.params_text;
        row.start = q.start;
        row.goal = q.goal;
        row.status = result.status;
        row.cost = result.cost;
        row.optimal = q.optimal;
        row.path_cells = result.path.size();
        row.counters = result.counters;
        row.time_us = median(times);
        // times is sorted by median(); the spread tells whether repetitions agree.
        row.time_spread = times.size() > 1 && row.time_us > 0
                              ? (times.back() - times.front()) / row.time_us
                              : std::numeric_limits<double>::quiet_NaN();
        row.prep_ms = prep_ms;
        row.prep_bytes = planner.memory_bytes();
        row.extra_names = &ap.extra_columns;
        row.extras = result.extras;
        if (result.status == Status::Solved) {
          row.suboptimality =
              q.optimal > 0 ? result.cost / q.optimal : (result.cost == 0 ? 1.0 : NAN);
        } else {
          row.suboptimality = NAN;
        }
        row.validated = cfg.validate;
        if (cfg.validate) {
          const PathCheck check = check_result(m.grid, query, result, q.optimal, caps);
          row.valid = check.valid;
          row.error = check.error;
          if (cfg.repetitions > 1 && repeat.counters.expansions != result.counters.expansions) {
            row.valid = false;
            row.error = "expansions differ between repetitions (non-deterministic planner)";
          }
          if (!row.valid) ++outcome.invalid;
        }
        // A planner's own account of an unsolved query (an external planner's fault, a timeout)
        // goes in the error column when validation has nothing to say.
        if (row.error.empty() && result.status != Status::Solved) row.error = result.message;
        // The path first: a kill between the two leaves a path without its row, which resume
        // drops, never a row without its path.
        try {
          if (paths) paths->write(row, m.grid, result.path);
          csv.write(row);
        } catch (const std::runtime_error& e) {
          throw RunWriteError(e.what(), staging);
        }
        rows.push_back(std::move(row));
        progress.tick(++done);
      }
      // Release the map's planner now (an external planner's process ends here, before the run
      // directory is renamed), not when the next map replaces it.
      ap.built.planner.reset();
    }
  }

  if (g_stop_signal && rows.size() < total) {
    // Every row written so far is whole (each is flushed as one line); leave them for --resume.
    std::cerr << fmt::format(
        "\n{} after {} of {} runs; results so far in {}\n"
        "resume with: pathbench run --resume {}\n",
        g_stop_signal == SIGTERM ? "terminated (SIGTERM)" : "interrupted", rows.size(), total,
        staging.string(), staging.string());
    outcome.interrupted = true;
    outcome.signal = g_stop_signal;
    outcome.dir = staging;
    outcome.rows = rows.size();
    return outcome;
  }
  SummaryOptions summary_options;
  summary_options.by = summary_by;
  summary_options.baseline = cfg.baseline;
  summary_options.seed = cfg.seed;
  outcome.summary = write_summaries(staging, cfg.name, rows, summary_options);
  publish_run(dirs);
  outcome.dir = dirs.dir;
  outcome.rows = rows.size();
  return outcome;
}

}  // namespace pathbench
