// The fixture of the run-safety tests: a fresh work folder with cfg.yaml (generated maps only;
// runs for about a second in Release, so that a signal or a kill lands mid-run), the binary run
// in it, a finished reference run, and resumable `.partial` directories made from one.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "tests/support/run_rows.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/shell.h"

namespace pathbench {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::read_text;
using testing::shell_quote;
using testing::write_text;

inline std::string config(int repetitions = 2, const std::string& weight = "1.5") {
  return "name: safety\n"
         "seed: 9\n"
         "repetitions: " +
         std::to_string(repetitions) +
         "\n"
         "datasets:\n"
         "  - name: rnd\n"
         "    generated: {kind: random, width: 96, height: 96, density: 0.2, count: 2,\n"
         "                queries_per_bucket: 3}\n"
         "planners:\n"
         "  - {label: dijkstra, algorithm: dijkstra}\n"
         "  - {label: wastar, algorithm: astar, params: {weight: " +
         weight + "}}\n";
}

using testing::rows_without_times;

inline std::size_t count_lines(const fs::path& p) {
  const std::string t = read_text(p);
  return static_cast<std::size_t>(std::count(t.begin(), t.end(), '\n'));
}

class RunSafetyTest : public pathbench::testing::ScratchTest {
 protected:
  void SetUp() override { ASSERT_TRUE(write_text(work_ / "cfg.yaml", config())); }
  // The binary with `args` in the work folder; `prefix` is shell text run first (ulimit, env).
  CommandResult run(const std::vector<std::string>& args, const std::string& prefix = "") const {
    return testing::run_shell(work_, prefix + "exec " + testing::command_line(PATHBENCH_EXE, args),
                              root_);
  }
  pid_t spawn(const std::vector<std::string>& args) const {
    std::vector<std::string> a = args;
    return testing::spawn_process(root_, PATHBENCH_EXE, a);
  }
  // A finished reference run of cfg.yaml (computed once per test).
  const fs::path& reference() {
    if (reference_.empty()) {
      reference_ = root_ / "reference";
      const CommandResult r = run({"run", "cfg.yaml", "--out", reference_.string()});
      EXPECT_EQ(r.code, 0) << r.err;
    }
    return reference_;
  }
  // A resumable .partial: a complete run renamed, its runs.csv cut after `rows` rows.
  fs::path make_partial(const std::string& name, std::size_t rows, bool save_paths = false) {
    const fs::path dir = work_ / name;
    std::vector<std::string> args = {"run", "cfg.yaml", "--out", dir.string()};
    if (save_paths) args.push_back("--save-paths");
    EXPECT_EQ(run(args).code, 0);
    const std::string csv = read_text(dir / "runs.csv");
    std::size_t cut = 0;
    for (std::size_t i = 0; i <= rows; ++i) cut = csv.find('\n', cut) + 1;
    EXPECT_TRUE(write_text(dir / "runs.csv", csv.substr(0, cut)));
    const fs::path partial = work_ / (name + ".partial");
    fs::rename(dir, partial);
    return partial;
  }

  const fs::path work_ = subdir("work");
  fs::path reference_;
};

}  // namespace pathbench
