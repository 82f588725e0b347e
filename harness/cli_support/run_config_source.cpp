#include "harness/cli_support/run_config_source.h"

#include <fstream>
#include <nlohmann/json.hpp>

#include "datasets/input_error.h"
#include "harness/output/run_directory.h"

namespace pathbench::cli {

ExperimentConfig load_run_config(const std::string& config, const std::string& resume_dir) {
  if (!config.empty()) return load_experiment(config);
  if (resume_dir.empty())
    throw InputError("command line", 0, "config", "a config file is required (or --resume DIR)");
  const std::filesystem::path meta_path = resume_run_dirs(resume_dir).staging / "meta.json";
  std::ifstream in(meta_path);
  if (!in) throw InputError(meta_path.string(), 0, "--resume", "no meta.json; cannot resume");
  const nlohmann::json meta = nlohmann::json::parse(in, nullptr, false);
  if (meta.is_discarded() || !meta.is_object() || !meta.contains("config_text") ||
      !meta["config_text"].is_string() || !meta.contains("experiment") ||
      !meta["experiment"].is_object())
    throw InputError(meta_path.string(), 0, "config_text",
                     "no recorded config; pass the config file");
  std::string config_file;
  if (const auto it = meta["experiment"].find("config_file");
      it != meta["experiment"].end() && it->is_string())
    config_file = it->get<std::string>();
  return parse_experiment(meta["config_text"].get<std::string>(), config_file, default_repo_root());
}

}  // namespace pathbench::cli
