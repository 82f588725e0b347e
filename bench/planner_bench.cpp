// Side-by-side planner benchmark (Google Benchmark) driven by an experiment file: every planner
// of its `planners:` list (registry names and parameters, sweeps expanded) on every map of its
// `datasets:` (MovingAI files or generated maps, with `sample` / `limit` choosing the queries).
//
// Each benchmark "<label>/<map>" prepares the planner once and times solving all the map's
// queries per iteration. Counters: us per query, expansions per query, ns per expansion. After the
// run a table gives every planner's speedup over the experiment's `baseline` (default: the first
// planner) per map, measured in this one run. `repetitions`, `time_limit_s` and `validate` of the
// experiment are not used here: Google Benchmark's flags decide how long and how often.
//
// Usage: pathbench_bench [--config configs/bench.yaml] [--benchmark_filter=... and the other
//        Google Benchmark flags]
#include <benchmark/benchmark.h>

#include <unistd.h>
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "algorithms/registry/planner_registry.h"
#include "bench/ratio_reporter.h"
#include "harness/cli_support/error_exit.h"
#include "harness/config/experiment_config.h"
#include "harness/runner/instance_set.h"

namespace {

using namespace pathbench;

struct BenchMap {
  std::string name;
  Grid grid;
  std::vector<Query> queries;
};

void bm_solve(benchmark::State& state, const BenchMap* map, const PlannerConfig* pc) {
  ConfiguredPlanner cp = make_planner(pc->algorithm, pc->params);
  cp.planner->prepare(map->grid);
  SearchResult result;
  std::uint64_t expansions = 0;
  double total_us = 0.0;
  for (auto _ : state) {
    const auto t0 = std::chrono::steady_clock::now();
    expansions = 0;
    for (const Query& q : map->queries) {
      cp.planner->solve(q, {}, result);
      benchmark::DoNotOptimize(result.cost);
      expansions += result.counters.expansions;
    }
    total_us +=
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
  }
  // Plain averages, not Google Benchmark's inverted rates: those print with an "s" suffix
  // ("us_per_query=0.65s"), a unit the figure does not have. The names carry the units.
  const double queries = static_cast<double>(map->queries.size());
  const double per_iteration_us = state.iterations() ? total_us / state.iterations() : 0.0;
  state.counters["queries"] = queries;
  state.counters["exp_per_query"] = static_cast<double>(expansions) / queries;
  state.counters["us_per_query"] = per_iteration_us / queries;
  state.counters["ns_per_exp"] =
      expansions ? per_iteration_us * 1e3 / static_cast<double>(expansions) : 0.0;
}

std::vector<BenchMap> bench_maps(const ExperimentConfig& cfg) {
  std::vector<BenchMap> maps;
  for (MapInstance& m : load_instances(cfg)) {
    BenchMap b{m.map_name, std::move(m.grid), {}};
    for (const QueryInstance& q : m.queries) b.queries.push_back({q.start, q.goal});
    if (!b.queries.empty()) maps.push_back(std::move(b));
  }
  return maps;
}

bool has_flag(int argc, char** argv, const char* prefix) {
  for (int i = 1; i < argc; ++i)
    if (std::strncmp(argv[i], prefix, std::strlen(prefix)) == 0) return true;
  return false;
}

// A reporter of our own does not see --benchmark_color (Google Benchmark keeps it internal), so
// colours follow the terminal unless the flag turns them off.
benchmark::ConsoleReporter::OutputOptions console_options(int argc, char** argv) {
  const bool off = has_flag(argc, argv, "--benchmark_color=false") ||
                   has_flag(argc, argv, "--benchmark_color=no") || !isatty(1);
  return off ? benchmark::ConsoleReporter::OO_Tabular : benchmark::ConsoleReporter::OO_Defaults;
}

}  // namespace

int main(int argc, char** argv) {
  // A per-benchmark MinTime would override the flag, so it is only the default.
  const bool min_time_given = has_flag(argc, argv, "--benchmark_min_time");
  const auto output = console_options(argc, argv);
  benchmark::Initialize(&argc, argv);  // takes its --benchmark_* flags out of argv
  return cli::run_reporting_errors(std::cerr, [&] {
    CLI::App app{"pathbench_bench: planners of an experiment file timed with Google Benchmark"};
    std::string config = std::string(PATHBENCH_SOURCE_DIR) + "/configs/bench.yaml";
    app.add_option("--config", config, "experiment YAML (planners and datasets)")
        ->capture_default_str();
    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      return app.exit(e);
    }
    const ExperimentConfig cfg = load_experiment(config);
    const std::vector<BenchMap> maps = bench_maps(cfg);
    std::vector<std::string> labels;
    for (const PlannerConfig& pc : cfg.planners) {
      make_planner(pc.algorithm, pc.params);  // a bad name or parameter fails before any timing
      labels.push_back(pc.label);
    }
    bench::RatioReporter reporter(output);
    for (const BenchMap& m : maps)
      for (const PlannerConfig& pc : cfg.planners) {
        const auto caps = make_planner(pc.algorithm, pc.params).planner->capabilities();
        if (const std::string why = check_support(caps, m.grid); !why.empty()) {
          std::cerr << "pathbench_bench: skipping " << pc.label << " on " << m.name << ": " << why
                    << '\n';
          continue;
        }
        const std::string name = pc.label + "/" + m.name;
        auto* b = benchmark::RegisterBenchmark(name.c_str(), bm_solve, &m, &pc);
        reporter.add_benchmark(name, pc.label, m.name);
        b->Unit(benchmark::kMillisecond);
        if (!min_time_given) b->MinTime(0.5);
      }
    benchmark::RunSpecifiedBenchmarks(&reporter);
    reporter.print_ratios(std::cout, labels, cfg.baseline);
    benchmark::Shutdown();
    return 0;
  });
}
