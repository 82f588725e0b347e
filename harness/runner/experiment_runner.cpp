#include "harness/runner/experiment_runner.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <fmt/format.h>
#include <iostream>
#include <memory>

#include "algorithms/registry/planner_registry.h"
#include "datasets/input_error.h"
#include "harness/output/csv_writer.h"
#include "harness/output/paths_writer.h"
#include "harness/output/run_manifest.h"
#include "harness/runner/instance_set.h"
#include "harness/runner/path_validation.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

struct ActivePlanner {
  const PlannerConfig* config;
  ConfiguredPlanner built;
  std::string params_text;
  std::vector<std::string> extra_columns;
};

std::vector<ActivePlanner> build_planners(const ExperimentConfig& cfg) {
  std::vector<ActivePlanner> out;
  for (std::size_t i = 0; i < cfg.planners.size(); ++i) {
    const PlannerConfig& pc = cfg.planners[i];
    const std::string where = fmt::format("planners[{}]", i);
    try {
      ActivePlanner ap{&pc, make_planner(pc.algorithm, pc.params), {}, {}};
      ap.params_text = ap.built.params.to_string();
      ap.extra_columns = ap.built.planner->extra_columns();
      out.push_back(std::move(ap));
    } catch (const UnknownPlannerError& e) {
      throw InputError(cfg.source_file.string(), pc.line, where + ".algorithm", e.what());
    } catch (const ParamError& e) {
      throw InputError(cfg.source_file.string(), pc.line, where + ".params." + e.param(),
                       fmt::format("planner '{}': {}", pc.label, e.what()));
    }
  }
  return out;
}

// Every planner must accept every dataset's grid (rules, terrain) before anything runs.
void check_combinations(const ExperimentConfig& cfg, const std::vector<ActivePlanner>& planners,
                        const std::vector<MapInstance>& maps) {
  for (std::size_t i = 0; i < planners.size(); ++i) {
    const Capabilities caps = planners[i].built.planner->capabilities();
    for (const MapInstance& m : maps) {
      const std::string why = check_support(caps, m.grid);
      if (!why.empty())
        throw InputError(cfg.source_file.string(), planners[i].config->line,
                         fmt::format("planners[{}].algorithm", i),
                         fmt::format("planner '{}' ({}) cannot run on dataset '{}': {}",
                                     planners[i].config->label, planners[i].config->algorithm,
                                     m.dataset, why));
    }
  }
}

std::string timestamp_utc() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", std::gmtime(&t));
  return buf;
}

fs::path choose_dir(const ExperimentConfig& cfg, const RunOptions& opt) {
  if (!opt.out_dir.empty()) return opt.out_dir;
  std::string leaf = timestamp_utc();
  if (!opt.tag.empty()) leaf += "-" + opt.tag;
  fs::path dir = opt.results_root / cfg.name / leaf;
  for (int n = 2; fs::exists(dir) || fs::exists(fs::path(dir.string() + ".partial")); ++n)
    dir = opt.results_root / cfg.name / fmt::format("{}-{}", leaf, n);
  return dir;
}

double median(std::vector<double>& v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
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
  const std::vector<MapInstance> maps = load_instances(cfg);
  check_combinations(cfg, planners, maps);

  const fs::path dir = choose_dir(cfg, opt);
  const fs::path staging = dir.string() + ".partial";
  if (fs::exists(dir)) {
    if (!opt.overwrite)
      throw InputError(dir.string(), 0, "--out",
                       "output directory already exists (use --overwrite to replace it)");
  }
  fs::remove_all(staging);
  fs::create_directories(staging);

  std::vector<std::string> extra_columns;
  for (const ActivePlanner& p : planners)
    for (const std::string& c : p.extra_columns)
      if (std::find(extra_columns.begin(), extra_columns.end(), c) == extra_columns.end())
        extra_columns.push_back(c);

  write_json_file(staging / "meta.json", manifest(cfg, planners, maps));
  RunCsvWriter csv(staging / "runs.csv", extra_columns);
  std::unique_ptr<PathsWriter> paths;
  if (opt.save_paths) paths = std::make_unique<PathsWriter>(staging / "paths.jsonl");

  std::size_t total = 0;
  for (const MapInstance& m : maps) total += m.queries.size() * planners.size();
  log << fmt::format("{}: {} maps, {} planners, {} runs x {} repetitions\n", cfg.name, maps.size(),
                     planners.size(), total, cfg.repetitions);
  Progress progress(opt.progress, total);

  RunOutcome outcome;
  std::vector<RunRow> rows;
  rows.reserve(total);
  Budget budget;
  budget.time_limit_s = cfg.time_limit_s;
  SearchResult result, repeat;
  std::vector<double> times(static_cast<std::size_t>(cfg.repetitions));
  std::size_t done = 0;

  for (const MapInstance& m : maps) {
    for (ActivePlanner& ap : planners) {
      Planner& planner = *ap.built.planner;
      const auto p0 = Clock::now();
      planner.prepare(m.grid);
      const double prep_ms = std::chrono::duration<double, std::milli>(Clock::now() - p0).count();
      const Capabilities caps = planner.capabilities();  // may depend on the map's rules
      for (const QueryInstance& q : m.queries) {
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
        row.prep_ms = prep_ms;
        row.prep_bytes = planner.memory_bytes();
        row.extra_names = &ap.extra_columns;
        row.extras = result.extras;
        if (result.status == Status::Solved) {
          row.suboptimality = q.optimal > 0 ? result.cost / q.optimal : (result.cost == 0 ? 1.0 : NAN);
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
        csv.write(row);
        if (paths) paths->write(row, m.grid, result.path);
        rows.push_back(std::move(row));
        progress.tick(++done);
      }
    }
  }

  outcome.summary = summarize(rows, opt.summary_by);
  write_summary_csv(staging / "summary.csv", outcome.summary);
  if (fs::exists(dir)) fs::remove_all(dir);
  fs::rename(staging, dir);
  if (opt.out_dir.empty()) {
    const fs::path latest = dir.parent_path() / "latest";
    std::error_code ec;
    fs::remove(latest, ec);
    fs::create_directory_symlink(dir.filename(), latest, ec);
  }
  outcome.dir = dir;
  outcome.rows = rows.size();
  return outcome;
}

}  // namespace pathbench
