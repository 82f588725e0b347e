#include "harness/output/dynamic_report.h"

#include <sstream>

#include "datasets/output_file.h"
#include "harness/output/report_html.h"
#include "harness/text/escape.h"

namespace pathbench {

namespace {
constexpr const char* kRatiosNote =
    "Each from-scratch planner against the first incremental planner of the same kind and "
    "dataset: sums over the same agent runs (> 1: the incremental planner did less).";
}  // namespace

void write_dynamic_summary_md(const std::filesystem::path& path, const std::string& title,
                              std::size_t agent_runs, const DynamicTables& t) {
  AtomicOutputFile file(path);
  std::ostream& md = file.stream();
  md << "# " << title << "\n\n"
     << agent_runs << " agent runs (dynamic.csv); " << kDynamicTableNote
     << ".\n\n## Agent runs\n\n";
  write_markdown_table(md, t.summary);
  if (!t.ratios.rows.empty()) {
    md << "\n## Ratios\n\n" << kRatiosNote << "\n\n";
    write_markdown_table(md, t.ratios);
  }
  file.commit();
}

void write_dynamic_report_html(const std::filesystem::path& path, const std::string& title,
                               const nlohmann::json& meta, std::size_t agent_runs,
                               const DynamicTables& t, const std::filesystem::path& plots_dir) {
  std::ostringstream notes;
  notes << "<p>" << agent_runs << " agent runs (dynamic.csv); " << html_escape(kDynamicTableNote)
        << ".</p>";
  std::string tables = html_section("Agent runs", t.summary, "dynamic-summary");
  if (!t.ratios.rows.empty())
    tables += "<p>" + html_escape(kRatiosNote) + "</p>\n" +
              html_section("Ratios", t.ratios, "dynamic-ratios");
  write_report_page(path, title, notes.str(), tables, "", meta, plots_dir);
}

}  // namespace pathbench
