// Google Benchmark's console output, plus the figures of every planner/map benchmark kept for a
// table printed after the run: per map, each planner's us per query and expansions per query,
// the baseline's ns per expansion, and each planner's speedup over the baseline, all measured in
// this one run (ratios within a run are what the speed targets are about).
#pragma once

#include <benchmark/benchmark.h>

#include <iosfwd>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace pathbench::bench {

class RatioReporter : public benchmark::ConsoleReporter {
 public:
  struct Figures {
    double us_per_query = 0, ns_per_exp = 0, exp_per_query = 0;
    bool from_median = false;  // the median of --benchmark_repetitions, not one run
  };

  // Which (planner label, map name) the benchmark `name` measures; only those are kept.
  void add_benchmark(const std::string& name, const std::string& planner, const std::string& map);

  explicit RatioReporter(OutputOptions options) : ConsoleReporter(options) {}

  void ReportRuns(const std::vector<Run>& runs) override;

  // `planners` in the order of the experiment; `baseline` one of them (or empty: the first).
  void print_ratios(std::ostream& out, const std::vector<std::string>& planners,
                    std::string baseline) const;

 private:
  std::map<std::string, std::pair<std::string, std::string>> benchmarks_;  // name -> planner, map
  std::map<std::string, std::map<std::string, Figures>> by_map_;  // map -> planner -> figures
};

}  // namespace pathbench::bench
