#include "harness/output/dynamic_report.h"

#include <sstream>

#include "datasets/output_file.h"
#include "harness/output/dynamic_summary.h"
#include "harness/output/report_html.h"
#include "harness/text/escape.h"

namespace pathbench {

namespace {
constexpr const char* kRatiosNote =
    "Each from-scratch planner against the first incremental planner of the same kind and "
    "dataset: sums over the same agent runs (> 1: the incremental planner did less).";
}  // namespace

void write_dynamic_summary_md(const std::filesystem::path& path, const std::string& title,
                              const std::vector<DynamicRunRow>& rows) {
  const DynamicTables t = dynamic_summary_tables(rows);
  AtomicOutputFile file(path);
  std::ostream& md = file.stream();
  md << "# " << title << "\n\n"
     << rows.size() << " agent runs (dynamic.csv); " << kDynamicTableNote
     << ".\n\n## Agent runs\n\n";
  write_markdown_table(md, t.summary);
  if (!t.ratios.rows.empty()) {
    md << "\n## Ratios\n\n" << kRatiosNote << "\n\n";
    write_markdown_table(md, t.ratios);
  }
  file.commit();
}

void write_dynamic_report_html(const std::filesystem::path& path, const std::string& title,
                               const nlohmann::json& meta, const std::vector<DynamicRunRow>& rows,
                               const std::filesystem::path& plots_dir) {
  const DynamicTables t = dynamic_summary_tables(rows);
  std::ostringstream notes;
  notes << "<p>" << rows.size() << " agent runs (dynamic.csv); " << html_escape(kDynamicTableNote)
        << ".</p>";
  std::string tables = html_section("Agent runs", t.summary, "dynamic-summary");
  if (!t.ratios.rows.empty())
    tables += "<p>" + html_escape(kRatiosNote) + "</p>\n" +
              html_section("Ratios", t.ratios, "dynamic-ratios");
  write_report_page(path, title, notes.str(), tables, "", meta, plots_dir);
}

}  // namespace pathbench
