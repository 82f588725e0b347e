// What `report` and `compare` read from a results directory's meta.json: the file as an object
// (absent = empty: a folder of runs.csv alone is still a result), and the summary settings the
// run used. A meta.json edited by hand into the wrong shape or types is an InputError naming it.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "harness/output/summary.h"

namespace pathbench::cli {

nlohmann::json read_results_meta(const std::filesystem::path& dir);

struct RunSummarySettings {
  SummaryOptions options;  // seed, baseline and grouping as the run had them
  std::string title;       // experiment name (default: the directory's name)
};
RunSummarySettings run_summary_settings(const nlohmann::json& meta,
                                        const std::filesystem::path& dir);

}  // namespace pathbench::cli
