// summary.md and report.html of a dynamic run (agent runs on changing maps), from its
// dynamic.csv: the same tables `pathbench run` prints, and the page static runs get, with the
// dynamic plots of scripts/plot_results.py.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "harness/output/dynamic_summary.h"

namespace pathbench {

// Both from `tables` = dynamic_summary_tables() of the run's `agent_runs` rows, computed once.
// Throws std::runtime_error when a file cannot be written (the old one is then left whole).
void write_dynamic_summary_md(const std::filesystem::path& path, const std::string& title,
                              std::size_t agent_runs, const DynamicTables& tables);
void write_dynamic_report_html(const std::filesystem::path& path, const std::string& title,
                               const nlohmann::json& meta, std::size_t agent_runs,
                               const DynamicTables& tables, const std::filesystem::path& plots_dir);

}  // namespace pathbench
