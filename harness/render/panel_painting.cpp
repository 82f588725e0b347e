// render_image and render_svg (trace_renderer.h): the view, the layout, and the panels drawn
// through one Painter so PNG and SVG show the same picture.
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <vector>

#include "harness/render/legend.h"
#include "harness/render/painter.h"
#include "harness/render/panel_cells.h"
#include "harness/render/trace_renderer.h"
#include "harness/text/escape.h"

namespace pathbench {
namespace {

using namespace render_detail;
namespace rc = render_colors;

constexpr int kTitleScale = 2;
// Up to this many expansions get a dot each when cells are tiny.
constexpr std::size_t kDotLimit = 4096;

// A side x side square covering the pixel (cx, cy); cell centres sit right of/below the middle
// for even cell sizes, hence side / 2 before them.
void draw_square(Painter& pt, int cx, int cy, int side, Rgb c) {
  pt.rect(cx - side / 2, cy - side / 2, side, side, c);
}

// The square-marker layers (TraceStyle), over the path, in z order.
void draw_layer_markers(Painter& pt, const Grid& grid, const RenderPanel& panel,
                        const RenderView& v, const RenderLayout& lay, int p) {
  const int small = RenderLayout::transition_side(v.cell);
  const int large = RenderLayout::abstract_side(v.cell);
  for (const TraceLayer* l : drawn_layers(panel)) {
    if (l->style.marker == TraceMarker::CellShade) continue;  // under the expansions (classify)
    const Rgb color = to_rgb(l->style.color);
    std::vector<std::pair<double, double>> pts;
    for (CellId c : l->cells) {
      const int x = grid.x_of(c), y = grid.y_of(c);
      if (v.contains(x, y)) pts.emplace_back(lay.cell_center_x(v, p, x), lay.cell_center_y(v, y));
    }
    if (l->style.marker == TraceMarker::SquareChain && pts.size() > 1)
      pt.polyline(pts, std::max(1.0, v.cell / 5.0), color);
    const int side = l->style.marker == TraceMarker::LargeSquare ? large : small;
    for (const auto& [cx, cy] : pts)
      draw_square(pt, static_cast<int>(cx), static_cast<int>(cy), side, color);
  }
}

void draw_marker(Painter& pt, double cx, double cy, int cell, Rgb c) {
  // Visible at one pixel per cell, yet never hiding much at large cell sizes.
  const double r = std::max(5.0, cell * 0.8);
  pt.disc(cx, cy, r + 1.5, rc::kText);
  pt.disc(cx, cy, r, c);
}

// Small cells: the path also as a thick line (split where it leaves the view) so it stays visible.
void draw_path_line(Painter& pt, const Grid& grid, const RenderPanel& panel, const RenderView& v,
                    const RenderLayout& lay, int p) {
  std::vector<std::pair<double, double>> pts;
  const double shift = v.cell % 2 ? 0.0 : -0.5;
  for (CellId c : panel.result.path) {
    const int x = grid.x_of(c), y = grid.y_of(c);
    if (!v.contains(x, y)) {
      if (pts.size() > 1) pt.polyline(pts, 3.0, rc::kPath);
      pts.clear();
      continue;
    }
    pts.emplace_back(lay.cell_center_x(v, p, x) + shift, lay.cell_center_y(v, y) + shift);
  }
  if (pts.size() > 1) pt.polyline(pts, 3.0, rc::kPath);
}

// Two consecutive path cells that are not neighbours: a polyline, not a chain of moves.
bool has_long_step(const Grid& grid, const std::vector<CellId>& path) {
  for (std::size_t i = 1; i < path.size(); ++i)
    if (std::abs(grid.x_of(path[i]) - grid.x_of(path[i - 1])) > 1 ||
        std::abs(grid.y_of(path[i]) - grid.y_of(path[i - 1])) > 1)
      return true;
  return false;
}

void draw_panel(Painter& pt, const Grid& grid, const Query& q, const RenderPanel& panel,
                const RenderView& v, const RenderLayout& lay, int p, int ramp_levels) {
  const int cell = v.cell;
  const int left = lay.map_left(p), top = lay.map_top();
  fitted_text(pt, left, lay.margin, title_line(panel), kTitleScale, lay.panel_width, rc::kText);
  fitted_text(pt, left, lay.margin + RasterImage::text_height(kTitleScale) + 4, stats_line(panel),
              kTitleScale, lay.panel_width, rc::kText);
  // Cells as horizontal runs of one colour: one primitive per run keeps SVGs small.
  const PanelCells pc = classify(grid, v, panel);
  for (int y = 0; y < v.height; ++y) {
    int x = 0;
    while (x < v.width) {
      const std::size_t i = static_cast<std::size_t>(y) * v.width + x;
      const Rgb c = color_of(pc, i, ramp_levels);
      int run = 1;
      while (x + run < v.width && color_of(pc, i + run, ramp_levels) == c) ++run;
      pt.rect(left + x * cell, top + y * cell, run * cell, cell, c);
      x += run;
    }
  }
  // Small cells and few expansions (JPS): a dot per expanded cell, or they vanish at 1-2 px.
  if (cell <= 4 && !panel.trace.expanded.empty() && panel.trace.expanded.size() <= kDotLimit) {
    const std::size_t n = panel.trace.expanded.size();
    for (std::size_t k = 0; k < n; ++k) {
      const CellId c = panel.trace.expanded[k];
      const int x = grid.x_of(c), y = grid.y_of(c);
      if (!v.contains(x, y)) continue;
      const double cx = lay.cell_center_x(v, p, x);
      const double cy = lay.cell_center_y(v, y);
      pt.disc(cx, cy, 4.0, rc::kText);
      pt.disc(cx, cy, 3.0, rc::expansion(k, n));
    }
  }
  // Any-angle paths (theta_star, docs/any-angle.md) list only the polyline's vertices: their
  // segments are drawn at every cell size.
  if ((cell <= 3 || has_long_step(grid, panel.result.path)) && panel.result.path.size() > 1)
    draw_path_line(pt, grid, panel, v, lay, p);
  // Over the path: e.g. HPA*'s abstract path nodes are where it crosses cluster borders.
  draw_layer_markers(pt, grid, panel, v, lay, p);
  for (const auto& [pnt, color] : {std::pair{q.start, rc::kStart}, std::pair{q.goal, rc::kGoal}}) {
    if (!v.contains(pnt.x, pnt.y)) continue;
    const double cx = lay.cell_center_x(v, p, pnt.x);
    const double cy = lay.cell_center_y(v, pnt.y);
    draw_marker(pt, cx, cy, cell, color);  // covers the cell's centre pixel
  }
}

void draw_all(Painter& pt, const Grid& grid, const Query& q, const std::vector<RenderPanel>& panels,
              const RenderView& v, const RenderLayout& lay, const std::string& caption,
              int ramp_levels) {
  pt.rect(0, 0, lay.width, lay.height, rc::kBackground);
  for (std::size_t p = 0; p < panels.size(); ++p)
    draw_panel(pt, grid, q, panels[p], v, lay, static_cast<int>(p), ramp_levels);
  draw_legend(pt, panels, lay.margin, lay.legend_y, lay.width - 2 * lay.margin, caption);
}

RenderLayout full_layout(const RenderView& view, const std::vector<RenderPanel>& panels) {
  RenderLayout lay = layout_for(view, static_cast<int>(panels.size()));
  lay.height = lay.legend_y + legend_height(panels, lay.width - 2 * lay.margin) + lay.margin;
  return lay;
}

}  // namespace

RenderView make_view(const Grid& grid, const std::vector<int>& region, int cell, int panels) {
  RenderView v;
  if (region.empty()) {
    v.width = grid.width();
    v.height = grid.height();
  } else {
    if (region.size() != 4) throw std::invalid_argument("region needs x0,y0,x1,y1");
    const int x0 = std::max(0, std::min(region[0], region[2]));
    const int y0 = std::max(0, std::min(region[1], region[3]));
    const int x1 = std::min(grid.width() - 1, std::max(region[0], region[2]));
    const int y1 = std::min(grid.height() - 1, std::max(region[1], region[3]));
    if (x0 > x1 || y0 > y1)
      throw std::invalid_argument(fmt::format("region {},{},{},{} is outside the {}x{} map",
                                              region[0], region[1], region[2], region[3],
                                              grid.width(), grid.height()));
    v.x0 = x0;
    v.y0 = y0;
    v.width = x1 - x0 + 1;
    v.height = y1 - y0 + 1;
  }
  if (cell > 0) {
    v.cell = cell;
  } else {
    const int target = panels <= 1 ? 1024 : std::max(512, 2048 / panels);
    v.cell = std::clamp(target / std::max(v.width, v.height), 1, 48);
  }
  return v;
}

RenderLayout layout_for(const RenderView& view, int panels) {
  RenderLayout lay;
  lay.panel_width = std::max(view.width * view.cell, 360);
  lay.title_height = 2 * RasterImage::text_height(kTitleScale) + 4 + 8;
  lay.width = lay.margin + panels * (lay.panel_width + lay.margin);
  lay.legend_y = lay.map_top() + view.height * view.cell + lay.margin;
  return lay;
}

RasterImage render_image(const Grid& grid, const Query& query,
                         const std::vector<RenderPanel>& panels, const RenderView& view,
                         const std::string& caption) {
  const RenderLayout lay = full_layout(view, panels);
  RasterImage img(lay.width, lay.height, rc::kBackground);
  RasterPainter pt(img);
  draw_all(pt, grid, query, panels, view, lay, caption, 0);
  return img;
}

std::string render_svg(const Grid& grid, const Query& query, const std::vector<RenderPanel>& panels,
                       const RenderView& view, const std::string& caption) {
  const RenderLayout lay = full_layout(view, panels);
  std::string out = fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\" shape-rendering=\"crispEdges\">\n"
      "<title>{2}</title>\n",
      lay.width, lay.height, html_escape(caption));
  SvgPainter pt(out);
  draw_all(pt, grid, query, panels, view, lay, caption, 32);
  out += "</svg>\n";
  return out;
}

}  // namespace pathbench
