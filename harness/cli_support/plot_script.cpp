#include "harness/cli_support/plot_script.h"

#include <iostream>
#include <system_error>

#include "harness/cli_support/child_program.h"

namespace pathbench::cli {

namespace fs = std::filesystem;

std::vector<fs::path> plot_script_candidates(const fs::path& exe_dir, const fs::path& source_dir) {
  std::vector<fs::path> out;
  if (!exe_dir.empty())
    out.push_back((exe_dir / ".." / "share" / "pathbench" / "scripts" / "plot_results.py")
                      .lexically_normal());
  if (!source_dir.empty()) out.push_back(source_dir / "scripts" / "plot_results.py");
  return out;
}

std::optional<fs::path> find_plot_script(const fs::path& exe_dir, const fs::path& source_dir) {
  for (const fs::path& p : plot_script_candidates(exe_dir, source_dir)) {
    std::error_code ec;
    if (fs::is_regular_file(p, ec)) return p;
  }
  return std::nullopt;
}

fs::path running_executable_dir() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : exe.parent_path();
}

std::string draw_plots(const fs::path& dir, const fs::path& runs) {
  const fs::path python = "/usr/bin/python3";
  if (!fs::exists(python)) return "/usr/bin/python3 not found (apt-get install python3-matplotlib)";
  const fs::path exe_dir = running_executable_dir();
  const std::optional<fs::path> script = find_plot_script(exe_dir, PATHBENCH_SOURCE_DIR);
  if (!script) {
    std::string tried;
    for (const fs::path& p : plot_script_candidates(exe_dir, PATHBENCH_SOURCE_DIR))
      tried += (tried.empty() ? "" : ", ") + p.string();
    return "plot_results.py not found (looked for " + tried + ")";
  }
  std::cout << std::flush;  // the script's lines come after ours
  std::vector<std::string> argv{python.string(), script->string(), dir.string()};
  if (!runs.empty()) argv.push_back(runs.string());
  const ProgramExit exit = run_program(argv, true);
  if (!exit.problem.empty()) return script->filename().string() + " " + exit.problem;
  return {};
}

}  // namespace pathbench::cli
