// meta.json: everything needed to trace a results directory back to what produced it — the
// config as run, the planners' effective parameters, the git commit, the build (compiler, flags,
// type), the machine (CPU model, host), the date, and the project-wide conventions (cost model,
// tie-breaking) that change expansion counts.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

namespace pathbench {

// Facts about this build and machine, for meta.json and `pathbench --version`.
nlohmann::json build_and_machine_info();

// Current git commit of the source tree ("unknown" outside a checkout) and whether it is dirty.
std::string git_commit_of_source();

// Writes `meta` to `path` (pretty-printed), atomically (datasets/output_file.h). Throws
// OutputFileError on failure.
void write_json_file(const std::filesystem::path& path, const nlohmann::json& meta);

}  // namespace pathbench
