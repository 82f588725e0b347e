#include "harness/cli_support/run_config_source.h"

#include "algorithms/core/input_error.h"
#include "harness/runner/resume_state.h"

namespace pathbench::cli {

ExperimentConfig load_run_config(const std::string& config, const std::string& resume_dir) {
  if (!config.empty()) return load_experiment(config);
  if (resume_dir.empty())
    throw InputError("command line", 0, "config", "a config file is required (or --resume DIR)");
  return config_of_interrupted_run(resume_dir);
}

}  // namespace pathbench::cli
