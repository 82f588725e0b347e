// `pathbench render`: one query, one or several planners traced, one picture / page / drawing.
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <iostream>
#include <set>

#include "algorithms/core/input_error.h"
#include "algorithms/registry/planner_registry.h"
#include "datasets/map_io.h"
#include "harness/cli/commands.h"
#include "harness/render/posthoc_trace.h"
#include "harness/render/trace_renderer.h"

namespace pathbench::cli {
namespace {

InputError bad_option(const char* option, const std::string& why) {
  return InputError("command line", 0, option, why);
}

std::vector<int> parse_ints(const std::string& text, std::size_t count, const char* option,
                            const char* shape) {
  std::vector<int> v;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    int n = 0;
    const char* b = text.data() + at;
    const char* e = text.data() + comma;
    const auto r = std::from_chars(b, e, n);
    if (b == e || r.ec != std::errc() || r.ptr != e) break;
    v.push_back(n);
    at = comma + 1;
  }
  if (v.size() != count)
    throw bad_option(option, fmt::format("expected {}, got '{}'", shape, text));
  return v;
}

Point parse_xy(const std::string& text, const char* option) {
  const std::vector<int> v = parse_ints(text, 2, option, "X,Y");
  return {v[0], v[1]};
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::size_t at = 0;
  for (;;) {
    const std::size_t next = s.find(sep, at);
    parts.push_back(s.substr(at, next == std::string::npos ? std::string::npos : next - at));
    if (next == std::string::npos) return parts;
    at = next + 1;
  }
}

std::pair<std::string, std::string> parse_assignment(const std::string& kv, const char* option) {
  const auto eq = kv.find('=');
  if (eq == std::string::npos || eq == 0)
    throw bad_option(option, "expected key=value, got '" + kv + "'");
  return {kv.substr(0, eq), kv.substr(eq + 1)};
}

struct PlannerRequest {
  std::string label;
  std::string name;
  RawParams params;
};

// The planners to draw: --compare entries (NAME[:k=v...]) or --planner, with --set applied to
// every planner whose schema has the key (a key no planner has is an error, not ignored).
std::vector<PlannerRequest> planner_requests(const RenderArgs& a) {
  std::vector<PlannerRequest> reqs;
  const char* option = a.compare.empty() ? "--planner" : "--compare";
  if (a.compare.empty()) {
    reqs.push_back({a.planner, a.planner, {}});
  } else {
    for (const std::string& entry : split(a.compare, ',')) {
      std::vector<std::string> parts = split(entry, ':');
      if (parts[0].empty())
        throw bad_option("--compare", "empty planner name in '" + a.compare + "'");
      PlannerRequest r{entry, parts[0], {}};
      for (std::size_t i = 1; i < parts.size(); ++i) {
        const auto [k, v] = parse_assignment(parts[i], "--compare");
        r.params[k] = v;
      }
      reqs.push_back(std::move(r));
    }
  }
  for (const PlannerRequest& r : reqs)
    if (!find_planner(r.name))
      throw bad_option(option, fmt::format("unknown planner '{}' (see `pathbench list`)", r.name));
  for (const std::string& s : a.set) {
    // Not a structured binding: clang 14 (the fuzz build) cannot capture those in a lambda.
    const auto kv = parse_assignment(s, "--set");
    const std::string& k = kv.first;
    const std::string& v = kv.second;
    bool used = false;
    for (PlannerRequest& r : reqs) {
      const PlannerInfo* info = find_planner(r.name);
      const bool has = std::any_of(info->params.begin(), info->params.end(),
                                   [&](const ParamSpec& p) { return p.name == k; });
      // A single planner gets every --set, so a wrong key is reported by its schema.
      if (has || reqs.size() == 1) {
        if (!r.params.count(k)) r.params[k] = v;  // a --compare entry's own value wins
        used = true;
      }
    }
    if (!used) throw bad_option("--set", "no planner in --compare has a parameter '" + k + "'");
  }
  if (a.compare.empty() && !a.set.empty()) {
    std::string label = a.planner;
    for (const std::string& s : a.set) label += ":" + s;
    reqs[0].label = label;
  }
  return reqs;
}

std::string lower_extension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext;
}

}  // namespace

int render_command(const RenderArgs& a) {
  const MoveRules rules{a.connectivity == 4 ? Connectivity::Four : Connectivity::Eight,
                        a.corner_cutting};
  const Grid grid = read_map(a.map, MapLoadOptions{rules, {}});
  const Query q{parse_xy(a.start, "--start"), parse_xy(a.goal, "--goal")};
  for (const auto& [p, option] : {std::pair{q.start, "--start"}, std::pair{q.goal, "--goal"}}) {
    if (!grid.in_bounds(p.x, p.y))
      throw bad_option(option, fmt::format("({},{}) is outside the {}x{} map {}", p.x, p.y,
                                           grid.width(), grid.height(), a.map));
    if (!grid.passable(p.x, p.y))
      throw bad_option(option, fmt::format("({},{}) is a blocked cell of {}", p.x, p.y, a.map));
  }

  // Decide the output before any work, so a wrong extension fails fast.
  enum class Format { Png, Svg, Html, None } format = Format::None;
  if (!a.output.empty()) {
    const std::string ext = lower_extension(a.output);
    if (a.html || ext == ".html" || ext == ".htm")
      format = Format::Html;
    else if (ext == ".png")
      format = Format::Png;
    else if (ext == ".svg")
      format = Format::Svg;
    else
      throw bad_option("--output",
                       "'" + a.output + "': use a .png, .svg or .html name (or --html)");
  } else if (!a.ascii && a.posthoc.empty()) {
    throw bad_option("--output",
                     "an output file (.png, .svg, .html) is required unless --ascii or --posthoc");
  }

  const std::vector<PlannerRequest> reqs = planner_requests(a);
  if (!a.posthoc.empty()) {
    if (reqs.size() != 1)
      throw bad_option("--posthoc", fmt::format("a Posthoc trace holds one search; --compare "
                                                "names {} planners",
                                                reqs.size()));
    check_posthoc_path(a.posthoc, "--posthoc", a.overwrite);
  }
  std::vector<int> region;
  if (!a.region.empty()) region = parse_ints(a.region, 4, "--region", "x0,y0,x1,y1");
  if (a.cell < 0 || a.cell > 64) throw bad_option("--cell", "expected 1..64 pixels (0 = auto)");
  RenderView view;
  try {
    view = make_view(grid, region, a.cell, static_cast<int>(reqs.size()));
  } catch (const std::invalid_argument& e) {
    throw bad_option("--region", e.what());
  }
  // Pixels of the whole picture (panels side by side), checked before any buffer is made: a
  // large map at --cell 64 would ask for gigabytes.
  constexpr double kMaxPixels = 64.0 * 1024 * 1024;
  const double pixels = static_cast<double>(view.width) * view.cell * view.height * view.cell *
                        static_cast<double>(reqs.size());
  if (!a.ascii && !a.html && pixels > kMaxPixels)
    throw bad_option("--cell",
                     fmt::format("{} panel(s) of {}x{} cells at {} px per cell make {:.0f} "
                                 "million pixels (at most 64 million); use a smaller "
                                 "--cell or crop with --region x0,y0,x1,y1",
                                 reqs.size(), view.width, view.height, view.cell, pixels / 1e6));
  if (a.ascii && (view.width > 256 || view.height > 256))
    throw bad_option("--ascii", fmt::format("the view is {}x{} cells; crop it to at most 256x256 "
                                            "with --region x0,y0,x1,y1",
                                            view.width, view.height));

  Budget budget;
  if (std::string problem = time_limit_problem(a.time_limit_s); !problem.empty())
    throw InputError("command line", 0, "--time-limit", problem);
  budget.time_limit_s = a.time_limit_s;
  const char* planner_option = a.compare.empty() ? "--planner" : "--compare";
  std::vector<RenderPanel> panels;
  for (const PlannerRequest& r : reqs) {
    ConfiguredPlanner cp;
    try {
      cp = make_planner(r.name, r.params);
    } catch (const ParamError& e) {
      throw bad_option(a.compare.empty() ? "--set" : "--compare", e.what());
    }
    if (const std::string why = check_support(cp.planner->capabilities(), grid); !why.empty())
      throw bad_option(planner_option, "planner '" + r.name + "' " + why);
    if (!a.posthoc.empty()) require_traceable(*cp.planner, r.name, planner_option);
    cp.planner->prepare(grid);
    panels.push_back(run_traced(grid, q, *cp.planner, r.label, cp.params.to_string(), budget,
                                !a.posthoc.empty()));
  }

  const std::string caption = fmt::format(
      "{} ({}x{})  start ({},{})  goal ({},{})", std::filesystem::path(a.map).filename().string(),
      grid.width(), grid.height(), q.start.x, q.start.y, q.goal.x, q.goal.y);
  if (a.ascii) std::cout << render_ascii(grid, q, panels, view);
  if (!a.posthoc.empty()) {
    const std::size_t events =
        write_posthoc_trace_file(a.posthoc, "--posthoc", a.overwrite, grid, q, panels[0],
                                 std::filesystem::path(a.map).filename().string());
    (a.ascii ? std::cerr : std::cout)
        << fmt::format("wrote {} (Posthoc trace, {} events)\n", a.posthoc, events);
  }
  if (format == Format::None) return 0;

  std::string bytes;
  std::string size;
  if (format == Format::Png) {
    const RasterImage img = render_image(grid, q, panels, view, caption);
    bytes = encode_png(img);
    size = fmt::format("{}x{} px", img.width(), img.height());
  } else if (format == Format::Svg) {
    bytes = render_svg(grid, q, panels, view, caption);
    const RenderLayout lay = layout_for(view, static_cast<int>(panels.size()));
    size = fmt::format("{} px wide", lay.width);
  } else {
    bytes = render_html(grid, q, panels, view, caption);
    size = fmt::format("{} KiB", bytes.size() / 1024);
  }
  write_file(a.output, bytes);
  std::string summary;
  for (const RenderPanel& p : panels)
    summary += fmt::format("{}{}: {} expansions", summary.empty() ? "" : ", ", p.label,
                           p.result.counters.expansions);
  // With --ascii the drawing owns stdout; the note goes to stderr.
  (a.ascii ? std::cerr : std::cout)
      << fmt::format("wrote {} ({}, {} px per cell; {})\n", a.output, size, view.cell, summary);
  return 0;
}

}  // namespace pathbench::cli
