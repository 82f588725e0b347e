#include "harness/runner/dynamic_experiment.h"

#include <fmt/format.h>

#include <map>
#include <optional>

#include "algorithms/core/input_error.h"
#include "harness/output/csv_writer.h"
#include "harness/output/dynamic_csv.h"
#include "harness/output/dynamic_summary.h"
#include "harness/runner/cpu_pinning.h"
#include "harness/runner/dynamic_plan.h"
#include "harness/runner/dynamic_runner.h"
#include "harness/runner/experiment_manifest.h"
#include "harness/runner/resume_state.h"
#include "harness/runner/run_progress.h"
#include "harness/runner/run_setup.h"
#include "harness/runner/staged_run.h"
#include "harness/runner/stop_signal.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;

// The agent runs an interrupted run finished: its dynamic.csv's whole rows, each one of this
// shard's, none twice. The run must be this experiment (fingerprint).
struct DynamicDone {
  std::map<DynamicKey, int> keys;  // each with its line in dynamic.csv
  std::size_t invalid = 0;
};

DynamicDone resume_dynamic(StagedRun& run, const nlohmann::json& effective, const Shard& shard) {
  check_same_experiment(run.meta_path(), run.meta(), effective);
  const fs::path csv = run.staging() / "dynamic.csv";
  prepare_interrupted_csv(csv, dynamic_columns());
  const DynamicOrder order(effective);
  DynamicDone done;
  DynamicCsvReader in(csv);
  for (DynamicRunRow row; in.next(row);) {
    const DynamicKey key = order.key(row, in.file(), in.line());
    if (shard_of(std::get<1>(key), shard) != shard.k)
      throw InputError(in.file(), in.line(), "",
                       fmt::format("agent run {}/{} #{} belongs to another shard than this "
                                   "run's {}/{}; cannot resume",
                                   row.dataset, row.map, row.run, shard.k, shard.n));
    if (const auto [it, fresh] = done.keys.emplace(key, in.line()); !fresh)
      throw InputError(
          in.file(), in.line(), "",
          fmt::format("duplicate agent run: {} {}/{} #{} planner '{}' is also on "
                      "line {}",
                      row.kind, row.dataset, row.map, row.run, row.planner, it->second));
    if (!row.valid) ++done.invalid;
  }
  record_resumption(run, done.keys.size());
  return done;
}

DynamicSettings settings_of(const ExperimentConfig& cfg, DynamicKind kind, std::uint64_t seed) {
  const DynamicSpec& spec = *cfg.dynamic;
  DynamicSettings st;
  st.kind = kind;
  st.sensor_radius = spec.sensor_radius;
  st.every_k_steps = spec.every_k_steps;
  st.toggles = spec.toggles;
  st.max_steps = spec.max_steps;
  st.seed = seed;
  st.time_limit_s = cfg.time_limit_s;
  st.validate = cfg.validate;
  return st;
}

}  // namespace

RunOutcome run_dynamic_experiment(const ExperimentConfig& cfg, const RunOptions& opt,
                                  std::ostream& log) {
  const DynamicSpec& spec = *cfg.dynamic;
  // 1. Pinned first, then everything that can be wrong with the input, before any file is written.
  const CpuRequest cpu = requested_cpu(cfg, opt.cpu);
  pin_to_cpu(cpu);
  std::vector<ActivePlanner> planners = build_planners(cfg);
  const std::vector<MapInstance> maps = load_instances(cfg);
  check_combinations(cfg, planners, maps);
  check_dynamic_planners(cfg, planners);
  std::vector<DynamicPick> picks = pick_dynamic_queries(maps, spec.runs_per_map);
  const nlohmann::json effective = dynamic_effective(cfg, planners, maps, picks);
  warn_if_busy(cpu.cpu, opt.warnings);

  // 2. This run's part (--shard, or the interrupted run's own) and its directory.
  RunStart start = reopen_if_resuming(opt);
  const bool resume = start.resuming();
  const Shard shard = start.shard;
  keep_dynamic_shard(picks, shard);
  const std::size_t total = spec.kinds.size() * picks.size() * planners.size();
  if (total == 0 && shard.active()) {
    throw InputError("command line", 0, "--shard",
                     fmt::format("shard {}/{} has no agent run: the experiment has fewer picked "
                                 "queries than shards",
                                 shard.k, shard.n));
  }
  DynamicDone done;
  if (resume) {
    done = resume_dynamic(*start.run, effective, shard);
  }
  StagedRun& run = open_for_rows(start, cfg.name, opt, cpu.cpu, [&] {
    return dynamic_manifest(cfg, planners, maps, new_run_facts(effective, shard, total, opt));
  });
  const fs::path csv_path = run.staging() / "dynamic.csv";
  std::optional<CsvWriter> csv;
  try {
    csv.emplace(csv_path, dynamic_columns(), resume);
  } catch (const std::runtime_error& e) {
    throw RunWriteError(e.what(), run.staging());
  }

  // 3. Every agent run in order, skipping those done; a signal stops between rows.
  const std::size_t to_go = total - std::min(total, done.keys.size());
  log << fmt::format(
      "{} (dynamic): {} maps, {} picked queries, {} kinds, {} planners, {} agent "
      "runs\n",
      cfg.name, maps.size(), picks.size(), spec.kinds.size(), planners.size(), total);
  if (resume) {
    log << fmt::format("resuming {}: {} agent runs already done, {} to go\n",
                       run.staging().string(), done.keys.size(), to_go);
  }
  RunOutcome outcome;
  outcome.dynamic = true;
  outcome.total = total;
  outcome.resumed = done.keys.size();
  outcome.invalid = done.invalid;
  std::size_t written = 0;
  RunProgress progress(opt.progress, to_go, "agent runs");
  const StopSignalGuard stop_signal_guard;
  for (std::size_t k = 0; k < spec.kinds.size() && !stop_signal(); ++k)
    for (const DynamicPick& p : picks)
      for (std::size_t i = 0; i < planners.size() && !stop_signal(); ++i) {
        if (done.keys.count({k, p.ordinal, i})) continue;
        const MapInstance& m = maps[p.map];
        const std::uint64_t seed = dynamic_run_seed(cfg.seed, m.dataset, m.map_name, p.run);
        DynamicRunRow row = run_dynamic_agent(*planners[i].built.planner, m.grid, p.query->start,
                                              p.query->goal, settings_of(cfg, spec.kinds[k], seed));
        row.kind = std::string(to_string(spec.kinds[k]));
        row.dataset = m.dataset;
        row.map = m.map_name;
        row.run = p.run;
        row.planner = planners[i].config->label;
        row.algorithm = planners[i].config->algorithm;
        row.optimal = p.query->optimal;
        if (!row.valid) ++outcome.invalid;
        try {
          csv->write(dynamic_csv_fields(row));
        } catch (const std::runtime_error& e) {
          throw RunWriteError(e.what(), run.staging());
        }
        progress.tick(++written);
      }
  csv.reset();
  outcome.rows = done.keys.size() + written;
  if (stop_signal() && outcome.rows < total) {
    outcome.interrupted = true;
    outcome.signal = stop_signal();
    outcome.dir = run.staging();
    return outcome;
  }

  // 4. The summary of the rows as written (the resumed ones included), then published whole.
  write_dynamic_summary_csv(run.staging() / "dynamic_summary.csv", read_dynamic_csv(csv_path));
  record_run_end(run.meta());
  run.write_meta();
  run.publish(log);
  outcome.dir = run.dir();
  return outcome;
}

}  // namespace pathbench
