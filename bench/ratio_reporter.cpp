#include "bench/ratio_reporter.h"

#include <fmt/format.h>

#include <ostream>

namespace pathbench::bench {

void RatioReporter::add_benchmark(const std::string& name, const std::string& planner,
                                  const std::string& map) {
  benchmarks_[name] = {planner, map};
}

void RatioReporter::ReportRuns(const std::vector<Run>& runs) {
  ConsoleReporter::ReportRuns(runs);
  for (const Run& r : runs) {
    // With --benchmark_repetitions the median of the repetitions stands for the benchmark (and is
    // all there is with --benchmark_report_aggregates_only); otherwise its one iteration run.
    const bool median = r.run_type == Run::RT_Aggregate && r.aggregate_name == "median";
    if (r.run_type != Run::RT_Iteration && !median) continue;
    // run_name.function_name is the registered name, without the /repeats:N-style suffixes.
    const auto it = benchmarks_.find(r.run_name.function_name);
    if (it == benchmarks_.end()) continue;
    Figures& f = by_map_[it->second.second][it->second.first];
    if (f.from_median && !median) continue;
    f.us_per_query = r.counters.at("us_per_query");
    f.ns_per_exp = r.counters.at("ns_per_exp");
    f.exp_per_query = r.counters.at("exp_per_query");
    f.from_median = median;
  }
}

void RatioReporter::print_ratios(std::ostream& out, const std::vector<std::string>& planners,
                                 std::string baseline) const {
  if (planners.empty()) return;
  if (baseline.empty()) baseline = planners.front();
  out << fmt::format(
      "\nMeasured in this run: us per query, and speedup over {} (its time / the planner's; "
      "above 1 = faster)\n",
      baseline);
  out << fmt::format("{:<20} {:>18}", "map", baseline + " ns/exp");
  for (const std::string& p : planners) out << fmt::format(" {:>22}", p);
  out << '\n';
  for (const auto& [map, figures] : by_map_) {
    const auto base = figures.find(baseline);
    out << fmt::format(
        "{:<20} {:>18}", map,
        base == figures.end() ? "-" : fmt::format("{:.1f}", base->second.ns_per_exp));
    for (const std::string& p : planners) {
      const auto it = figures.find(p);
      std::string cell = "-";
      if (it != figures.end()) {
        cell = fmt::format("{:.1f} us", it->second.us_per_query);
        if (base != figures.end() && it->second.us_per_query > 0)
          cell += fmt::format(" {:.2f}x", base->second.us_per_query / it->second.us_per_query);
      }
      out << fmt::format(" {:>22}", cell);
    }
    out << '\n';
  }
}

}  // namespace pathbench::bench
