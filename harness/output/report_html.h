// report.html: one self-contained page per results directory — the summary tables, the plots
// (PNG files of RESULTS_DIR/plots embedded as base64 data URLs) and the run's provenance from
// meta.json (config text, commit, build, machine). It references no other file and no network
// resource, so it opens from disk in any browser and can be mailed or archived alone.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "harness/text/escape.h"

#include "harness/output/summary.h"

namespace pathbench {

// RFC 4648 base64 (with padding).
std::string base64_encode(std::string_view bytes);

// Writes the page. `plots_dir` may be missing (the page then says there are no plots).
// Throws std::runtime_error when `path` cannot be written.
void write_report_html(const std::filesystem::path& path, const std::string& title,
                       const nlohmann::json& meta, const std::vector<SummaryRow>& overall,
                       const std::vector<SummaryRow>& by_length, const SummaryOptions& options,
                       const std::filesystem::path& plots_dir);

}  // namespace pathbench
