// The experiment `pathbench run` runs: the config file given, or (resuming without one) the
// config text recorded in the interrupted run's meta.json, anchored at the original config
// file's folder so its relative paths mean what they meant.
#pragma once

#include <filesystem>
#include <string>

#include "harness/config/experiment_config.h"

namespace pathbench::cli {

// `config` may be empty when `resume_dir` is given. Throws InputError (field "config",
// "--resume" or "config_text") when neither yields a config.
ExperimentConfig load_run_config(const std::string& config, const std::string& resume_dir);

}  // namespace pathbench::cli
