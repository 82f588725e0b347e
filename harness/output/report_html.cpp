#include "harness/output/report_html.h"

#include <fmt/format.h>
#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "datasets/output_file.h"
#include "harness/output/summary_significance.h"

namespace pathbench {
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
};

std::string read_binary(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void html_table(std::ostream& out, const TextTable& t, const char* id) {
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

std::string json_text(const nlohmann::json& j) {
  if (j.is_string()) return j.get<std::string>();
  if (j.is_null()) return "";
  return j.dump();
}

}  // namespace

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
  std::ostringstream out;
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<title>" << html_escape(title) << " - pathbench report</title>\n"
      << "<style>\n"
         "body{font-family:system-ui,sans-serif;margin:2em;color:#222;max-width:100%}\n"
         "table{border-collapse:collapse;font-size:13px;margin:1em 0}\n"
         "th,td{border:1px solid #ccc;padding:3px 6px;white-space:nowrap}\n"
         "th{background:#eef;position:sticky;top:0}td.n{text-align:right;font-variant-numeric:"
         "tabular-nums}\n"
         "tbody tr:nth-child(even){background:#f7f7f7}\n"
         ".scroll{overflow-x:auto}figure{margin:1.5em 0}img{max-width:100%;border:1px solid #ddd}\n"
         "pre{background:#f4f4f4;padding:1em;overflow-x:auto;font-size:12px}\n"
         "</style>\n</head>\n<body>\n";
  out << "<h1>" << html_escape(title) << "</h1>\n";
  const nlohmann::json exp = meta.value("experiment", nlohmann::json::object());
  out << "<p>" << html_escape(summary_notes(overall, options)) << "</p>\n";
  // Which clock the tables and plots use, when some planner's own clock is also recorded.
  for (const auto& p : meta.value("planners", nlohmann::json::array()))
    if (p.value("algorithm", std::string()) == "external") {
      out << "<p>Times in the tables and plots are pathbench's wall clock around each query "
             "(time_us), which for external planners includes the protocol round trip; their "
             "self-reported times are in the ext_time_us column of runs.csv.</p>\n";
      break;
    }

  out << "<h2>Summary</h2>\n<div class=\"scroll\">\n";
  html_table(out, overall_table(overall), "summary");
  out << "</div>\n<h2>By path length</h2>\n<div class=\"scroll\">\n";
  html_table(out, length_table(by_length), "summary-buckets");
  out << "</div>\n";
  std::vector<std::string> warnings = noise_warnings(overall);
  for (std::string& w : noise_warnings(by_length)) warnings.push_back(std::move(w));
  if (!warnings.empty()) {
    out << "<h2>Warnings: repetition noise</h2>\n<ul id=\"noise-warnings\">\n";
    for (const std::string& w : warnings) out << "<li>" << html_escape(w) << "</li>\n";
    out << "</ul>\n";
  }

  out << "<h2>Plots</h2>\n";
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
  if (pngs.empty()) out << "<p>No plots (run scripts/plot_results.py on this directory).</p>\n";
  for (const fs::path& p : pngs) {
    const std::size_t r = rank(p);
    const std::string caption = r < std::size(kPlots) ? kPlots[r].caption : p.stem().string();
    out << "<figure><img alt=\"" << html_escape(p.stem().string())
        << "\" src=\"data:image/png;base64," << base64_encode(read_binary(p)) << "\">\n<figcaption>"
        << html_escape(caption) << "</figcaption></figure>\n";
  }

  out << "<h2>Run</h2>\n<table id=\"meta\">\n";
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
  out << "</table>\n";
  if (meta.contains("maps") && meta["maps"].is_array()) {
    out << "<h3>Maps</h3>\n<div class=\"scroll\"><table id=\"maps\">\n<thead><tr><th>dataset</th>"
           "<th>map</th><th>size</th><th>passable</th><th>queries</th></tr></thead><tbody>\n";
    for (const nlohmann::json& m : meta["maps"])
      out << fmt::format(
          "<tr><td>{}</td><td>{}</td><td class=\"n\">{}x{}</td><td class=\"n\">{}</td>"
          "<td class=\"n\">{}</td></tr>\n",
          html_escape(json_text(m.value("dataset", nlohmann::json()))),
          html_escape(json_text(m.value("map", nlohmann::json()))),
          json_text(m.value("width", nlohmann::json())),
          json_text(m.value("height", nlohmann::json())),
          json_text(m.value("passable", nlohmann::json())),
          json_text(m.value("queries", nlohmann::json())));
    out << "</tbody></table></div>\n";
  }
  if (meta.contains("config_text"))
    out << "<h3>Config</h3>\n<pre>" << html_escape(json_text(meta["config_text"])) << "</pre>\n";
  out << "</body>\n</html>\n";

  write_file_atomically(path, out.view());
}

}  // namespace pathbench
