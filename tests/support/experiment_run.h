// Runs an experiment given as YAML text in-process, the way `pathbench run` would: the text is
// written to DIR/experiment.yaml (relative paths in it resolve there), the results go to DIR/out
// (replacing an earlier run there), and the rows come back as runs.csv reads them.
#pragma once

#include <filesystem>
#include <sstream>
#include <string>

#include "harness/config/experiment_config.h"
#include "harness/output/runs_csv_reader.h"
#include "harness/runner/experiment_runner.h"
#include "tests/support/shell.h"

namespace pathbench::testing {

inline RunsCsv run_experiment_yaml(const std::filesystem::path& dir, const std::string& yaml,
                                   RunOutcome* outcome = nullptr) {
  const std::filesystem::path file = dir / "experiment.yaml";
  if (!write_text(file, yaml)) throw std::runtime_error("cannot write " + file.string());
  const ExperimentConfig cfg = parse_experiment(yaml, file, PATHBENCH_SOURCE_DIR);
  RunOptions opt;
  opt.out_dir = dir / "out";
  opt.overwrite = true;
  std::ostringstream log;
  const RunOutcome out = run_experiment(cfg, opt, log);
  if (outcome) *outcome = out;
  return read_runs_csv(out.dir / "runs.csv");
}

}  // namespace pathbench::testing
