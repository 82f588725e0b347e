// `pathbench report DIR`: everything a results directory can show, recomputed from its runs.csv
// without re-running anything.
#include <fmt/format.h>
#include <iostream>
#include <nlohmann/json.hpp>

#include "algorithms/core/input_error.h"
#include "datasets/input_file.h"
#include "harness/cli/commands.h"
#include "harness/cli_support/plot_script.h"
#include "harness/cli_support/results_meta.h"
#include "harness/output/latex_tables.h"
#include "harness/output/measurement_notes.h"
#include "harness/output/report_html.h"
#include "harness/output/run_lock.h"
#include "harness/output/runs_csv_reader.h"
#include "harness/output/summary.h"

namespace pathbench::cli {
namespace {

namespace fs = std::filesystem;

// recomputes summary.csv, summary_buckets.csv and summary.md from DIR/runs.csv (+ meta.json for
// the seed, baseline and grouping), draws the plots and writes the self-contained report.html.
struct ReportArgs {
  std::string dir;
  bool by_map = false;      // group per map (default: as the run did, from meta.json)
  bool by_dataset = false;  // group per dataset
  bool plots = true;        // false: keep whatever plots/ holds
  bool latex = false;       // also write DIR/tables/*.tex (harness/output/latex_tables.h)
};

void report_options(CLI::App& cmd, ReportArgs& a) {
  cmd.description(
      "recompute summaries, plots and report.html of a results directory from runs.csv");
  cmd.add_option("dir", a.dir, "results directory (holding runs.csv)")->required();
  cmd.add_flag("--by-map", a.by_map, "summarise per map");
  cmd.add_flag("--by-dataset", a.by_dataset, "summarise per dataset");
  cmd.add_flag("!--no-plots", a.plots, "do not run scripts/plot_results.py");
  cmd.add_flag("--latex", a.latex,
               "also write booktabs tables to DIR/tables/*.tex (all.tex inputs them)");
}

int report_command(const ReportArgs& args) {
  const fs::path dir = args.dir;
  if (std::string why = input_directory_problem(dir, "results directory"); !why.empty())
    throw InputError(dir.string(), 0, "", why);
  // A staging folder's summaries would be published as if final: the run writes them itself
  // when it completes.
  if (fs::path(dir).lexically_normal().filename().string().ends_with(".partial") ||
      (!dir.has_filename() && dir.parent_path().filename().string().ends_with(".partial")))
    throw InputError(dir.string(), 0, "",
                     "an unfinished run: finish it with `pathbench run --resume " + dir.string() +
                         "` (its report is written when it completes)");
  // Held until every output is written: no run, resume or --overwrite replaces DIR meanwhile.
  const RunLock lock = RunLock::acquire(dir, "results directory");
  const RunsCsv runs = read_runs_csv(dir / "runs.csv");

  const nlohmann::json meta = read_results_meta(dir);
  RunSummarySettings as_run = run_summary_settings(meta, dir);
  SummaryOptions& opt = as_run.options;
  const std::string& title = as_run.title;
  if (args.by_map) opt.by = GroupBy::Map;
  if (args.by_dataset) opt.by = GroupBy::Dataset;

  const std::vector<SummaryRow> overall =
      write_summaries(dir, title, runs.rows, opt, measurement_notes_text(meta));
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

}  // namespace

Subcommand add_report_command(CLI::App& app) {
  return add_command(app, "report", report_options, report_command);
}

}  // namespace pathbench::cli
