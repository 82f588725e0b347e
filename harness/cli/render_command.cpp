// `pathbench render`: one query, one or several planners traced, one picture / page / drawing.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "algorithms/core/input_error.h"
#include "datasets/map_io.h"
#include "datasets/query_endpoints.h"
#include "harness/cli/commands.h"
#include "harness/cli_support/cli11_values.h"
#include "harness/cli_support/command_planner.h"
#include "harness/cli_support/planner_requests.h"
#include "harness/render/posthoc_trace.h"
#include "harness/render/trace_renderer.h"

namespace pathbench::cli {
namespace {

struct RenderArgs {
  std::string map;
  Point start, goal;
  std::string planner = "astar";
  std::vector<PlannerSpec> compare;  // side by side; each NAME or NAME:key=value[:key=value...]
  Assignments set;                   // applied to every planner that has the parameter
  std::string output;                // .png, .svg or .html
  std::vector<int> region;           // x0,y0,x1,y1 inclusive; empty = whole map
  int cell = 0;                      // pixels per cell; 0 = fit about 1024 px per panel
  bool html = false;
  bool ascii = false;
  MoveRules rules;
  double time_limit_s = 0.0;
  std::string posthoc;     // also write the search as a Posthoc NAME.trace.yaml (one planner)
  bool overwrite = false;  // replace an existing --posthoc file
};

void render_options(CLI::App& cmd, RenderArgs& a) {
  cmd.description("draw what planners did on one query: PNG/SVG picture, HTML replay or ASCII");
  add_one_query_options(cmd, a.map, a.start, a.goal, a.planner);
  add_planner_list_option(
      cmd, "--compare", a.compare,
      "planners side by side: P1,P2,... each NAME or NAME:key=value[:key=value]");
  add_assignments_option(cmd, "--set", a.set,
                         "planner parameter key=value (repeatable; each planner having it)");
  cmd.add_option("-o,--output", a.output, "out.png | out.svg | out.html");
  add_int_list_option(cmd, "--region", 4, "x0,y0,x1,y1", a.region,
                      "x0,y0,x1,y1: draw only these cells (inclusive)");
  cmd.add_option("--cell", a.cell, "pixels per cell (0 = fit about 1024 px per panel)")
      ->capture_default_str();
  cmd.add_flag("--html", a.html, "write a self-contained HTML replay (play/step/speed)");
  cmd.add_flag("--ascii", a.ascii, "print the drawing as text on stdout");
  add_move_rule_options(cmd, a.rules);
  cmd.add_option("--time-limit", a.time_limit_s, "seconds per planner (0 = none)");
  cmd.add_option("--posthoc", a.posthoc,
                 "also write the search as a Posthoc trace (NAME.trace.yaml; one planner)");
  cmd.add_flag("--overwrite", a.overwrite, "replace an existing --posthoc file");
}

InputError bad_option(const char* option, const std::string& why) {
  return InputError("command line", 0, option, why);
}

std::string lower_extension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext;
}

enum class Format { Png, Svg, Html, None };

// Decided from --output before any work, so a wrong extension fails fast.
Format output_format(const RenderArgs& a) {
  if (a.output.empty()) {
    if (!a.ascii && a.posthoc.empty())
      throw bad_option(
          "--output", "an output file (.png, .svg, .html) is required unless --ascii or --posthoc");
    return Format::None;
  }
  const std::string ext = lower_extension(a.output);
  if (a.html || ext == ".html" || ext == ".htm") return Format::Html;
  if (ext == ".png") return Format::Png;
  if (ext == ".svg") return Format::Svg;
  throw bad_option("--output", "'" + a.output + "': use a .png, .svg or .html name (or --html)");
}

// The cells and pixels to draw, refused before any buffer is made: a large map at --cell 64
// would ask for gigabytes, a large ASCII view would flood the terminal.
RenderView checked_view(const RenderArgs& a, const Grid& grid, std::size_t panels) {
  if (a.cell < 0 || a.cell > 64) throw bad_option("--cell", "expected 1..64 pixels (0 = auto)");
  RenderView view;
  try {
    view = make_view(grid, a.region, a.cell, static_cast<int>(panels));
  } catch (const std::invalid_argument& e) {
    throw bad_option("--region", e.what());
  }
  constexpr double kMaxPixels = 64.0 * 1024 * 1024;
  const double pixels = static_cast<double>(view.width) * view.cell * view.height * view.cell *
                        static_cast<double>(panels);
  if (!a.ascii && !a.html && pixels > kMaxPixels)
    throw bad_option("--cell",
                     fmt::format("{} panel(s) of {}x{} cells at {} px per cell make {:.0f} "
                                 "million pixels (at most 64 million); use a smaller "
                                 "--cell or crop with --region x0,y0,x1,y1",
                                 panels, view.width, view.height, view.cell, pixels / 1e6));
  if (a.ascii && (view.width > 256 || view.height > 256))
    throw bad_option("--ascii", fmt::format("the view is {}x{} cells; crop it to at most 256x256 "
                                            "with --region x0,y0,x1,y1",
                                            view.width, view.height));
  return view;
}

// The encoded picture or page and a few words on its size.
std::pair<std::string, std::string> encode(Format format, const Grid& grid, const Query& q,
                                           const std::vector<RenderPanel>& panels,
                                           const RenderView& view, const std::string& caption) {
  if (format == Format::Png) {
    const RasterImage img = render_image(grid, q, panels, view, caption);
    return {encode_png(img), fmt::format("{}x{} px", img.width(), img.height())};
  }
  if (format == Format::Svg) {
    const RenderLayout lay = layout_for(view, static_cast<int>(panels.size()));
    return {render_svg(grid, q, panels, view, caption), fmt::format("{} px wide", lay.width)};
  }
  std::string html = render_html(grid, q, panels, view, caption);
  const std::string size = fmt::format("{} KiB", html.size() / 1024);
  return {std::move(html), size};
}

int render_command(const RenderArgs& a) {
  const Grid grid = read_map(a.map, MapLoadOptions{a.rules, {}});
  const Query q{a.start, a.goal};
  check_query_endpoint(grid, q.start, "command line", "--start", a.map);
  check_query_endpoint(grid, q.goal, "command line", "--goal", a.map);
  const Format format = output_format(a);
  const std::vector<PlannerRequest> reqs = planner_requests(a.planner, a.compare, a.set);
  const bool posthoc = !a.posthoc.empty();
  if (posthoc) {
    if (reqs.size() != 1)
      throw bad_option("--posthoc", fmt::format("a Posthoc trace holds one search; --compare "
                                                "names {} planners",
                                                reqs.size()));
    check_posthoc_path(a.posthoc, "--posthoc", a.overwrite);
  }
  const RenderView view = checked_view(a, grid, reqs.size());
  const Budget budget = time_limit_budget(a.time_limit_s);
  const PlannerOptions options = a.compare.empty() ? PlannerOptions{"--planner", "--set"}
                                                   : PlannerOptions{"--compare", "--compare"};
  std::vector<RenderPanel> panels;
  for (const PlannerRequest& r : reqs) {
    ConfiguredPlanner cp = command_planner(r.name, r.params, grid, options, posthoc);
    cp.planner->prepare(grid);
    panels.push_back(
        run_traced(grid, q, *cp.planner, r.label, cp.params.to_string(), budget, posthoc));
  }

  const std::string map_name = std::filesystem::path(a.map).filename().string();
  // With --ascii the drawing owns stdout; notes go to stderr.
  std::ostream& notes = a.ascii ? std::cerr : std::cout;
  if (a.ascii) std::cout << render_ascii(grid, q, panels, view);
  if (posthoc) {
    const std::size_t events =
        write_posthoc_trace_file(a.posthoc, "--posthoc", a.overwrite, grid, q, panels[0], map_name);
    notes << fmt::format("wrote {} (Posthoc trace, {} events)\n", a.posthoc, events);
  }
  if (format == Format::None) return 0;
  const std::string caption =
      fmt::format("{} ({}x{})  start ({},{})  goal ({},{})", map_name, grid.width(), grid.height(),
                  q.start.x, q.start.y, q.goal.x, q.goal.y);
  const auto [bytes, size] = encode(format, grid, q, panels, view, caption);
  write_file(a.output, bytes);
  std::string summary;
  for (const RenderPanel& p : panels)
    summary += fmt::format("{}{}: {} expansions", summary.empty() ? "" : ", ", p.label,
                           p.result.counters.expansions);
  notes << fmt::format("wrote {} ({}, {} px per cell; {})\n", a.output, size, view.cell, summary);
  return 0;
}

}  // namespace

Subcommand add_render_command(CLI::App& app) {
  return add_command(app, "render", render_options, render_command);
}

}  // namespace pathbench::cli
