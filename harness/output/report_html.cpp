#include "harness/output/report_html.h"

#include <fmt/format.h>
#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

#include "datasets/output_file.h"
#include "harness/output/summary_significance.h"
#include "harness/text/template_fill.h"

namespace pathbench {
namespace assets {
// assets/report.html, compiled in by embed_asset.cmake.
extern const std::string_view kReportPage;
}  // namespace assets

namespace {

namespace fs = std::filesystem;

// Known plots first, in reading order, with what they show; any other PNG follows by name.
struct PlotCaption {
  const char* stem;
  const char* caption;
};
constexpr PlotCaption kPlots[] = {
    {"time_vs_length",
     "Search time against optimal path length (median per length bin, log scale)."},
    {"expansions_box",
     "Distribution of expansions per query for each planner (log scale, no outliers)."},
    {"speedup_by_map",
     "Speedup over the baseline per map: geometric mean over queries of baseline time / planner "
     "time."},
    {"suboptimality_vs_time",
     "Mean suboptimality against mean search time, one point per planner (weight sweeps)."},
    {"dynamic_time",
     "Dynamic runs: mean planning time of a whole agent run (all plans, the first included) per "
     "planner, by kind and dataset (log scale)."},
    {"dynamic_replan_time",
     "Dynamic runs: each agent run's mean time per replan (the first plan excluded), per planner "
     "and kind (log scale)."},
};

std::string read_binary(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string json_text(const nlohmann::json& j) {
  if (j.is_string()) return j.get<std::string>();
  if (j.is_null()) return "";
  return j.dump();
}

}  // namespace

std::string html_section(const std::string& heading, const TextTable& t, const char* id) {
  std::ostringstream out;
  out << "<h2>" << html_escape(heading) << "</h2>\n<div class=\"scroll\">\n";
  write_html_table(out, t, id);
  out << "</div>\n";
  return out.str();
}

static std::string plots_html(const fs::path& plots_dir) {
  std::ostringstream out;
  std::vector<fs::path> pngs;
  if (fs::is_directory(plots_dir))
    for (const auto& e : fs::directory_iterator(plots_dir))
      if (e.path().extension() == ".png") pngs.push_back(e.path());
  const auto rank = [](const fs::path& p) {
    for (std::size_t i = 0; i < std::size(kPlots); ++i)
      if (p.stem() == kPlots[i].stem) return i;
    return std::size(kPlots);
  };
  std::sort(pngs.begin(), pngs.end(), [&](const fs::path& a, const fs::path& b) {
    return std::pair(rank(a), a.filename().string()) < std::pair(rank(b), b.filename().string());
  });
  if (pngs.empty()) out << "<p>No plots (run scripts/plot_results.py on this directory).</p>";
  for (const fs::path& p : pngs) {
    const std::size_t r = rank(p);
    const std::string caption = r < std::size(kPlots) ? kPlots[r].caption : p.stem().string();
    out << "<figure><img alt=\"" << html_escape(p.stem().string())
        << "\" src=\"data:image/png;base64," << base64_encode(read_binary(p)) << "\">\n<figcaption>"
        << html_escape(caption) << "</figcaption></figure>\n";
  }
  return out.str();
}

// The experiment's settings and the build and machine of meta.json, one row each.
static std::string run_facts_html(const nlohmann::json& meta) {
  std::ostringstream out;
  const nlohmann::json exp = meta.value("experiment", nlohmann::json::object());
  out << "<table id=\"meta\">\n";
  const auto fact = [&](const std::string& key, const std::string& value) {
    out << "<tr><th>" << html_escape(key) << "</th><td>" << html_escape(value) << "</td></tr>\n";
  };
  for (const char* k : {"name", "config_file", "seed", "repetitions", "repetition_order",
                        "batch_min_us", "time_limit_s", "validate", "baseline"})
    if (exp.contains(k)) fact(k, json_text(exp[k]));
  for (const char* k : {"date_utc", "git_commit", "compiler", "build_type", "cxx_flags",
                        "cpu_model", "hardware_threads", "host", "schema_version", "cost_model",
                        "tie_breaking", "cost_tolerance"})
    if (meta.contains(k)) fact(k, json_text(meta[k]));
  if (meta.contains("cpu")) fact("cpu", meta["cpu"].dump());
  if (meta.contains("resumed")) fact("resumed", meta["resumed"].dump());
  out << "</table>";
  return out.str();
}

void write_html_table(std::ostream& out, const TextTable& t, const char* id) {
  out << "<table id=\"" << id << "\">\n<thead><tr>";
  for (const std::string& h : t.header) out << "<th>" << html_escape(h) << "</th>";
  out << "</tr></thead>\n<tbody>\n";
  for (const auto& row : t.rows) {
    out << "<tr>";
    for (std::size_t i = 0; i < row.size(); ++i)
      out << (i < t.label_columns ? "<td>" : "<td class=\"n\">") << html_escape(row[i]) << "</td>";
    out << "</tr>\n";
  }
  out << "</tbody></table>\n";
}

static std::string maps_html(const nlohmann::json& meta) {
  std::ostringstream maps;
  if (meta.contains("maps") && meta["maps"].is_array()) {
    maps << "<h3>Maps</h3>\n<div class=\"scroll\"><table id=\"maps\">\n<thead><tr><th>dataset</th>"
            "<th>map</th><th>size</th><th>passable</th><th>queries</th></tr></thead><tbody>\n";
    for (const nlohmann::json& m : meta["maps"])
      maps << fmt::format(
          "<tr><td>{}</td><td>{}</td><td class=\"n\">{}x{}</td><td class=\"n\">{}</td>"
          "<td class=\"n\">{}</td></tr>\n",
          html_escape(json_text(m.value("dataset", nlohmann::json()))),
          html_escape(json_text(m.value("map", nlohmann::json()))),
          json_text(m.value("width", nlohmann::json())),
          json_text(m.value("height", nlohmann::json())),
          json_text(m.value("passable", nlohmann::json())),
          json_text(m.value("queries", nlohmann::json())));
    maps << "</tbody></table></div>";
  }
  return maps.str();
}

static std::string config_html(const nlohmann::json& meta) {
  return meta.contains("config_text")
             ? "<h3>Config</h3>\n<pre>" + html_escape(json_text(meta["config_text"])) + "</pre>"
             : std::string();
}

void write_report_page(const fs::path& path, const std::string& title,
                       const std::string& notes_html, const std::string& tables_html,
                       const std::string& warnings_html, const nlohmann::json& meta,
                       const fs::path& plots_dir) {
  const std::map<std::string, std::string> slots{
      {"TITLE", html_escape(title)},    {"NOTES", notes_html},
      {"TABLES", tables_html},          {"WARNINGS", warnings_html},
      {"PLOTS", plots_html(plots_dir)}, {"RUN_FACTS", run_facts_html(meta)},
      {"MAPS", maps_html(meta)},        {"CONFIG", config_html(meta)}};
  write_file_atomically(path, fill_template(assets::kReportPage, slots));
}

std::string base64_encode(std::string_view bytes) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const unsigned v = static_cast<unsigned char>(bytes[i]) << 16 |
                       static_cast<unsigned char>(bytes[i + 1]) << 8 |
                       static_cast<unsigned char>(bytes[i + 2]);
    out += kAlphabet[v >> 18 & 63];
    out += kAlphabet[v >> 12 & 63];
    out += kAlphabet[v >> 6 & 63];
    out += kAlphabet[v & 63];
  }
  if (const std::size_t rest = bytes.size() - i; rest > 0) {
    unsigned v = static_cast<unsigned char>(bytes[i]) << 16;
    if (rest == 2) v |= static_cast<unsigned char>(bytes[i + 1]) << 8;
    out += kAlphabet[v >> 18 & 63];
    out += kAlphabet[v >> 12 & 63];
    out += rest == 2 ? kAlphabet[v >> 6 & 63] : '=';
    out += '=';
  }
  return out;
}

void write_report_html(const fs::path& path, const std::string& title, const nlohmann::json& meta,
                       const std::vector<SummaryRow>& overall,
                       const std::vector<SummaryRow>& by_length, const SummaryOptions& options,
                       const fs::path& plots_dir) {
  std::ostringstream notes;
  notes << "<p>" << html_escape(summary_notes(overall, options)) << "</p>";
  // Which clock the tables and plots use, when some planner's own clock is also recorded.
  for (const auto& p : meta.value("planners", nlohmann::json::array()))
    if (p.value("algorithm", std::string()) == "external") {
      notes << "\n<p>Times in the tables and plots are pathbench's wall clock around each query "
               "(time_us), which for external planners includes the protocol round trip; their "
               "self-reported times are in the ext_time_us column of runs.csv.</p>";
      break;
    }
  const std::string tables =
      html_section("Summary", overall_table(overall), "summary") +
      html_section("By path length", length_table(by_length), "summary-buckets");

  std::ostringstream warnings_html;
  std::vector<std::string> warnings = noise_warnings(overall);
  for (std::string& w : noise_warnings(by_length)) warnings.push_back(std::move(w));
  if (!warnings.empty()) {
    warnings_html << "<h2>Warnings: repetition noise</h2>\n<ul id=\"noise-warnings\">\n";
    for (const std::string& w : warnings) warnings_html << "<li>" << html_escape(w) << "</li>\n";
    warnings_html << "</ul>";
  }
  write_report_page(path, title, notes.str(), tables, warnings_html.str(), meta, plots_dir);
}

}  // namespace pathbench
