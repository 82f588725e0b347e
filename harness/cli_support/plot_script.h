// scripts/plot_results.py, the figures of `pathbench report`: found beside an installed binary
// or in the source tree it was built from, and run with Debian's python3 (the one with
// matplotlib) without a shell.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace pathbench::cli {

// Where plot_results.py may be, in the order tried: <exe_dir>/../share/pathbench/scripts (the
// `cmake --install` layout, which matches the installed binary), then <source_dir>/scripts.
std::vector<std::filesystem::path> plot_script_candidates(const std::filesystem::path& exe_dir,
                                                          const std::filesystem::path& source_dir);
// The first candidate that is a file.
std::optional<std::filesystem::path> find_plot_script(const std::filesystem::path& exe_dir,
                                                      const std::filesystem::path& source_dir);

// The folder of the running executable (/proc/self/exe); empty when unknown.
std::filesystem::path running_executable_dir();

// Draws the plots of results directory `dir` (its output goes to stderr) from `runs` (default
// dir/runs.csv; `pathbench report` passes a bounded sample of a large one). Returns an empty
// string on success, else why not: the plots are an extra, without Python or matplotlib the
// tables and report.html are still written.
std::string draw_plots(const std::filesystem::path& dir, const std::filesystem::path& runs = {});

}  // namespace pathbench::cli
