// The subcommands of the `pathbench` tool. Each returns the process exit code and reports bad
// input as one clear message on stderr (main catches InputError and friends).
#pragma once

#include <string>
#include <vector>

#include "harness/runner/experiment_runner.h"

namespace pathbench::cli {

struct RunArgs {
  std::string config;
  RunOptions options;
  bool by_map = false;
};
int run_command(const RunArgs& args);

struct SolveArgs {
  std::string map;
  std::string start, goal;  // "X,Y"
  std::string planner = "astar";
  std::vector<std::string> set;  // key=value
  int connectivity = 8;
  bool corner_cutting = false;
  double time_limit_s = 0.0;
};
int solve_command(const SolveArgs& args);

int list_command();

struct GenMapArgs {
  std::string kind = "random";
  int width = 128, height = 128;
  double density = 0.2;
  int corridor_width = 1, room_size = 8;
  unsigned long long seed = 1;
  std::string output;
};
int gen_map_command(const GenMapArgs& args);

struct GenScenArgs {
  std::string map;
  int per_bucket = 10;
  int max_buckets = 0;
  unsigned long long seed = 1;
  int connectivity = 8;
  bool corner_cutting = false;
  std::string output;  // default: map path + ".scen"
};
int gen_scen_command(const GenScenArgs& args);

}  // namespace pathbench::cli
