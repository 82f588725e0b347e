#include "harness/runner/scen_length_check.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <limits>
#include <mutex>
#include <thread>

#include "algorithms/core/input_error.h"
#include "algorithms/core/moves.h"
#include "algorithms/reference/reference_dijkstra.h"
#include "algorithms/registry/planner_registry.h"
#include "datasets/map_io.h"
#include "datasets/published_length.h"
#include "datasets/scen_io.h"
#include "datasets/scenario_generator.h"
#include "harness/runner/path_validation.h"

namespace pathbench {
namespace fs = std::filesystem;

namespace {

DataProblem line_problem(const char* kind, const fs::path& scen, int line, std::string why) {
  const InputError e(scen.string(), line, "optimal_length", why);
  return {kind, e.file(), e.line(), e.field(), e.what()};
}

// One map's lines; `done` counts the lines looked at.
std::vector<DataProblem> check_map(const fs::path& map, std::atomic<std::size_t>& done) {
  std::vector<DataProblem> out;
  const fs::path scen = map.string() + ".scen";
  Grid grid;
  try {
    grid = read_map(map);
  } catch (const InputError&) {
    return out;  // check_dataset reported it
  }
  std::vector<int> labels;
  label_components(grid, labels);
  const std::unique_ptr<Planner> jps = make_planner("jps", {}).planner;
  jps->prepare(grid);
  const Capabilities caps = jps->capabilities();
  const Budget budget;
  SearchResult result;
  try {
    const int decimals = scen_length_decimals_of_file(scen);
    scan_scen_file(scen, [&](const ScenEntry& line, std::size_t) {
      done.fetch_add(1, std::memory_order_relaxed);
      ScenEntry e = line;
      if (e.decimals >= 0) e.decimals = decimals;
      try {
        check_scen_entry(e, grid, scen, map);
      } catch (const InputError&) {
        return true;
      }
      if (!published_length_problem(grid, labels, e).empty()) return true;
      const Query q{e.start, e.goal};
      jps->solve(q, budget, result);
      const PathCheck path =
          check_result(grid, q, result, std::numeric_limits<double>::quiet_NaN(), caps);
      if (result.status == Status::Solved && path.valid &&
          matches_published(result.cost, e.optimal, e.decimals))
        return true;
      const double proven = reference_cost(grid, e.start, e.goal);
      if (std::isfinite(proven) && matches_published(proven, e.optimal, e.decimals)) {
        out.push_back(line_problem(
            "unverified", scen, e.line,
            fmt::format("jps answered {} (cost {}{}) where the reference Dijkstra confirms the "
                        "published length {}: a pathbench fault, please report it",
                        to_string(result.status), result.cost,
                        path.valid ? std::string() : "; " + path.error, e.optimal)));
      } else {
        out.push_back(line_problem(
            "bad_length", scen, e.line,
            std::isfinite(proven)
                ? fmt::format("data: published length {} differs from the proven optimum {}",
                              e.optimal, proven)
                : fmt::format("data: published length {} for a pair with no path", e.optimal)));
      }
      return true;
    });
  } catch (const InputError&) {
    // A malformed line: check_dataset reported it, and the lines after it are not read.
  }
  return out;
}

}  // namespace

std::vector<DataProblem> check_published_lengths(const std::vector<fs::path>& maps, int jobs,
                                                 const std::function<void(std::size_t)>& progress) {
  std::vector<std::vector<DataProblem>> per_map(maps.size());
  std::atomic<std::size_t> next{0}, done{0}, finished_workers{0};
  std::exception_ptr failure;  // the first worker's unexpected error, rethrown here
  std::mutex failure_mutex;
  const auto worker = [&] {
    try {
      for (std::size_t i; (i = next.fetch_add(1)) < maps.size();)
        per_map[i] = check_map(maps[i], done);
    } catch (...) {
      const std::lock_guard<std::mutex> lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      next.store(maps.size());
    }
    finished_workers.fetch_add(1);
  };
  const auto n = static_cast<std::size_t>(std::max(1, jobs));
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < n; ++t) threads.emplace_back(worker);
  while (finished_workers.load() < n) {
    if (progress) progress(done.load());
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  for (std::thread& t : threads) t.join();
  if (failure) std::rethrow_exception(failure);
  if (progress) progress(done.load());
  std::vector<DataProblem> out;
  for (std::vector<DataProblem>& v : per_map)
    for (DataProblem& p : v) out.push_back(std::move(p));
  return out;
}

}  // namespace pathbench
