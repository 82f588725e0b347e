#include "harness/output/latex_tables.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <ostream>
#include <stdexcept>

#include "datasets/output_file.h"
#include "harness/output/summary_significance.h"
#include "harness/text/number_format.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;

std::string tex_percent(std::size_t part, std::size_t whole) { return percent(part, whole, "--"); }

std::string with_ci(double v, double lo, double hi) {
  if (std::isnan(v)) return "--";
  return fmt::format("{} [{}, {}]", latex_number(v), latex_number(lo), latex_number(hi));
}

// A mark as a superscript that takes no width from the number it follows.
std::string mark(const PairedTest& t) {
  const std::string m = significance_mark(t);
  return m.empty() ? "" : "$^{" + m + "}$";
}

struct Table {
  std::string caption, label, columns;  // columns: tabular spec, e.g. "llrr"
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;  // cells already LaTeX
  std::vector<std::size_t> group_starts;       // row indices that begin a new group (\midrule)
};

void write_table(const fs::path& path, const Table& t) {
  AtomicOutputFile file(path);
  std::ostream& f = file.stream();
  f << "% Written by pathbench report --latex; needs \\usepackage{booktabs}.\n"
    << "\\begin{table}[htbp]\n\\centering\n\\small\n\\caption{" << t.caption << "}\n\\label{"
    << t.label << "}\n\\begin{tabular}{" << t.columns << "}\n\\toprule\n";
  for (std::size_t i = 0; i < t.header.size(); ++i) f << (i ? " & " : "") << t.header[i];
  f << " \\\\\n\\midrule\n";
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    if (r > 0 && std::find(t.group_starts.begin(), t.group_starts.end(), r) != t.group_starts.end())
      f << "\\midrule\n";
    for (std::size_t i = 0; i < t.rows[r].size(); ++i) f << (i ? " & " : "") << t.rows[r][i];
    f << " \\\\\n";
  }
  f << "\\bottomrule\n\\end{tabular}\n\\end{table}\n";
  file.commit();
}

// Braces keep a label that starts with '[' from being read as \\'s optional argument.
std::string label_cell(const std::string& s) { return "{" + latex_escape(s) + "}"; }

std::vector<std::size_t> group_starts(const std::vector<SummaryRow>& rows) {
  std::vector<std::size_t> starts;
  for (std::size_t i = 1; i < rows.size(); ++i)
    if (rows[i].group != rows[i - 1].group) starts.push_back(i);
  return starts;
}

bool any_baseline(const std::vector<SummaryRow>& rows) {
  return std::any_of(rows.begin(), rows.end(),
                     [](const SummaryRow& r) { return !std::isnan(r.speedup); });
}

const char* kMarksNote =
    "Marks: $^{*}$ $p<0.05$, $^{**}$ $p<0.01$, $^{***}$ $p<0.001$, two-sided Wilcoxon "
    "signed-rank test on per-query log time ratios, Holm-adjusted over the rows of the table.";

Table summary_table(const std::vector<SummaryRow>& rows, const std::string& title,
                    const SummaryOptions& opt) {
  Table t;
  t.caption = fmt::format(
      "{}: per {} and planner over solved queries (times in $\\mu$s, each the median over "
      "repetitions; sub = cost / optimal).",
      latex_escape(title), opt.by == GroupBy::Map ? "map" : "dataset");
  t.label = "tab:pathbench-summary";
  t.columns = "llrrrrrrrrr";
  t.header = {"group",   "planner",     "queries",  "solved \\%", "optimal \\%", "median exp",
              "p95 exp", "median time", "p95 time", "ns/exp",     "max sub"};
  for (const SummaryRow& r : rows)
    t.rows.push_back({label_cell(r.group), label_cell(r.planner), std::to_string(r.queries),
                      tex_percent(r.solved, r.queries), tex_percent(r.optimal, r.with_reference),
                      latex_number(r.median_expansions), latex_number(r.p95_expansions),
                      latex_number(r.median_time_us), latex_number(r.p95_time_us),
                      latex_number(r.ns_per_expansion), latex_number(r.max_suboptimality)});
  t.group_starts = group_starts(rows);
  return t;
}

Table length_table_tex(const std::vector<SummaryRow>& rows, const SummaryOptions& opt) {
  const bool speed = any_baseline(rows);
  Table t;
  t.caption = "By path length class (short / medium / long third of each map's buckets).";
  if (speed)
    t.caption += fmt::format(
                     " Speedup: geometric mean of {} time / planner time with a 95\\% "
                     "bootstrap interval. ",
                     latex_escape(opt.baseline)) +
                 kMarksNote;
  t.label = "tab:pathbench-by-length";
  t.columns = speed ? "lllrrrrl" : "lllrrrr";
  t.header = {"group", "planner", "length", "queries", "optimal \\%", "median exp", "median time"};
  if (speed) t.header.emplace_back("speedup [95\\% CI]");
  for (const SummaryRow& r : rows) {
    std::vector<std::string> c = {label_cell(r.group),
                                  label_cell(r.planner),
                                  r.length_class,
                                  std::to_string(r.queries),
                                  tex_percent(r.optimal, r.with_reference),
                                  latex_number(r.median_expansions),
                                  latex_number(r.median_time_us)};
    if (speed) c.push_back(with_ci(r.speedup, r.speedup_lo, r.speedup_hi) + mark(r.time_test));
    t.rows.push_back(std::move(c));
  }
  t.group_starts = group_starts(rows);
  return t;
}

Table speedup_table(const std::vector<SummaryRow>& rows, const SummaryOptions& opt) {
  Table t;
  t.caption = fmt::format(
      "Against the baseline {0}: speedup (geometric mean of per-query {0} time / planner time, "
      "95\\% bootstrap CI), median of the same ratios (distribution-free 95\\% CI), Holm-adjusted "
      "$p$, matched-pairs rank-biserial $r$ ($+1$: faster on every query) and the geometric mean "
      "expansion ratio. {1}",
      latex_escape(opt.baseline), kMarksNote);
  t.label = "tab:pathbench-speedups";
  t.columns = "llrllrrr";
  t.header = {"group",      "planner", "pairs",    "speedup [95\\% CI]", "median ratio [95\\% CI]",
              "$p$ (Holm)", "$r$",     "exp ratio"};
  std::vector<SummaryRow> kept;
  for (const SummaryRow& r : rows)
    if (r.planner != opt.baseline && !std::isnan(r.speedup)) kept.push_back(r);
  for (const SummaryRow& r : kept) {
    const double p = r.time_test.p_holm;
    const std::string p_cell =
        std::isnan(p) ? "--" : (p < 0.001 ? "$<0.001$" : latex_number(p)) + mark(r.time_test);
    t.rows.push_back({label_cell(r.group), label_cell(r.planner), std::to_string(r.speedup_pairs),
                      with_ci(r.speedup, r.speedup_lo, r.speedup_hi) + mark(r.time_test),
                      with_ci(r.median_speedup, r.median_speedup_lo, r.median_speedup_hi), p_cell,
                      latex_number(r.time_test.rank_biserial), latex_number(r.expansion_ratio)});
  }
  t.group_starts = group_starts(kept);
  return t;
}

void write_text(const fs::path& path, const std::string& text) {
  write_file_atomically(path, text);
}

}  // namespace

std::string latex_number(double v) {
  if (std::isnan(v)) return "--";
  if (std::isinf(v)) return v > 0 ? "$\\infty$" : "$-\\infty$";
  const double a = std::fabs(v);
  std::string s;
  // Thresholds just below the powers of ten, so rounding never adds a digit (99.96 -> 100).
  if (a >= 99.95)
    s = fmt::format("{:.0f}", a);
  else if (a >= 9.995)
    s = fmt::format("{:.1f}", a);
  else if (a >= 0.9995 || a == 0)
    s = fmt::format("{:.2f}", a);
  else
    s = fmt::format("{:#.3g}", a);  // # keeps trailing zeros: 0.240, not 0.24
  return v < 0 && s.find_first_not_of("0.") != std::string::npos ? "$-$" + s : s;
}

std::vector<fs::path> write_latex_tables(const fs::path& dir, const std::string& title,
                                         const std::vector<SummaryRow>& overall,
                                         const std::vector<SummaryRow>& by_length,
                                         const SummaryOptions& options) {
  const fs::path tables = dir / "tables";
  fs::create_directories(tables);
  std::vector<fs::path> written;
  // The speedups right after the summary: both usually fit on the first page.
  std::vector<std::string> names = {"summary"};
  write_table(tables / "summary.tex", summary_table(overall, title, options));
  if (any_baseline(overall)) {
    write_table(tables / "speedups.tex", speedup_table(overall, options));
    names.emplace_back("speedups");
  } else {
    std::error_code ec;  // a stale file from an earlier report with a baseline would mislead
    fs::remove(tables / "speedups.tex", ec);
  }
  write_table(tables / "by_length.tex", length_table_tex(by_length, options));
  names.emplace_back("by_length");
  std::string all =
      "% Written by pathbench report --latex. \\input this file; it inputs the tables from\n"
      "% \\pathbenchtables (default: tables/, relative to the main document).\n"
      "\\providecommand{\\pathbenchtables}{tables}\n";
  for (const std::string& n : names) {
    all += "\\input{\\pathbenchtables/" + n + ".tex}\n";
    written.push_back(tables / (n + ".tex"));
  }
  write_text(tables / "all.tex", all);
  written.push_back(tables / "all.tex");
  write_text(
      tables / "tables.tex",
      "% A complete document of the tables: cd into this folder and run pdflatex tables.tex\n"
      "\\documentclass{article}\n\\usepackage[landscape,margin=1.5cm]{geometry}\n"
      "\\usepackage{booktabs}\n\\usepackage{graphicx}\n\\pagestyle{empty}\n"
      "\\newcommand{\\pathbenchtables}{.}\n\\begin{document}\n\\input{all.tex}\n"
      "\\end{document}\n");
  written.push_back(tables / "tables.tex");
  return written;
}

}  // namespace pathbench
