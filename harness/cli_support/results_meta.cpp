#include "harness/cli_support/results_meta.h"

#include <fmt/format.h>

#include <fstream>

#include "algorithms/core/input_error.h"
#include "harness/runner/experiment_manifest.h"

namespace pathbench::cli {

namespace fs = std::filesystem;

nlohmann::json read_results_meta(const fs::path& dir) {
  std::ifstream in(dir / "meta.json");
  if (!in) return nlohmann::json::object();
  nlohmann::json meta = nlohmann::json::parse(in, nullptr, false);
  if (meta.is_discarded() || !meta.is_object())
    throw InputError((dir / "meta.json").string(), 0, "", "not a JSON object");
  return meta;
}

RunSummarySettings run_summary_settings(const nlohmann::json& meta, const fs::path& dir) {
  RunSummarySettings s;
  try {
    const nlohmann::json exp = meta.value("experiment", nlohmann::json::object());
    s.options.seed = exp.value("seed", std::uint64_t{1});
    s.options.baseline = exp.value("baseline", std::string());
    s.options.by = recorded_summary_by(meta);
    s.title = exp.value("name", dir.filename().string());
  } catch (const nlohmann::json::exception& e) {
    throw InputError((dir / "meta.json").string(), 0, "experiment",
                     fmt::format("unexpected value type ({})", e.what()));
  }
  return s;
}

}  // namespace pathbench::cli
