#include "harness/runner/planner_on_map.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "algorithms/registry/planner_registry.h"
#include "harness/runner/bad_query.h"
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

// One query's measurements over its repetitions. Only this is kept between a sweep's
// repetitions (no result, no path): the row is made from the last repetition's result.
struct QueryTimes {
  std::vector<SolveTime> reps;         // per call (batches divided by k)
  std::uint64_t first_expansions = 0;  // the very first solve's, for the determinism check
  int batch = 1;                       // calls per clock pair, chosen by the first solve
  int solves = 0;                      // calls in all, so one-call rows skip that check
};

// Repetition `rep` of one query. The first one times a single solve and picks the batch size
// from it; a query that needs batching is then timed in a batch for this repetition too, the
// single solve being only the probe.
void measure(Planner& planner, const Query& query, const Budget& budget, double batch_min_us,
             std::size_t rep, QueryTimes& t, SearchResult& result) {
  if (rep == 0) {
    const SolveTime probe = timed_solve(planner, query, budget, result);
    t.first_expansions = result.counters.expansions;
    t.solves = 1;
    t.batch = batch_size(probe.total_us(), batch_min_us);
    if (t.batch == 1) {
      t.reps[0] = probe;
      return;
    }
  }
  t.reps[rep] = timed_batch(planner, query, budget, result, t.batch);
  t.solves += t.batch;
}

RunRow make_row(const ExperimentConfig& cfg, const MapInstance& m, const QueryInstance& q,
                const ActivePlanner& ap, const SearchResult& result, const QueryTimes& measured,
                const Capabilities& caps) {
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
  row.optimal_decimals = q.decimals;
  row.path_cells = result.path.size();
  row.counters = result.counters;
  std::vector<double> times;
  for (const SolveTime& t : measured.reps) times.push_back(t.search_us);
  row.time_us = median(times);
  std::vector<double> path_times;
  for (const SolveTime& t : measured.reps) path_times.push_back(t.path_us);
  row.path_us = median(path_times);  // its own median: time_us + path_us is no one rep's
  // times is sorted by median(); the spread tells whether repetitions agree.
  row.time_spread = times.size() > 1 && row.time_us > 0
                        ? (times.back() - times.front()) / row.time_us
                        : std::numeric_limits<double>::quiet_NaN();
  row.batch = measured.batch;
  row.extra_names = &ap.extra_columns;
  row.extras = result.extras;
  if (result.status == Status::Solved) {
    row.suboptimality = q.optimal > 0 ? result.cost / q.optimal : (result.cost == 0 ? 1.0 : NAN);
  } else {
    row.suboptimality = NAN;
  }
  row.validated = cfg.validate;
  if (!q.data_problem.empty()) {
    // Found before solving (datasets/published_length.h): the row is kept, marked as the data's
    // problem, whatever the planner answered.
    row.status = Status::BadQuery;
    row.valid = false;
    row.error = q.data_problem;
  } else if (cfg.validate) {
    const QueryVerdict verdict = judge_published(
        m.grid, m, q, result, caps, cfg.on_bad_query,
        check_result(m.grid, {q.start, q.goal}, result, q.optimal, caps, q.decimals));
    if (verdict.bad_query) row.status = Status::BadQuery;
    row.valid = verdict.check.valid;
    row.error = verdict.check.error;
    if (measured.solves > 1 && measured.first_expansions != result.counters.expansions) {
      row.valid = false;
      row.error = "expansions differ between repetitions (non-deterministic planner)";
    }
  }
  if (row.status == Status::BadQuery) row.suboptimality = NAN;
  if (caps.path_model == PathModel::AnyAngle) {  // run_setup.h's two columns, in that order
    row.extras.push_back(row.status == Status::Solved ? row.suboptimality : NAN);
    row.extras.push_back(NAN);
  }
  // A planner's own account of an unsolved query (an external planner's fault, a timeout) goes
  // in the error column when validation has nothing to say.
  if (row.error.empty() && result.status != Status::Solved) row.error = result.message;
  return row;
}

}  // namespace

void run_planner_on_map(const ExperimentConfig& cfg, const std::filesystem::path& log_dir,
                        const std::filesystem::path& published_dir, const MapInstance& m,
                        ActivePlanner& ap, const DoneRuns& done, const RowSink& sink) {
  const std::vector<int>& done_here = done.of(m.dataset, m.map_name, ap.config->label);
  const auto is_done = [&](const QueryInstance& q) {
    return std::binary_search(done_here.begin(), done_here.end(), q.index);
  };
  if (std::all_of(m.queries.begin(), m.queries.end(), is_done)) return;
  // A fresh planner per map: prep_ms then includes sizing its arrays for this map, and
  // prep_bytes (memory_bytes() counts capacity) is this map's, not the largest map's so far.
  ap.built.planner = make_planner(ap.config->algorithm, ap.config->params).planner;
  Planner& planner = *ap.built.planner;
  PlannerContext context;
  context.label = ap.config->label;
  context.log_dir = log_dir;
  context.published_log_dir = published_dir;
  context.config_dir = cfg.source_file.parent_path();
  context.map_file = m.map_path;
  context.time_limit_s = cfg.time_limit_s;
  context.stop_requested = [] { return stop_signal() != 0; };
  planner.set_context(context);
  const auto p0 = Clock::now();
  planner.prepare(m.grid);
  const double prep_ms = std::chrono::duration<double, std::milli>(Clock::now() - p0).count();
  const Capabilities caps = planner.capabilities();  // may depend on the map's rules
  Budget budget;
  budget.time_limit_s = cfg.time_limit_s;
  std::vector<const QueryInstance*> todo;
  for (const QueryInstance& q : m.queries)
    if (!is_done(q)) todo.push_back(&q);
  const auto reps = static_cast<std::size_t>(cfg.repetitions);
  std::vector<QueryTimes> times(todo.size());
  for (QueryTimes& t : times) t.reps.resize(reps);
  SearchResult result;
  // Warm-up: the list's last query solved once, untimed, before the first timed solve. Every
  // timed solve then follows another solve of this planner on this map, the first query's too
  // (in later sweeps it follows the last query anyway). Without it the first query alone pays a
  // process's one-off costs: code paged in and brought into cache, library calls bound on first
  // use. On arena.map (160 queries, most under a microsecond) that was 20-50 us, 30-60x a
  // typical query there, and a quarter of JPS's summed time in a one-repetition run.
  // A query with a blocked start or goal (on_bad_query: record) is never given to a planner: its
  // row is the data problem, with no result and no time.
  const auto solvable = [](const QueryInstance* q) { return !q->blocked_endpoint; };
  if (const auto last = std::find_if(todo.rbegin(), todo.rend(), solvable);
      caps.warm_up && last != todo.rend())
    planner.solve({(*last)->start, (*last)->goal}, budget, result);
  const SearchResult not_solved;
  const auto solve = [&](std::size_t i, std::size_t rep) {
    if (!solvable(todo[i])) return;
    measure(planner, {todo[i]->start, todo[i]->goal}, budget, cfg.batch_min_us, rep, times[i],
            result);
  };
  const auto emit = [&](std::size_t i) {
    const SearchResult& answer = solvable(todo[i]) ? result : not_solved;
    RunRow row = make_row(cfg, m, *todo[i], ap, answer, times[i], caps);
    row.prep_ms = prep_ms;
    row.prep_bytes = planner.memory_bytes();
    sink(std::move(row), m.grid, answer.path);
  };
  if (cfg.repetition_order == RepetitionOrder::BackToBack) {
    for (std::size_t i = 0; i < todo.size() && !stop_signal(); ++i) {
      for (std::size_t rep = 0; rep < reps; ++rep) solve(i, rep);
      emit(i);
    }
  } else {
    // Sweep: each repetition solves the whole list in scen order, so a query's repetitions are
    // a whole sweep apart and none finds its own search state still in cache, as with one solve
    // per query per process (the competition's and warthog's scheme). A row is written with its
    // last repetition; a stop before the last sweep keeps no row of this (map, planner).
    for (std::size_t rep = 0; rep < reps && !stop_signal(); ++rep)
      for (std::size_t i = 0; i < todo.size() && !stop_signal(); ++i) {
        solve(i, rep);
        if (rep + 1 == reps) emit(i);
      }
  }
  // Release the map's planner now (an external planner's process ends here, before the run
  // directory is renamed), not when the next map replaces it.
  ap.built.planner.reset();
}

}  // namespace pathbench
