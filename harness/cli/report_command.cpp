// `pathbench report DIR`: everything a results directory can show, recomputed from its runs.csv
// (a dynamic run's from its dynamic.csv) without re-running anything.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <nlohmann/json.hpp>

#include "algorithms/core/input_error.h"
#include "datasets/input_file.h"
#include "datasets/output_file.h"
#include "harness/cli/commands.h"
#include "harness/cli_support/plot_script.h"
#include "harness/cli_support/results_meta.h"
#include "harness/output/csv_writer.h"
#include "harness/output/dynamic_csv.h"
#include "harness/output/dynamic_report.h"
#include "harness/output/dynamic_summary.h"
#include "harness/output/latex_tables.h"
#include "harness/output/measurement_notes.h"
#include "harness/output/report_html.h"
#include "harness/output/run_lock.h"
#include "harness/output/runs_csv_reader.h"
#include "harness/output/summary.h"
#include "harness/output/summary_stream.h"
#include "harness/stats/statistics.h"

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
  std::string baseline;     // speedups over this planner instead of the run's `baseline:`
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
  cmd.add_option("--baseline", a.baseline,
                 "planner label the speedups are over (default: the run's `baseline:`)");
}

// The rows the plots are drawn from when runs.csv is large: every planner's row of a sample of
// the queries, chosen by a hash of (dataset, map, query) so that the choice depends on neither
// row order nor planners, halving the sample whenever it exceeds kMaxRows.
class PlotSample {
 public:
  static constexpr std::size_t kMaxRows = 100000;

  void add(const RunRow& r, const std::vector<std::string>& fields) {
    const std::uint64_t h =
        stats::derive_seed(0, r.dataset + '\n' + r.map + '\n' + std::to_string(r.query));
    if (!keep(h)) return;
    std::string line;
    for (std::size_t i = 0; i < fields.size(); ++i)
      line.append(i ? "," : "").append(csv_escape(fields[i]));
    rows_.emplace_back(h, std::move(line));
    if (rows_.size() > kMaxRows) {
      ++level_;
      std::erase_if(rows_, [&](const auto& e) { return !keep(e.first); });
    }
  }
  bool sampled() const { return level_ > 0; }
  std::size_t size() const { return rows_.size(); }
  void write(const fs::path& path, const std::vector<std::string>& header) const {
    AtomicOutputFile file(path);
    std::ostream& f = file.stream();
    for (std::size_t i = 0; i < header.size(); ++i) f << (i ? "," : "") << csv_escape(header[i]);
    f << '\n';
    for (const auto& e : rows_) f << e.second << '\n';
    file.commit();
  }

 private:
  bool keep(std::uint64_t h) const { return (h & ((std::uint64_t{1} << level_) - 1)) == 0; }
  int level_ = 0;  // keep queries whose hash ends in `level_` zero bits
  std::vector<std::pair<std::uint64_t, std::string>> rows_;
};

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
  const nlohmann::json meta = read_results_meta(dir);
  RunSummarySettings as_run = run_summary_settings(meta, dir);
  const std::string& title = as_run.title;
  if (meta.value("mode", std::string()) == "dynamic") {
    // Agent runs: their summary, recomputed from dynamic.csv as a run and a merge make it, then
    // the page and plots of a static run, drawn from the agent runs.
    const std::vector<DynamicRunRow> rows = read_dynamic_csv(dir / "dynamic.csv");
    write_dynamic_summary_csv(dir / "dynamic_summary.csv", rows);
    const DynamicTables tables = dynamic_summary_tables(rows);
    write_dynamic_summary_md(dir / "summary.md", title, rows.size(), tables);
    print_dynamic_summary(std::cout, rows);
    if (args.plots) {
      if (const std::string why = draw_plots(dir); !why.empty())
        std::cerr << "warning: plots not drawn: " << why << '\n';
    }
    write_dynamic_report_html(dir / "report.html", title, meta, rows.size(), tables, dir / "plots");
    if (args.latex) std::cerr << "note: --latex: a dynamic run has no LaTeX tables yet\n";
    std::cout << fmt::format(
        "\n{} agent runs. Tables: {}/summary.md  Plots: {}/plots/  Report: {}\n", rows.size(),
        dir.string(), dir.string(), (dir / "report.html").string());
    return 0;
  }
  SummaryOptions& opt = as_run.options;
  if (args.by_map) opt.by = GroupBy::Map;
  if (args.by_dataset) opt.by = GroupBy::Dataset;
  if (!args.baseline.empty()) opt.baseline = args.baseline;

  // One streaming pass over runs.csv (memory bounded by the largest table cell, not the file).
  PlotSample sample;
  RowObserver observe;
  if (args.plots)
    observe = [&](const RunRow& r, const std::vector<std::string>& f) { sample.add(r, f); };
  const StreamedSummaries sums = summarize_runs_csv(
      dir / "runs.csv", opt, dir / fmt::format(".report-scratch.{}", ::getpid()), observe);
  const std::vector<SummaryRow>& overall = sums.overall;
  const std::vector<SummaryRow>& by_length = sums.by_length;
  if (!args.baseline.empty() && std::none_of(overall.begin(), overall.end(), [&](const auto& r) {
        return r.planner == args.baseline;
      })) {
    std::string labels;
    for (const SummaryRow& r : overall) {
      if (labels.find("'" + r.planner + "'") == std::string::npos) {
        labels += (labels.empty() ? "'" : ", '") + r.planner + "'";
      }
    }
    throw InputError(
        (dir / "runs.csv").string(), 0, "--baseline",
        fmt::format("no planner '{}' in this run (its planners: {})", args.baseline, labels));
  }
  write_summary_files(dir, title, overall, by_length, sums.bad, sums.any_angle_planners, opt,
                      measurement_notes_text(meta));
  print_summary_table(std::cout, overall);

  if (args.plots) {
    fs::path rows_file;
    const fs::path sample_file = dir / "plots" / "runs_sample.csv";
    std::error_code ec;
    fs::remove(sample_file, ec);
    if (sample.sampled()) {
      fs::create_directories(dir / "plots");
      sample.write(sample_file, RunsCsvStream(dir / "runs.csv").header());
      rows_file = sample_file;
      std::cout << fmt::format(
          "Plots drawn from {} rows of {} (every planner's row of a sample of the queries: {}).\n",
          sample.size(), sums.rows, sample_file.string());
    }
    if (const std::string why = draw_plots(dir, rows_file); !why.empty())
      std::cerr << "warning: plots not drawn: " << why << '\n';
  }
  write_report_html(dir / "report.html", title, meta, overall, by_length, opt, dir / "plots");
  if (args.latex) {
    write_latex_tables(dir, title, overall, by_length, opt);
    std::cout << fmt::format(
        "LaTeX tables: {}/tables/all.tex (compile: cd {}/tables && pdflatex "
        "tables.tex)\n",
        dir.string(), dir.string());
  }
  std::cout << fmt::format("\n{} rows. Tables: {}/summary.md  Plots: {}/plots/  Report: {}\n",
                           sums.rows, dir.string(), dir.string(), (dir / "report.html").string());
  return 0;
}

}  // namespace

Subcommand add_report_command(CLI::App& app) {
  return add_command(app, "report", report_options, report_command);
}

}  // namespace pathbench::cli
