// The fixture of the gppc planner's tests: a scratch folder with its own build and index cache
// (PATHBENCH_GPPC_CACHE), copies of the toy entry of tests/fixtures/gppc/toy_entry (a -DTOY_MODE
// flag in its Makefile selects a faulty behaviour), and a small map with a reference scen.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/reference/reference_dijkstra.h"
#include "datasets/map_io.h"
#include "datasets/scen_io.h"
#include "harness/output/runs_csv_reader.h"
#include "tests/support/experiment_run.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/test_data.h"

namespace pathbench {

namespace fs = std::filesystem;

const fs::path kToy = fs::path(PATHBENCH_SOURCE_DIR) / "tests/fixtures/gppc/toy_entry";

inline double extra(const RunRow& r, const std::string& name) {
  for (std::size_t i = 0; i < r.extra_names->size(); ++i)
    if ((*r.extra_names)[i] == name) return r.extras[i];
  ADD_FAILURE() << "no extra column " << name;
  return NAN;
}

// Sets an environment variable for the lifetime of the object.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    ::setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (old_.empty())
      ::unsetenv(name_);
    else
      ::setenv(name_, old_.c_str(), 1);
  }

 private:
  const char* name_;
  std::string old_;
};

class GppcPlannerTest : public ::testing::Test {
 protected:
  GppcPlannerTest()
      : outer_cache_(std::getenv("PATHBENCH_GPPC_CACHE") ? std::getenv("PATHBENCH_GPPC_CACHE")
                                                         : ""),
        cache_env_("PATHBENCH_GPPC_CACHE", (scratch_.path() / "cache").string()) {}

  fs::path dir() const { return scratch_.path(); }

  // A copy of the toy entry named `name`, its Makefile adding `defines` to the flags.
  fs::path toy_entry(const std::string& name, const std::string& defines = "") {
    const fs::path e = dir() / "entries" / name;
    fs::create_directories(e);
    for (const char* f : {"Entry.cpp", "Entry.h", "GPPC.h", "main.cpp"})
      fs::copy_file(kToy / f, e / f);
    EXPECT_TRUE(testing::write_text(e / "Makefile", "CXX = g++\nCXXFLAGS = -O2 -std=c++17 " +
                                                        defines +
                                                        "\nall:\n\t$(CXX) $(CXXFLAGS) -o run "
                                                        "*.cpp\n"));
    return e;
  }

  // A 12x8 map, a wall down column 5 open in the top and bottom rows, and a scen with reference
  // Dijkstra costs: query 1 runs straight through the wall, queries 0 and 2 off the 8 directions.
  fs::path wall_map() {
    const std::string text =
        "type octile\nheight 8\nwidth 12\nmap\n............\n.....@......\n.....@......\n"
        ".....@......\n.....@......\n.....@......\n.....@......\n............\n";
    const fs::path map = dir() / "wall.map";
    EXPECT_TRUE(testing::write_text(map, text));
    const Grid grid = read_map(map);
    std::vector<ScenEntry> entries;
    const std::vector<std::pair<Point, Point>> queries = {
        {{0, 0}, {11, 7}}, {{1, 3}, {10, 3}}, {{2, 6}, {9, 1}}, {{1, 1}, {3, 2}}};
    for (const auto& q : queries) {
      ScenEntry e;
      e.map = "wall.map";
      e.map_width = 12;
      e.map_height = 8;
      e.start = q.first;
      e.goal = q.second;
      e.optimal = reference_cost(grid, q.first, q.second);
      entries.push_back(e);
    }
    write_scen(dir() / "wall.map.scen", entries);
    return map;
  }

  std::string experiment(const fs::path& entry, const std::string& extra_params = "",
                         double time_limit_s = 0.0) {
    std::string y = "name: gppc_test\nrepetitions: 1\n";
    if (time_limit_s > 0) y += "time_limit_s: " + std::to_string(time_limit_s) + "\n";
    return y + "datasets:\n  - name: d\n    movingai: {maps: [\"" + wall_map().string() +
           "\"]}\nplanners:\n  - {label: toy, algorithm: gppc, params: {entry: \"" +
           entry.string() + "\"" + extra_params + "}}\n";
  }

  RunsCsv run(const std::string& yaml, RunOutcome* outcome = nullptr) {
    return testing::run_experiment_yaml(dir(), yaml, outcome);
  }

  std::vector<fs::path> builds() const {
    std::vector<fs::path> b;
    if (fs::exists(dir() / "cache/build"))
      for (const auto& e : fs::directory_iterator(dir() / "cache/build")) b.push_back(e.path());
    return b;
  }

  testing::ScratchDir scratch_{"pathbench_gppc"};
  std::string outer_cache_;  // the caller's PATHBENCH_GPPC_CACHE (the real archive's builds)
  ScopedEnv cache_env_;
};

}  // namespace pathbench
