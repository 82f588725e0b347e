// The summary files of a run: summary.csv, summary_buckets.csv (full precision, for tools) and
// summary.md (the text tables as Markdown, and the lines recorded as data problems).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <ostream>
#include <set>
#include <string>

#include "datasets/output_file.h"
#include "harness/output/bad_query_lines.h"
#include "harness/output/csv_writer.h"
#include "harness/output/summary.h"
#include "harness/output/summary_schema.h"
#include "harness/output/summary_significance.h"

namespace pathbench {

void write_summary_csv(const std::filesystem::path& path, const std::vector<SummaryRow>& rows) {
  AtomicOutputFile file(path);
  std::ostream& f = file.stream();
  const bool by_length = std::any_of(rows.begin(), rows.end(),
                                     [](const SummaryRow& r) { return !r.length_class.empty(); });
  std::vector<const SummaryColumn*> columns;
  for (const SummaryColumn& c : summary_columns())
    if (by_length || !c.by_length_only) columns.push_back(&c);
  for (std::size_t i = 0; i < columns.size(); ++i) f << (i ? "," : "") << columns[i]->name;
  f << '\n';
  for (const SummaryRow& r : rows) {
    for (std::size_t i = 0; i < columns.size(); ++i)
      f << (i ? "," : "") << csv_escape(columns[i]->field(r));
    f << '\n';
  }
  file.commit();
}

void write_markdown_table(std::ostream& out, const TextTable& t) {
  // Markdown cells must not contain a bare '|'.
  const auto cell = [](std::string s) {
    for (std::size_t i = 0; (i = s.find('|', i)) != std::string::npos; i += 2)
      s.replace(i, 1, "\\|");
    return s;
  };
  out << '|';
  for (const std::string& h : t.header) out << ' ' << h << " |";
  out << "\n|";
  for (std::size_t i = 0; i < t.header.size(); ++i) out << (i < t.label_columns ? "---|" : "---:|");
  out << '\n';
  for (const auto& row : t.rows) {
    out << '|';
    for (const std::string& c : row) out << ' ' << cell(c) << " |";
    out << '\n';
  }
}

void write_summary_markdown(std::ostream& out, const std::string& title,
                            const std::vector<SummaryRow>& overall,
                            const std::vector<SummaryRow>& by_length,
                            const SummaryOptions& options) {
  out << "# " << title << "\n\n" << summary_notes(overall, options) << "\n\n## Overall\n\n";
  write_markdown_table(out, overall_table(overall));
  out << "\n## By path length (short / medium / long third of each map's buckets)\n\n";
  write_markdown_table(out, length_table(by_length));
  std::vector<std::string> warnings = noise_warnings(overall);
  for (std::string& w : noise_warnings(by_length)) warnings.push_back(std::move(w));
  if (!warnings.empty()) {
    out << "\n## Warnings: repetition noise\n\n";
    for (const std::string& w : warnings) out << "- " << w << '\n';
  }
}

bool is_any_angle_row(const RunRow& row) {
  if (!row.extra_names) return false;
  for (std::size_t i = 0; i < row.extra_names->size() && i < row.extras.size(); ++i)
    if ((*row.extra_names)[i] == "octile_ratio" && !std::isnan(row.extras[i])) return true;
  return false;
}

void write_summary_files(const std::filesystem::path& dir, const std::string& title,
                         const std::vector<SummaryRow>& overall,
                         const std::vector<SummaryRow>& by_length, const BadQueryLines& bad,
                         const std::set<std::string>& any_angle, const SummaryOptions& options,
                         const std::string& md_tail) {
  write_summary_csv(dir / "summary.csv", overall);
  write_summary_csv(dir / "summary_buckets.csv", by_length);
  AtomicOutputFile file(dir / "summary.md");
  std::ostream& md = file.stream();
  write_summary_markdown(md, title, overall, by_length, options);
  // Rows no table counts (not solved, valid or optimal), so their number is said here.
  if (bad.lines > 0) {
    md << "\n## Data problems (status bad_query)\n\n"
       << bad.lines << " scen lines (" << bad.rows
       << " rows) have a published length that cannot be right; the reason is in each row's "
          "error column, and no table above counts them. Per map:\n\n";
    for (const auto& [map, n] : bad.per_map) md << "- " << map << ": " << n << '\n';
  }
  if (!any_angle.empty()) {
    md << "\n## Any-angle planners\n\n";
    for (const std::string& p : any_angle) md << (p == *any_angle.begin() ? "" : ", ") << p;
    md << " return any-angle paths (polylines between cell centres, Euclidean cost; "
          "docs/any-angle.md). Their `mean sub` / `max sub` and runs.csv's `octile_ratio` are "
          "cost / the octile optimum (below 1 where a path cuts across), `opt%` counts paths "
          "exactly as long as the octile optimum, and `any_angle_ratio` (cost / the any-angle "
          "optimum) is empty on every row: pathbench computes no any-angle optimum.\n";
  }
  md << md_tail;
  file.commit();
}

std::vector<SummaryRow> write_summaries(const std::filesystem::path& dir, const std::string& title,
                                        const std::vector<RunRow>& rows,
                                        const SummaryOptions& options, const std::string& md_tail) {
  std::vector<SummaryRow> overall = summarize(rows, options);
  const std::vector<SummaryRow> by_length = summarize_by_length(rows, options);
  std::set<std::string> any_angle;
  for (const RunRow& r : rows)
    if (is_any_angle_row(r)) any_angle.insert(r.planner);
  write_summary_files(dir, title, overall, by_length, count_bad_query_lines(rows), any_angle,
                      options, md_tail);
  return overall;
}

}  // namespace pathbench
