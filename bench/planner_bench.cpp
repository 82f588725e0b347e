// Side-by-side planner benchmark on the shared MovingAI maps (Google Benchmark).
//
// For every map it samples queries spread over the scen file's buckets (fixed stride, so the
// same queries every run), prepares each planner once, and times solving the whole sample per
// iteration. Counters per benchmark: us per query, expansions per query, ns per expansion.
// After the run it prints the ratios the planner-suite issue targets, measured in this one run:
//   astar/binary ns per expansion; jps vs astar speedup; astar vs boost_astar speedup;
//   astar/pairing vs astar/binary time.
//
// Usage: pathbench_bench [--queries N] [--maps a.map,b.map] [google benchmark flags...]
// Maps come from $PATHBENCH_DATA/movingai (default ../shared/datasets relative to the source).
#include <benchmark/benchmark.h>

#include <fmt/format.h>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "algorithms/registry/planner_registry.h"
#include "datasets/map_io.h"
#include "datasets/scen_io.h"

namespace {

using namespace pathbench;
namespace fs = std::filesystem;

struct BenchMap {
  std::string name;
  Grid grid;
  std::vector<Query> queries;
};

struct BenchPlanner {
  std::string label;
  std::string algorithm;
  RawParams params;
};

const std::vector<BenchPlanner> kPlanners = {
    {"astar_binary", "astar", {}},
    {"astar_pairing", "astar", {{"queue", "pairing"}}},
    {"jps", "jps", {}},
    {"jps_plus", "jps_plus", {}},
    {"boost_astar", "boost_astar", {}},
};

std::vector<std::unique_ptr<BenchMap>> g_maps;

fs::path data_dir() {
  if (const char* env = std::getenv("PATHBENCH_DATA"); env && *env)
    return fs::path(env) / "movingai";
  return fs::path(PATHBENCH_SOURCE_DIR) / ".." / "shared" / "datasets" / "movingai";
}

std::vector<Query> sample_queries(const std::vector<ScenEntry>& entries, std::size_t n) {
  std::vector<Query> out;
  if (entries.empty()) return out;
  const double stride = std::max(1.0, static_cast<double>(entries.size()) / static_cast<double>(n));
  for (double i = 0; i < static_cast<double>(entries.size()) && out.size() < n; i += stride) {
    const ScenEntry& e = entries[static_cast<std::size_t>(i)];
    out.push_back({e.start, e.goal});
  }
  return out;
}

void bm_solve(benchmark::State& state, const BenchMap* map, const BenchPlanner* bp) {
  ConfiguredPlanner cp = make_planner(bp->algorithm, bp->params);
  cp.planner->prepare(map->grid);
  SearchResult result;
  std::uint64_t expansions = 0;
  for (auto _ : state) {
    expansions = 0;
    for (const Query& q : map->queries) {
      cp.planner->solve(q, {}, result);
      benchmark::DoNotOptimize(result.cost);
      expansions += result.counters.expansions;
    }
  }
  const double queries = static_cast<double>(map->queries.size());
  state.counters["queries"] = queries;
  state.counters["exp_per_query"] = static_cast<double>(expansions) / queries;
  state.counters["us_per_query"] = benchmark::Counter(
      queries * 1e-6, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.counters["ns_per_exp"] = benchmark::Counter(
      static_cast<double>(expansions) * 1e-9,
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

// Collects per-run results for the ratio table while still printing the normal console output.
class CollectingReporter : public benchmark::ConsoleReporter {
 public:
  struct Figures {
    double us_per_query = 0, ns_per_exp = 0, exp_per_query = 0;
  };
  std::map<std::string, std::map<std::string, Figures>> by_map;  // map -> planner -> figures

  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& r : runs) {
      if (r.run_type != Run::RT_Iteration) continue;
      const std::string name = r.benchmark_name();
      const auto slash = name.find('/');
      if (slash == std::string::npos) continue;
      const std::string planner = name.substr(0, slash);
      std::string map = name.substr(slash + 1);
      if (const auto s2 = map.find('/'); s2 != std::string::npos) map = map.substr(0, s2);
      Figures& f = by_map[map][planner];
      f.us_per_query = r.counters.at("us_per_query");
      f.ns_per_exp = r.counters.at("ns_per_exp");
      f.exp_per_query = r.counters.at("exp_per_query");
    }
  }
};

void print_ratios(const CollectingReporter& rep) {
  std::cout << "\nRatios measured in this run (higher speedup = first planner faster):\n";
  std::cout << fmt::format("{:<20} {:>14} {:>16} {:>18} {:>18} {:>14} {:>14}\n", "map",
                           "astar ns/exp", "jps speedup", "astar vs boost", "pairing/binary",
                           "jps us/query", "jps+ speedup");
  for (const auto& [map, p] : rep.by_map) {
    auto get = [&](const char* name) -> const CollectingReporter::Figures* {
      auto it = p.find(name);
      return it == p.end() ? nullptr : &it->second;
    };
    const auto *a = get("astar_binary"), *pr = get("astar_pairing"), *j = get("jps"),
               *b = get("boost_astar"), *jp = get("jps_plus");
    auto ratio = [](const auto* x, const auto* y) {
      return x && y && y->us_per_query > 0
                 ? fmt::format("{:.2f}x", x->us_per_query / y->us_per_query)
                 : std::string("-");
    };
    // jps+ speedup: over online jps (same search, table reads instead of scans).
    std::cout << fmt::format("{:<20} {:>14} {:>16} {:>18} {:>18} {:>14} {:>14}\n", map,
                             a ? fmt::format("{:.1f}", a->ns_per_exp) : "-", ratio(a, j),
                             ratio(b, a), ratio(pr, a),
                             j ? fmt::format("{:.1f}", j->us_per_query) : "-", ratio(j, jp));
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t n_queries = 200;
  std::vector<std::string> names = {"AR0011SR.map",       "Aftershock.map", "maze512-1-0.map",
                                    "random512-10-0.map", "8room_000.map",  "brc202d.map"};
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--queries" && i + 1 < argc) {
      n_queries = std::stoul(argv[++i]);
    } else if (a == "--maps" && i + 1 < argc) {
      names.clear();
      std::string list = argv[++i];
      for (std::size_t s = 0, e; s <= list.size(); s = e + 1) {
        e = list.find(',', s);
        if (e == std::string::npos) e = list.size();
        if (e > s) names.push_back(list.substr(s, e - s));
      }
    } else {
      rest.push_back(argv[i]);
    }
  }
  const fs::path dir = data_dir();
  if (!fs::is_directory(dir)) {
    std::cerr << "pathbench_bench: MovingAI data not found at " << dir
              << " (set PATHBENCH_DATA to the folder holding movingai/)\n";
    return 0;
  }
  for (const std::string& name : names) {
    auto m = std::make_unique<BenchMap>();
    m->name = name;
    try {
      m->grid = read_map(dir / name);
      const auto entries = read_scen(dir / (name + ".scen"));
      check_scen_against_map(entries, m->grid, dir / (name + ".scen"), dir / name);
      m->queries = sample_queries(entries, n_queries);
    } catch (const std::exception& e) {
      std::cerr << "pathbench_bench: " << e.what() << '\n';
      return 2;
    }
    g_maps.push_back(std::move(m));
  }
  for (const auto& m : g_maps)
    for (const BenchPlanner& p : kPlanners)
      benchmark::RegisterBenchmark((p.label + "/" + m->name).c_str(), bm_solve, m.get(), &p)
          ->Unit(benchmark::kMillisecond)
          ->MinTime(0.5);
  int rargc = static_cast<int>(rest.size());
  benchmark::Initialize(&rargc, rest.data());
  CollectingReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  print_ratios(reporter);
  benchmark::Shutdown();
  return 0;
}
