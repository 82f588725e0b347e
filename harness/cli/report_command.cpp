// `pathbench report DIR`: everything a results directory can show, recomputed from its runs.csv
// without re-running anything.
#include <fmt/format.h>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "algorithms/core/input_error.h"
#include "datasets/input_file.h"
#include "harness/cli/commands.h"
#include "harness/output/latex_tables.h"
#include "harness/output/measurement_notes.h"
#include "harness/output/report_html.h"
#include "harness/output/runs_csv_reader.h"
#include "harness/output/summary.h"
#include "harness/text/escape.h"
#include "harness/runner/experiment_manifest.h"

namespace pathbench::cli {
namespace {

namespace fs = std::filesystem;

// Runs the plot script; returns an empty string on success, else why it failed. The plots are
// an extra: without Python or matplotlib the tables and report.html are still written.
std::string draw_plots(const fs::path& dir) {
  const fs::path python = "/usr/bin/python3";
  const fs::path script = fs::path(PATHBENCH_SOURCE_DIR) / "scripts" / "plot_results.py";
  if (!fs::exists(python)) return "/usr/bin/python3 not found (apt-get install python3-matplotlib)";
  if (!fs::exists(script)) return script.string() + " not found";
  const std::string cmd = shell_quote(python.string()) + " " + shell_quote(script.string()) + " " +
                          shell_quote(dir.string()) + " >&2";
  std::cout << std::flush;
  const int rc = std::system(cmd.c_str());
  if (rc != 0) return fmt::format("{} exited with status {}", script.filename().string(), rc);
  return {};
}

}  // namespace

int report_command(const ReportArgs& args) {
  const fs::path dir = args.dir;
  if (std::string why = input_directory_problem(dir, "results directory"); !why.empty())
    throw InputError(dir.string(), 0, "", why);
  const RunsCsv runs = read_runs_csv(dir / "runs.csv");

  nlohmann::json meta = nlohmann::json::object();
  if (std::ifstream in(dir / "meta.json"); in) {
    meta = nlohmann::json::parse(in, nullptr, false);
    if (meta.is_discarded() || !meta.is_object())
      throw InputError((dir / "meta.json").string(), 0, "", "not a JSON object");
  }
  SummaryOptions opt;
  std::string title;
  // A meta.json edited by hand may hold the wrong types: an input error, not a library one.
  try {
    const nlohmann::json exp = meta.value("experiment", nlohmann::json::object());
    opt.seed = exp.value("seed", std::uint64_t{1});
    opt.baseline = exp.value("baseline", std::string());
    opt.by = recorded_summary_by(meta);
    title = exp.value("name", dir.filename().string());
  } catch (const nlohmann::json::exception& e) {
    throw InputError((dir / "meta.json").string(), 0, "experiment",
                     fmt::format("unexpected value type ({})", e.what()));
  }
  if (args.by_map) opt.by = GroupBy::Map;
  if (args.by_dataset) opt.by = GroupBy::Dataset;

  const std::vector<SummaryRow> overall = write_summaries(dir, title, runs.rows, opt);
  append_measurement_notes(dir, meta);
  const std::vector<SummaryRow> by_length = summarize_by_length(runs.rows, opt);
  print_summary_table(std::cout, overall);

  if (args.plots)
    if (const std::string why = draw_plots(dir); !why.empty())
      std::cerr << "warning: plots not drawn: " << why << '\n';
  write_report_html(dir / "report.html", title, meta, overall, by_length, opt, dir / "plots");
  if (args.latex) {
    write_latex_tables(dir, title, overall, by_length, opt);
    std::cout << fmt::format(
        "LaTeX tables: {}/tables/all.tex (compile: cd {}/tables && pdflatex "
        "tables.tex)\n",
        dir.string(), dir.string());
  }
  std::cout << fmt::format("\n{} rows. Tables: {}/summary.md  Plots: {}/plots/  Report: {}\n",
                           runs.rows.size(), dir.string(), dir.string(),
                           (dir / "report.html").string());
  return 0;
}

}  // namespace pathbench::cli
