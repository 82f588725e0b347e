// Search time against path-writing time on maps where the path grows and the search need not
// (issue 12: time_us is the search alone, path_us writing the path, harness/runner/
// solve_timing.h). Each benchmark "<planner>/<map>" solves one query again and again through
// timed_solve, the harness's own clock, and reports the mean search_us and path_us per solve as
// counters, with path_cells and expansions:
//  - corridor_<n>: a 1-cell-high corridor n cells long, end to end: one straight segment (JPS+
//    up to its 32765-cell limit). JPS
//    expands nothing but the start (its scan reads n / 64 words), JPS+ reads one table entry,
//    so their search stays nearly flat while writing n cells grows; A* expands every cell, so
//    both grow;
//  - band_<n>: an n x n map whose only free cells form the diagonal band |x - y| <= 1, corner to
//    corner: one diagonal segment (JPS's diagonal walk scans two short lines per step).
// Nothing is checked here; the figures are for reading (bench/CMakeLists.txt runs a smoke test).
//
// Usage: pathbench_path_bench [--benchmark_filter=jps/ ...and the other Google Benchmark flags]
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "algorithms/registry/planner_registry.h"
#include "harness/runner/solve_timing.h"

namespace {

using namespace pathbench;

struct PathMap {
  std::string name;
  Grid grid;
  Query query;
};

PathMap corridor(int n) {
  return {"corridor_" + std::to_string(n), Grid(n, 1), {{0, 0}, {n - 1, 0}}};
}

PathMap band(int n) {
  Grid g(n, n);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x)
      if (x - y > 1 || y - x > 1) g.set_passable(x, y, false);
  return {"band_" + std::to_string(n), std::move(g), {{0, 0}, {n - 1, n - 1}}};
}

void bm_path(benchmark::State& state, const PathMap* map, const char* algorithm) {
  ConfiguredPlanner cp = make_planner(algorithm, {});
  cp.planner->prepare(map->grid);
  SearchResult result;
  double search_us = 0.0, path_us = 0.0;
  for (auto _ : state) {
    const SolveTime t = timed_solve(*cp.planner, map->query, {}, result);
    search_us += t.search_us;
    path_us += t.path_us;
    benchmark::DoNotOptimize(result.cost);
  }
  if (result.status != Status::Solved) state.SkipWithError("query not solved");
  state.counters["search_us"] = benchmark::Counter(search_us, benchmark::Counter::kAvgIterations);
  state.counters["path_us"] = benchmark::Counter(path_us, benchmark::Counter::kAvgIterations);
  state.counters["path_cells"] = static_cast<double>(result.path.size());
  state.counters["expansions"] = static_cast<double>(result.counters.expansions);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  std::vector<PathMap> maps;
  for (const int n : {1000, 4000, 16000, 32000, 64000}) maps.push_back(corridor(n));
  for (const int n : {500, 1000, 2000}) maps.push_back(band(n));
  for (const PathMap& m : maps)
    for (const char* algorithm : {"astar", "jps", "jps_plus"}) {
      // JPS+'s table holds 16-bit jump distances: no map side beyond 32765 cells.
      if (m.grid.width() > 32765 && std::string(algorithm) == "jps_plus") continue;
      const std::string name = std::string(algorithm) + "/" + m.name;
      benchmark::RegisterBenchmark(name.c_str(), bm_path, &m, algorithm)
          ->Unit(benchmark::kMicrosecond);
    }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
