#include "harness/runner/planner_on_map.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "algorithms/registry/planner_registry.h"
#include "harness/runner/path_validation.h"
#include "harness/runner/solve_timing.h"
#include "harness/runner/stop_signal.h"
#include "harness/stats/statistics.h"

namespace pathbench {
namespace {

using Clock = std::chrono::steady_clock;

double median(std::vector<double>& v) {
  std::sort(v.begin(), v.end());
  return stats::sorted_median(v);
}

// The planner's result for one query, measured over the repetitions.
struct Measured {
  SearchResult result, repeat;     // the first repetition's result and the last one's
  std::vector<double> times;       // microseconds, sorted once the median is taken
  std::vector<double> path_times;  // the same repetitions' path writing (solve_timing.h)
};

void measure(Planner& planner, const Query& query, const Budget& budget, Measured& m) {
  for (std::size_t rep = 0; rep < m.times.size(); ++rep) {
    SearchResult& r = rep == 0 ? m.result : m.repeat;
    const SolveTime t = timed_solve(planner, query, budget, r);
    m.times[rep] = t.search_us;
    m.path_times[rep] = t.path_us;
  }
}

RunRow make_row(const ExperimentConfig& cfg, const MapInstance& m, const QueryInstance& q,
                const ActivePlanner& ap, Measured& measured, const Capabilities& caps) {
  const SearchResult& result = measured.result;
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
  std::vector<double>& times = measured.times;
  row.time_us = median(times);
  row.path_us = median(measured.path_times);  // its own median: time_us + path_us is no one rep's
  // times is sorted by median(); the spread tells whether repetitions agree.
  row.time_spread = times.size() > 1 && row.time_us > 0
                        ? (times.back() - times.front()) / row.time_us
                        : std::numeric_limits<double>::quiet_NaN();
  row.extra_names = &ap.extra_columns;
  row.extras = result.extras;
  if (result.status == Status::Solved) {
    row.suboptimality = q.optimal > 0 ? result.cost / q.optimal : (result.cost == 0 ? 1.0 : NAN);
  } else {
    row.suboptimality = NAN;
  }
  row.validated = cfg.validate;
  if (cfg.validate) {
    const PathCheck check = check_result(m.grid, {q.start, q.goal}, result, q.optimal, caps);
    row.valid = check.valid;
    row.error = check.error;
    if (cfg.repetitions > 1 && measured.repeat.counters.expansions != result.counters.expansions) {
      row.valid = false;
      row.error = "expansions differ between repetitions (non-deterministic planner)";
    }
  }
  // A planner's own account of an unsolved query (an external planner's fault, a timeout) goes
  // in the error column when validation has nothing to say.
  if (row.error.empty() && result.status != Status::Solved) row.error = result.message;
  return row;
}

}  // namespace

void run_planner_on_map(const ExperimentConfig& cfg, const std::filesystem::path& log_dir,
                        const MapInstance& m, ActivePlanner& ap, const std::set<RunKey>& done,
                        const RowSink& sink) {
  const auto is_done = [&](const QueryInstance& q) {
    return done.count({m.dataset, m.map_name, ap.config->label, q.index}) > 0;
  };
  if (std::all_of(m.queries.begin(), m.queries.end(), is_done)) return;
  // A fresh planner per map: prep_ms then includes sizing its arrays for this map, and
  // prep_bytes (memory_bytes() counts capacity) is this map's, not the largest map's so far.
  ap.built.planner = make_planner(ap.config->algorithm, ap.config->params).planner;
  Planner& planner = *ap.built.planner;
  PlannerContext context;
  context.label = ap.config->label;
  context.log_dir = log_dir;
  context.config_dir = cfg.source_file.parent_path();
  context.map_file = m.map_path;
  context.time_limit_s = cfg.time_limit_s;
  planner.set_context(context);
  const auto p0 = Clock::now();
  planner.prepare(m.grid);
  const double prep_ms = std::chrono::duration<double, std::milli>(Clock::now() - p0).count();
  const Capabilities caps = planner.capabilities();  // may depend on the map's rules
  Budget budget;
  budget.time_limit_s = cfg.time_limit_s;
  Measured measured;
  measured.times.resize(static_cast<std::size_t>(cfg.repetitions));
  measured.path_times.resize(measured.times.size());
  for (const QueryInstance& q : m.queries) {
    if (stop_signal()) break;
    if (is_done(q)) continue;
    measure(planner, {q.start, q.goal}, budget, measured);
    RunRow row = make_row(cfg, m, q, ap, measured, caps);
    row.prep_ms = prep_ms;
    row.prep_bytes = planner.memory_bytes();
    sink(std::move(row), m.grid, measured.result.path);
  }
  // Release the map's planner now (an external planner's process ends here, before the run
  // directory is renamed), not when the next map replaces it.
  ap.built.planner.reset();
}

}  // namespace pathbench
