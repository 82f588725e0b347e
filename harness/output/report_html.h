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

// A TextTable as an HTML <table id=ID> (label columns left, numbers right-aligned).
void write_html_table(std::ostream& out, const TextTable& t, const char* id);

// <h2>heading</h2> and `t` in a scrolling <div>: one section of the `tables` slot.
std::string html_section(const std::string& heading, const TextTable& t, const char* id);

// The page both reports write (assets/report.html): `notes_html`, `tables_html` and
// `warnings_html` come from the caller, the plots (every PNG of `plots_dir`), the run's facts,
// its maps and its config text from `plots_dir` and meta.json. Throws std::runtime_error when
// `path` cannot be written.
void write_report_page(const std::filesystem::path& path, const std::string& title,
                       const std::string& notes_html, const std::string& tables_html,
                       const std::string& warnings_html, const nlohmann::json& meta,
                       const std::filesystem::path& plots_dir);

// Writes a static run's page. `plots_dir` may be missing (the page then says there are no plots).
// Throws std::runtime_error when `path` cannot be written.
void write_report_html(const std::filesystem::path& path, const std::string& title,
                       const nlohmann::json& meta, const std::vector<SummaryRow>& overall,
                       const std::vector<SummaryRow>& by_length, const SummaryOptions& options,
                       const std::filesystem::path& plots_dir);

}  // namespace pathbench
