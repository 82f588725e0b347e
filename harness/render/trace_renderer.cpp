#include "harness/render/trace_renderer.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "harness/render/replay_page.h"
#include "harness/text/escape.h"

namespace pathbench {

namespace render_colors {
Rgb expansion(std::size_t i, std::size_t n) {
  // Light yellow (first expansions) through orange and magenta to dark indigo (last): stays
  // clear of the free, frontier, path and marker colours at every point.
  static constexpr std::array<Rgb, 4> kStops = {Rgb{250, 232, 100}, Rgb{244, 150, 44},
                                                Rgb{160, 52, 130}, Rgb{58, 30, 104}};
  const double t = n <= 1 ? 0.0 : static_cast<double>(i) / static_cast<double>(n - 1);
  const double s = t * (kStops.size() - 1);
  const std::size_t k = std::min<std::size_t>(static_cast<std::size_t>(s), kStops.size() - 2);
  const double f = s - static_cast<double>(k);
  auto mix = [&](std::uint8_t a, std::uint8_t b) {
    return static_cast<std::uint8_t>(std::lround(a + (b - a) * f));
  };
  return {mix(kStops[k].r, kStops[k + 1].r), mix(kStops[k].g, kStops[k + 1].g),
          mix(kStops[k].b, kStops[k + 1].b)};
}
}  // namespace render_colors

namespace {

namespace rc = render_colors;

std::string format_time(double us) {
  if (us >= 10000.0) return fmt::format("{:.1f} ms", us / 1000.0);
  return fmt::format("{:.0f} us", us);
}

std::string title_line(const RenderPanel& p) {
  return p.label + (p.traceable ? "" : " (no trace)");
}

std::string stats_line(const RenderPanel& p) {
  const SearchResult& r = p.result;
  const std::string outcome = r.status == Status::Solved ? fmt::format("cost {:.2f}", r.cost)
                                                         : std::string(to_string(r.status));
  // HPA*: counters.expansions = cells expanded + abstract nodes expanded (hpa_planner.h).
  const TraceLayer* abstract = p.trace.find_layer("abstract_expanded");
  const std::string split =
      abstract ? fmt::format(" ({} abstract)", abstract->cells.size()) : std::string();
  return fmt::format("{}  expanded {}{}  generated {}  {}", outcome, r.counters.expansions, split,
                     r.counters.generated, format_time(p.time_us));
}

// What a panel shows at each view cell, before markers.
enum class Mark : std::uint8_t { Free, Wall, Scanned, Expanded, Frontier, Path };

struct PanelCells {
  std::vector<Mark> mark;
  std::vector<std::uint32_t> order;  // expansion index for Expanded cells
  std::size_t expansions = 0;
};

PanelCells classify(const Grid& grid, const RenderView& v, const RenderPanel& p) {
  PanelCells pc;
  const std::size_t n = static_cast<std::size_t>(v.width) * v.height;
  pc.mark.assign(n, Mark::Free);
  pc.order.assign(n, 0);
  pc.expansions = p.trace.expanded.size();
  auto index = [&](CellId c, std::size_t* i) {
    const int x = grid.x_of(c), y = grid.y_of(c);
    if (!v.contains(x, y)) return false;
    *i = static_cast<std::size_t>(y - v.y0) * v.width + (x - v.x0);
    return true;
  };
  for (int y = 0; y < v.height; ++y)
    for (int x = 0; x < v.width; ++x)
      if (!grid.passable(v.x0 + x, v.y0 + y))
        pc.mark[static_cast<std::size_t>(y) * v.width + x] = Mark::Wall;
  std::size_t i = 0;
  if (const TraceLayer* s = p.trace.find_layer("scanned"))
    for (CellId c : s->cells)
      if (index(c, &i) && pc.mark[i] == Mark::Free) pc.mark[i] = Mark::Scanned;
  for (std::size_t k = 0; k < p.trace.expanded.size(); ++k)
    if (index(p.trace.expanded[k], &i)) {
      pc.mark[i] = Mark::Expanded;
      pc.order[i] = static_cast<std::uint32_t>(k);
    }
  for (CellId c : p.trace.frontier)
    if (index(c, &i)) pc.mark[i] = Mark::Frontier;
  for (CellId c : p.result.path)
    if (index(c, &i)) pc.mark[i] = Mark::Path;
  return pc;
}

Rgb color_of(const PanelCells& pc, std::size_t i, int ramp_levels) {
  switch (pc.mark[i]) {
    case Mark::Free:
      return rc::kFree;
    case Mark::Wall:
      return rc::kWall;
    case Mark::Scanned:
      return rc::kScanned;
    case Mark::Frontier:
      return rc::kFrontier;
    case Mark::Path:
      return rc::kPath;
    case Mark::Expanded: {
      if (ramp_levels <= 0) return rc::expansion(pc.order[i], pc.expansions);
      // Quantised (SVG): neighbouring cells share colours, so runs merge into one rectangle.
      const std::size_t level =
          pc.expansions <= 1 ? 0
                             : pc.order[i] * static_cast<std::size_t>(ramp_levels) / pc.expansions;
      return rc::expansion(level, static_cast<std::size_t>(ramp_levels));
    }
  }
  return rc::kFree;
}

// The few primitives the layout needs, drawn into a raster or written as SVG elements.
class Painter {
 public:
  virtual ~Painter() = default;
  virtual void rect(int x, int y, int w, int h, Rgb c) = 0;
  virtual void disc(double cx, double cy, double r, Rgb c) = 0;
  virtual void polyline(const std::vector<std::pair<double, double>>& pts, double width, Rgb c) = 0;
  virtual void text(int x, int y, const std::string& s, int scale, Rgb c) = 0;
};

class RasterPainter final : public Painter {
 public:
  explicit RasterPainter(RasterImage& img) : img_(img) {}
  void rect(int x, int y, int w, int h, Rgb c) override { img_.fill_rect(x, y, w, h, c); }
  void disc(double cx, double cy, double r, Rgb c) override { img_.fill_disc(cx, cy, r, c); }
  void polyline(const std::vector<std::pair<double, double>>& pts, double width, Rgb c) override {
    for (std::size_t i = 1; i < pts.size(); ++i)
      img_.draw_line(pts[i - 1].first, pts[i - 1].second, pts[i].first, pts[i].second, width, c);
  }
  void text(int x, int y, const std::string& s, int scale, Rgb c) override {
    img_.draw_text(x, y, s, scale, c);
  }

 private:
  RasterImage& img_;
};

std::string hex(Rgb c) { return fmt::format("#{:02x}{:02x}{:02x}", c.r, c.g, c.b); }

class SvgPainter final : public Painter {
 public:
  explicit SvgPainter(std::string& out) : out_(out) {}
  void rect(int x, int y, int w, int h, Rgb c) override {
    out_ += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n", x, y,
                        w, h, hex(c));
  }
  void disc(double cx, double cy, double r, Rgb c) override {
    out_ += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\"/>\n", cx, cy, r, hex(c));
  }
  void polyline(const std::vector<std::pair<double, double>>& pts, double width, Rgb c) override {
    out_ += "<polyline fill=\"none\" stroke-linejoin=\"round\" stroke-linecap=\"round\" points=\"";
    for (const auto& [x, y] : pts) out_ += fmt::format("{},{} ", x, y);
    out_ += fmt::format("\" stroke=\"{}\" stroke-width=\"{}\"/>\n", hex(c), width);
  }
  void text(int x, int y, const std::string& s, int scale, Rgb c) override {
    // The raster font's metrics: 8*scale high, 6*scale per character.
    out_ += fmt::format(
        "<text x=\"{}\" y=\"{}\" font-family=\"monospace\" font-size=\"{}\" textLength=\"{}\" "
        "fill=\"{}\">{}</text>\n",
        x, y + 7 * scale, 10 * scale, RasterImage::text_width(s, scale) - scale, hex(c),
        html_escape(s));
  }

 private:
  std::string& out_;
};

constexpr int kTitleScale = 2;
constexpr int kLegendScale = 2;
constexpr int kSwatch = 14;

// Legend entries: a swatch colour (or the ramp) and a label.
struct LegendItem {
  std::string label;
  Rgb color;
  bool ramp = false;
};

std::vector<LegendItem> legend_items(const std::vector<RenderPanel>& panels) {
  std::vector<LegendItem> items = {{"wall", rc::kWall},
                                   {"free", rc::kFree},
                                   {"expanded (early..late)", {}, true},
                                   {"open at end", rc::kFrontier}};
  const bool scanned = std::any_of(panels.begin(), panels.end(), [](const RenderPanel& p) {
    const TraceLayer* l = p.trace.find_layer("scanned");
    return l && !l->cells.empty();
  });
  if (scanned) items.push_back({"scanned by a jump", rc::kScanned});
  auto any_layer = [&](const char* name) {
    return std::any_of(panels.begin(), panels.end(), [&](const RenderPanel& p) {
      const TraceLayer* l = p.trace.find_layer(name);
      return l && !l->cells.empty();
    });
  };
  if (any_layer("transitions")) items.push_back({"transition", rc::kTransition});
  if (any_layer("abstract_expanded"))
    items.push_back({"abstract node expanded", rc::kAbstractExpanded});
  if (any_layer("abstract_path")) items.push_back({"abstract path", rc::kAbstractPath});
  items.push_back({"path", rc::kPath});
  items.push_back({"start", rc::kStart});
  items.push_back({"goal", rc::kGoal});
  return items;
}

int item_width(const LegendItem& it) {
  const int swatch = it.ramp ? 5 * kSwatch : kSwatch;
  return swatch + 6 + RasterImage::text_width(it.label, kLegendScale) + 18;
}

// Rows of legend items that fit `width`.
std::vector<std::vector<LegendItem>> legend_rows(const std::vector<LegendItem>& items, int width) {
  std::vector<std::vector<LegendItem>> rows(1);
  int used = 0;
  for (const LegendItem& it : items) {
    const int w = item_width(it);
    if (used > 0 && used + w > width) {
      rows.emplace_back();
      used = 0;
    }
    rows.back().push_back(it);
    used += w;
  }
  return rows;
}

constexpr int kLegendRow = 24;
// Up to this many expansions get a dot each when cells are tiny.
constexpr std::size_t kDotLimit = 4096;

int legend_height(const std::vector<RenderPanel>& panels, int width) {
  return static_cast<int>(legend_rows(legend_items(panels), width).size()) * kLegendRow +
         RasterImage::text_height(kLegendScale) + 8;
}

// Text clipped to `width` pixels at the largest scale <= `scale` that fits, else truncated.
void fitted_text(Painter& pt, int x, int y, std::string s, int scale, int width, Rgb c) {
  while (scale > 1 && RasterImage::text_width(s, scale) > width) --scale;
  const std::size_t fit = static_cast<std::size_t>(std::max(0, width / (6 * scale)));
  if (s.size() > fit) s = s.substr(0, fit > 2 ? fit - 2 : fit) + (fit > 2 ? ".." : "");
  pt.text(x, y, s, scale, c);
}

// A side x side square covering the pixel (cx, cy); cell centres sit right of/below the middle
// for even cell sizes, hence side / 2 before them.
void draw_square(Painter& pt, int cx, int cy, int side, Rgb c) {
  pt.rect(cx - side / 2, cy - side / 2, side, side, c);
}

// HPA*'s abstract layers (hpa_planner.h): every transition, the expanded abstract nodes, and the
// abstract path's nodes joined by a thin line (the line is schematic: an intra edge's real cells
// are the path's).
void draw_abstract_layers(Painter& pt, const Grid& grid, const RenderPanel& panel,
                          const RenderView& v, const RenderLayout& lay, int p) {
  auto each = [&](const char* name, auto&& f) {
    if (const TraceLayer* l = panel.trace.find_layer(name))
      for (CellId c : l->cells) {
        const int x = grid.x_of(c), y = grid.y_of(c);
        if (v.contains(x, y)) f(lay.cell_center_x(v, p, x), lay.cell_center_y(v, y));
      }
  };
  const int small = RenderLayout::transition_side(v.cell);
  const int large = RenderLayout::abstract_side(v.cell);
  each("transitions", [&](int cx, int cy) { draw_square(pt, cx, cy, small, rc::kTransition); });
  each("abstract_expanded",
       [&](int cx, int cy) { draw_square(pt, cx, cy, large, rc::kAbstractExpanded); });
  std::vector<std::pair<double, double>> pts;
  each("abstract_path", [&](int cx, int cy) { pts.emplace_back(cx, cy); });
  if (pts.size() > 1) pt.polyline(pts, std::max(1.0, v.cell / 5.0), rc::kAbstractPath);
  for (const auto& [cx, cy] : pts)
    draw_square(pt, static_cast<int>(cx), static_cast<int>(cy), small, rc::kAbstractPath);
}

void draw_marker(Painter& pt, double cx, double cy, int cell, Rgb c) {
  // Visible at one pixel per cell, yet never hiding much at large cell sizes.
  const double r = std::max(5.0, cell * 0.8);
  pt.disc(cx, cy, r + 1.5, rc::kText);
  pt.disc(cx, cy, r, c);
}

void draw_all(Painter& pt, const Grid& grid, const Query& q, const std::vector<RenderPanel>& panels,
              const RenderView& v, const RenderLayout& lay, const std::string& caption,
              int ramp_levels) {
  pt.rect(0, 0, lay.width, lay.height, rc::kBackground);
  const int cell = v.cell;
  for (std::size_t p = 0; p < panels.size(); ++p) {
    const RenderPanel& panel = panels[p];
    const int left = lay.map_left(static_cast<int>(p)), top = lay.map_top();
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
        const double cx = lay.cell_center_x(v, static_cast<int>(p), x);
        const double cy = lay.cell_center_y(v, y);
        pt.disc(cx, cy, 4.0, rc::kText);
        pt.disc(cx, cy, 3.0, rc::expansion(k, n));
      }
    }
    // Small cells: also draw the path as a thick line so it stays visible.
    if (cell <= 3 && panel.result.path.size() > 1) {
      std::vector<std::pair<double, double>> pts;
      for (CellId c : panel.result.path) {
        const int x = grid.x_of(c), y = grid.y_of(c);
        if (!v.contains(x, y)) {
          if (pts.size() > 1) pt.polyline(pts, 3.0, rc::kPath);
          pts.clear();
          continue;
        }
        pts.emplace_back(lay.cell_center_x(v, static_cast<int>(p), x) + (cell % 2 ? 0.0 : -0.5),
                         lay.cell_center_y(v, y) + (cell % 2 ? 0.0 : -0.5));
      }
      if (pts.size() > 1) pt.polyline(pts, 3.0, rc::kPath);
    }
    // Over the path: abstract path nodes are where it crosses cluster borders.
    draw_abstract_layers(pt, grid, panel, v, lay, static_cast<int>(p));
    for (const auto& [pnt, color] :
         {std::pair{q.start, rc::kStart}, std::pair{q.goal, rc::kGoal}}) {
      if (!v.contains(pnt.x, pnt.y)) continue;
      const double cx = lay.cell_center_x(v, static_cast<int>(p), pnt.x);
      const double cy = lay.cell_center_y(v, pnt.y);
      draw_marker(pt, cx, cy, cell, color);  // covers the cell's centre pixel
    }
  }
  // Legend strip.
  const std::vector<LegendItem> items = legend_items(panels);
  int y = lay.legend_y;
  for (const std::vector<LegendItem>& row : legend_rows(items, lay.width - 2 * lay.margin)) {
    int x = lay.margin;
    for (const LegendItem& it : row) {
      const int sw = it.ramp ? 5 * kSwatch : kSwatch;
      if (it.ramp) {
        for (int k = 0; k < sw; ++k)
          pt.rect(x + k, y + 1, 1, kSwatch, rc::expansion(static_cast<std::size_t>(k), sw));
      } else {
        pt.rect(x, y + 1, kSwatch, kSwatch, rc::kText);
        pt.rect(x + 1, y + 2, kSwatch - 2, kSwatch - 2, it.color);
      }
      pt.text(x + sw + 6, y, it.label, kLegendScale, rc::kText);
      x += item_width(it);
    }
    y += kLegendRow;
  }
  fitted_text(pt, lay.margin, y, caption, kLegendScale, lay.width - 2 * lay.margin, rc::kText);
}

}  // namespace

RenderPanel run_traced(const Grid& grid, const Query& query, Planner& planner, std::string label,
                       std::string params, const Budget& budget, bool log_events) {
  RenderPanel p;
  p.label = std::move(label);
  p.params = std::move(params);
  p.traceable = planner.capabilities().traceable;
  (void)grid;
  planner.set_trace(nullptr);
  SearchResult untraced;
  const auto t0 = std::chrono::steady_clock::now();
  planner.solve(query, budget, untraced);
  p.time_us =
      std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
  p.trace.log_events = log_events;
  planner.set_trace(&p.trace);
  planner.solve(query, budget, p.result);
  planner.set_trace(nullptr);
  // A time limit can legitimately cut the two runs at different points.
  const bool comparable = budget.time_limit_s == 0.0;
  if (comparable && (untraced.status != p.result.status ||
                     untraced.counters.expansions != p.result.counters.expansions ||
                     untraced.path != p.result.path))
    throw std::logic_error("planner '" + p.label + "' behaves differently with tracing on");
  return p;
}

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

namespace {
RenderLayout full_layout(const RenderView& view, const std::vector<RenderPanel>& panels) {
  RenderLayout lay = layout_for(view, static_cast<int>(panels.size()));
  lay.height = lay.legend_y + legend_height(panels, lay.width - 2 * lay.margin) + lay.margin;
  return lay;
}
}  // namespace

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

std::string render_ascii(const Grid& grid, const Query& query,
                         const std::vector<RenderPanel>& panels, const RenderView& view) {
  std::string out;
  for (const RenderPanel& p : panels) {
    out += title_line(p) + ": " + stats_line(p) + '\n';
    const PanelCells pc = classify(grid, view, p);
    for (int y = 0; y < view.height; ++y) {
      for (int x = 0; x < view.width; ++x) {
        const int mx = view.x0 + x, my = view.y0 + y;
        char ch = '.';
        switch (pc.mark[static_cast<std::size_t>(y) * view.width + x]) {
          case Mark::Free:
            ch = '.';
            break;
          case Mark::Wall:
            ch = '#';
            break;
          case Mark::Scanned:
            ch = ':';
            break;
          case Mark::Expanded:
            ch = 'o';
            break;
          case Mark::Frontier:
            ch = '+';
            break;
          case Mark::Path:
            ch = '*';
            break;
        }
        if (Point{mx, my} == query.start)
          ch = 'S';
        else if (Point{mx, my} == query.goal)
          ch = 'G';
        out += ch;
      }
      out += '\n';
    }
  }
  out += "legend: # wall  . free  : scanned  o expanded  + open at end  * path  S start  G goal\n";
  return out;
}

std::string render_html(const Grid& grid, const Query& query,
                        const std::vector<RenderPanel>& panels, const RenderView& view,
                        const std::string& caption) {
  using Json = nlohmann::json;
  // Cells as view-local indices; -1 outside the view (kept, so step numbers stay those of the
  // planner's own counters).
  auto local = [&](CellId c) -> int {
    const int x = grid.x_of(c), y = grid.y_of(c);
    return view.contains(x, y) ? (y - view.y0) * view.width + (x - view.x0) : -1;
  };
  auto cells = [&](const std::vector<CellId>& v) {
    Json a = Json::array();
    for (CellId c : v) a.push_back(local(c));
    return a;
  };
  Json rows = Json::array();
  for (int y = 0; y < view.height; ++y) {
    std::string row;
    for (int x = 0; x < view.width; ++x) row += grid.passable(view.x0 + x, view.y0 + y) ? '.' : '@';
    rows.push_back(row);
  }
  Json jp = Json::array();
  for (const RenderPanel& p : panels) {
    Json o;
    o["label"] = title_line(p);
    o["params"] = p.params;
    o["stats"] = stats_line(p);
    o["status"] = std::string(to_string(p.result.status));
    o["cost"] = p.result.status == Status::Solved ? Json(p.result.cost) : Json();
    o["expansions"] = p.result.counters.expansions;
    o["generated_count"] = p.result.counters.generated;
    o["time_us"] = p.time_us;
    o["expanded"] = cells(p.trace.expanded);
    o["generated"] = cells(p.trace.generated);
    o["generated_at"] = p.trace.generated_at;
    o["frontier"] = cells(p.trace.frontier);
    o["path"] = cells(p.result.path);
    // Scanned cells: first visit only (JPS rescans cells; the replay only needs when each first
    // turned up), which keeps the page small.
    Json sc = Json::array(), sat = Json::array();
    if (const TraceLayer* s = p.trace.find_layer("scanned")) {
      std::vector<std::uint8_t> seen(static_cast<std::size_t>(view.width) * view.height, 0);
      for (std::size_t k = 0; k < s->cells.size(); ++k) {
        const int i = local(s->cells[k]);
        if (i < 0 || seen[static_cast<std::size_t>(i)]) continue;
        seen[static_cast<std::size_t>(i)] = 1;
        sc.push_back(i);
        sat.push_back(s->at[k]);
      }
    }
    o["scanned"] = sc;
    o["scanned_at"] = sat;
    // HPA*'s layers (drawn as squares over the cells): transitions from the start, abstract
    // expansions once the replay reaches their step, the abstract path at the end.
    Json tr = Json::array(), ab = Json::array(), abat = Json::array(), ap = Json::array();
    if (const TraceLayer* l = p.trace.find_layer("transitions"))
      for (CellId c : l->cells)
        if (const int i = local(c); i >= 0) tr.push_back(i);
    if (const TraceLayer* l = p.trace.find_layer("abstract_expanded"))
      for (std::size_t k = 0; k < l->cells.size(); ++k) {
        ab.push_back(local(l->cells[k]));
        abat.push_back(l->at[k]);
      }
    if (const TraceLayer* l = p.trace.find_layer("abstract_path")) ap = cells(l->cells);
    o["transitions"] = tr;
    o["abstract"] = ab;
    o["abstract_at"] = abat;
    o["abstract_path"] = ap;
    jp.push_back(std::move(o));
  }
  auto color = [](Rgb c) { return Json::array({c.r, c.g, c.b}); };
  Json ramp = Json::array();
  for (int k = 0; k < 64; ++k)
    ramp.push_back(color(rc::expansion(static_cast<std::size_t>(k), 64)));
  const Json data = {
      {"caption", caption},
      {"view",
       {{"x0", view.x0},
        {"y0", view.y0},
        {"width", view.width},
        {"height", view.height},
        {"cell", view.cell}}},
      {"rows", rows},
      {"start",
       view.contains(query.start.x, query.start.y) ? Json(local(grid.id(query.start))) : Json(-1)},
      {"goal",
       view.contains(query.goal.x, query.goal.y) ? Json(local(grid.id(query.goal))) : Json(-1)},
      {"colors",
       {{"wall", color(rc::kWall)},
        {"free", color(rc::kFree)},
        {"scanned", color(rc::kScanned)},
        {"frontier", color(rc::kFrontier)},
        {"path", color(rc::kPath)},
        {"start", color(rc::kStart)},
        {"goal", color(rc::kGoal)},
        {"transition", color(rc::kTransition)},
        {"abstract", color(rc::kAbstractExpanded)},
        {"abstract_path", color(rc::kAbstractPath)},
        {"ramp", ramp}}},
      {"panels", jp}};
  // '<' only occurs inside JSON strings, where \u003c means the same: no "</script>" can end
  // the data block early.
  std::string json = data.dump();
  std::string safe;
  safe.reserve(json.size());
  for (char ch : json) {
    if (ch == '<')
      safe += "\\u003c";
    else
      safe += ch;
  }
  return replay_page(html_escape(caption), safe);
}

}  // namespace pathbench
