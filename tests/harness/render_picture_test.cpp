// Pictures: the promised size and exact colours at known cells (read back through decode_png),
// and SVG/ASCII contain what they should.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/render/raster_image.h"
#include "harness/render/trace_renderer.h"
#include "tests/harness/render_test_support.h"

namespace pathbench {
namespace {

namespace rc = render_colors;
using render_testing::bar_map;
using render_testing::traced_panel;

TEST(Render, PngSizeAndColoursAtKnownCells) {
  const Grid g = bar_map();
  const Query q{{12, 2}, {12, 12}};
  std::vector<RenderPanel> panels = {traced_panel(g, q, "astar")};
  const RenderPanel& p = panels[0];
  ASSERT_EQ(p.result.status, Status::Solved);
  const RenderView view = make_view(g, {}, 10, 1);
  const RenderLayout lay = layout_for(view, 1);
  const RasterImage img = render_image(g, q, panels, view, "bar");
  EXPECT_EQ(img.width(), lay.width);
  EXPECT_EQ(img.width(), 8 + std::max(24 * 10, 360) + 8);
  EXPECT_GT(img.height(), lay.map_top() + 14 * 10);

  auto at_cell = [&](int x, int y) {
    return img.at(lay.cell_center_x(view, 0, x), lay.cell_center_y(view, y));
  };
  EXPECT_EQ(at_cell(12, 2), rc::kStart);
  EXPECT_EQ(at_cell(12, 12), rc::kGoal);
  EXPECT_EQ(at_cell(10, 7), rc::kWall);
  EXPECT_EQ(at_cell(0, 13), rc::kWall);
  // Markers (discs) may cover neighbouring cells.
  auto near_marker = [&](int x, int y) {
    return std::max(std::abs(x - q.start.x), std::abs(y - q.start.y)) < 2 ||
           std::max(std::abs(x - q.goal.x), std::abs(y - q.goal.y)) < 2;
  };
  // A path cell two or more cells from both markers.
  const CellId mid = p.result.path[p.result.path.size() / 2];
  EXPECT_EQ(at_cell(g.x_of(mid), g.y_of(mid)), rc::kPath);
  // An expanded cell off the path: its exact ramp colour.
  const std::set<CellId> on_path(p.result.path.begin(), p.result.path.end());
  bool checked = false;
  for (std::size_t k = 0; k < p.trace.expanded.size() && !checked; ++k) {
    const CellId c = p.trace.expanded[k];
    const int x = g.x_of(c), y = g.y_of(c);
    if (on_path.count(c) || near_marker(x, y)) continue;
    EXPECT_EQ(at_cell(x, y), rc::expansion(k, p.trace.expanded.size()));
    checked = true;
  }
  EXPECT_TRUE(checked);
  for (CellId c : p.trace.frontier)
    if (!on_path.count(c) && !near_marker(g.x_of(c), g.y_of(c))) {
      EXPECT_EQ(at_cell(g.x_of(c), g.y_of(c)), rc::kFrontier);
    }

  // Round trip through the encoder and our decoder: identical pixels.
  const std::string png = encode_png(img);
  ASSERT_EQ(png.substr(1, 3), "PNG");
  const RasterImage back = decode_png(png);
  EXPECT_EQ(back.width(), img.width());
  EXPECT_EQ(back.height(), img.height());
  EXPECT_EQ(back.pixels(), img.pixels());
}

// Two 10x10 clusters joined by two one-cell entrances, at y = 1 and y = 8: transitions
// (9,1)-(10,1) and (9,8)-(10,8). The query runs along y = 1, so the abstract path is the first
// pair and the second is never expanded.
TEST(Render, HpaLayersAtKnownCells) {
  Grid g(20, 10);
  for (int y = 0; y < 10; ++y)
    if (y != 1 && y != 8) {
      g.set_passable(9, y, false);
      g.set_passable(10, y, false);
    }
  const Query q{{2, 1}, {17, 1}};
  const std::vector<RenderPanel> panels = {traced_panel(g, q, "hpa")};  // cluster_size 10
  const RenderPanel& p = panels[0];
  ASSERT_TRUE(p.traceable);
  ASSERT_EQ(p.result.status, Status::Solved);
  const TraceLayer* tr = p.trace.find_layer("transitions");
  const TraceLayer* ab = p.trace.find_layer("abstract_expanded");
  const TraceLayer* ap = p.trace.find_layer("abstract_path");
  ASSERT_TRUE(tr && ab && ap);
  // The colours HPA* gave its layers (TraceStyle).
  auto rgb = [](const TraceLayer* l) {
    return Rgb{l->style.color.r, l->style.color.g, l->style.color.b};
  };
  const Rgb transition = rgb(tr), abstract_expanded = rgb(ab), abstract_path = rgb(ap);
  EXPECT_EQ(ab->style.counted_as, "abstract");
  const std::set<CellId> transitions(tr->cells.begin(), tr->cells.end());
  EXPECT_EQ(transitions, (std::set<CellId>{g.id(9, 1), g.id(10, 1), g.id(9, 8), g.id(10, 8)}));
  EXPECT_EQ(ap->cells, (std::vector<CellId>{g.id(9, 1), g.id(10, 1)}));
  for (CellId c : ab->cells) EXPECT_EQ(g.y_of(c), 1);
  EXPECT_EQ(p.trace.expanded.size() + ab->cells.size(), p.result.counters.expansions);

  const RenderView view = make_view(g, {}, 10, 1);
  const RenderLayout lay = layout_for(view, 1);
  const RasterImage img = render_image(g, q, panels, view, "two clusters");
  auto at_cell = [&](int x, int y) {
    return img.at(lay.cell_center_x(view, 0, x), lay.cell_center_y(view, y));
  };
  EXPECT_EQ(at_cell(9, 8), transition);
  EXPECT_EQ(at_cell(10, 8), transition);
  EXPECT_EQ(at_cell(9, 1), abstract_path);
  EXPECT_EQ(at_cell(10, 1), abstract_path);
  EXPECT_EQ(at_cell(9, 5), rc::kWall);
  // An expanded abstract node shows its colour around its smaller path square.
  const int side = RenderLayout::abstract_side(view.cell);
  EXPECT_EQ(img.at(lay.cell_center_x(view, 0, 9) - side / 2, lay.cell_center_y(view, 1)),
            abstract_expanded);
  // A cell square of the path away from the markers and transitions.
  EXPECT_EQ(at_cell(6, 1), rc::kPath);

  const std::string svg = render_svg(g, q, panels, view, "two clusters");
  for (Rgb c : {transition, abstract_expanded, abstract_path}) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "#%02x%02x%02x", c.r, c.g, c.b);
    EXPECT_NE(svg.find(std::string("fill=\"") + hex + "\""), std::string::npos) << hex;
  }
  EXPECT_NE(svg.find(">transition</text>"), std::string::npos);
  EXPECT_NE(svg.find(">abstract path</text>"), std::string::npos);
  const std::string html = render_html(g, q, panels, view, "two clusters");
  EXPECT_NE(html.find("\"transitions\":["), std::string::npos);
  EXPECT_NE(html.find("\"abstract_path\":["), std::string::npos);
}

// The renderer draws any planner's layers by their style alone: a layer it has never heard of,
// styled as squares, shows in the picture and the legend; an unstyled one does not.
TEST(Render, LayersAreDrawnByTheirStyle) {
  const Grid g = bar_map();
  const Query q{{12, 2}, {12, 12}};
  std::vector<RenderPanel> panels = {traced_panel(g, q, "astar")};
  const TraceColor gold{200, 170, 0};
  const TraceStyle marked{TraceMarker::LargeSquare, gold, 5, "made-up layer", {}};
  panels[0].trace.record(panels[0].trace.layer("made_up", marked), g.id(2, 12));
  panels[0].trace.record(panels[0].trace.layer("unstyled"), g.id(22, 12));
  const RenderView view = make_view(g, {}, 10, 1);
  const RenderLayout lay = layout_for(view, 1);
  const RasterImage img = render_image(g, q, panels, view, "bar");
  auto at_cell = [&](int x, int y) {
    return img.at(lay.cell_center_x(view, 0, x), lay.cell_center_y(view, y));
  };
  EXPECT_EQ(at_cell(2, 12), (Rgb{gold.r, gold.g, gold.b}));
  EXPECT_EQ(at_cell(22, 12), rc::kFree);
  const std::string svg = render_svg(g, q, panels, view, "bar");
  EXPECT_NE(svg.find(">made-up layer</text>"), std::string::npos);
  EXPECT_NE(svg.find("fill=\"#c8aa00\""), std::string::npos);
}

TEST(Render, PngDecodeRejectsCorruptBytes) {
  RasterImage img(5, 3, {1, 2, 3});
  img.set(4, 2, {250, 0, 7});
  std::string png = encode_png(img);
  const RasterImage back = decode_png(png);
  EXPECT_EQ(back.pixels(), img.pixels());
  EXPECT_THROW(decode_png(png.substr(0, png.size() / 2)), std::runtime_error);
  png[1] = 'Q';  // signature
  EXPECT_THROW(decode_png(png), std::runtime_error);
}

TEST(Render, AutoCellSizeAndRegion) {
  const Grid big(512, 512);
  EXPECT_EQ(make_view(big, {}, 0, 1).cell, 2);  // 1024 / 512
  EXPECT_EQ(make_view(big, {}, 0, 2).cell, 2);
  EXPECT_EQ(make_view(big, {}, 0, 4).cell, 1);
  EXPECT_EQ(make_view(Grid(1100, 40), {}, 0, 1).cell, 1);
  const RenderView r = make_view(big, {100, 50, 163, 81}, 0, 1);
  EXPECT_EQ(r.x0, 100);
  EXPECT_EQ(r.y0, 50);
  EXPECT_EQ(r.width, 64);
  EXPECT_EQ(r.height, 32);
  EXPECT_EQ(r.cell, 16);
  EXPECT_THROW(make_view(big, {600, 600, 700, 700}, 0, 1), std::invalid_argument);

  // A cropped render keeps exact colours at cells inside the region.
  const Grid g = bar_map();
  const Query q{{12, 2}, {12, 12}};
  const std::vector<RenderPanel> panels = {traced_panel(g, q, "astar"), traced_panel(g, q, "jps")};
  const RenderView v = make_view(g, {8, 5, 16, 13}, 6, 2);
  const RenderLayout lay = layout_for(v, 2);
  const RasterImage img = render_image(g, q, panels, v, "crop");
  EXPECT_EQ(img.width(), 8 + 2 * (360 + 8));
  for (int p = 0; p < 2; ++p) {
    EXPECT_EQ(img.at(lay.cell_center_x(v, p, 12), lay.cell_center_y(v, 12)), rc::kGoal);
    EXPECT_EQ(img.at(lay.cell_center_x(v, p, 16), lay.cell_center_y(v, 7)), rc::kWall);
  }
}

TEST(Render, SvgAndAscii) {
  const Grid g = bar_map();
  const Query q{{12, 2}, {12, 12}};
  const std::vector<RenderPanel> panels = {traced_panel(g, q, "astar", "a<&>b"),
                                           traced_panel(g, q, "jps")};
  const RenderView view = make_view(g, {}, 0, 2);
  const std::string svg = render_svg(g, q, panels, view, "bar map");
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  EXPECT_NE(svg.find("<svg xmlns=\"http://www.w3.org/2000/svg\""), std::string::npos);
  EXPECT_EQ(svg.find("<svg"), svg.rfind("<svg"));
  EXPECT_EQ(svg.size() - svg.rfind("</svg>\n"), 7u);
  EXPECT_NE(svg.find("<rect"), std::string::npos);
  EXPECT_NE(svg.find("<circle"), std::string::npos);
  EXPECT_NE(svg.find("a&lt;&amp;&gt;b"), std::string::npos);
  EXPECT_EQ(svg.find("a<&>b"), std::string::npos);
  EXPECT_NE(svg.find("fill=\"#e61432\""), std::string::npos) << "no path-coloured cell";
  EXPECT_NE(svg.find(">jps</text>"), std::string::npos);

  const std::string ascii = render_ascii(g, q, {panels[0]}, make_view(g, {}, 0, 1));
  std::vector<std::string> lines;
  std::istringstream in(ascii);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  ASSERT_EQ(lines.size(), 1u + 14u + 1u);  // title, rows, legend
  EXPECT_EQ(lines[1 + 2][12], 'S');
  EXPECT_EQ(lines[1 + 12][12], 'G');
  EXPECT_EQ(lines[1 + 7].substr(4, 16), std::string(16, '#'));
  EXPECT_EQ(lines[1 + 13][0], '#');
  std::size_t stars = 0;
  for (std::size_t i = 1; i <= 14; ++i) {
    const std::string& l = lines[i];
    stars += static_cast<std::size_t>(std::count(l.begin(), l.end(), '*'));
  }
  EXPECT_EQ(stars + 2, panels[0].result.path.size());  // the path minus S and G
}

// An any-angle path lists only its polyline's vertices: its segments are drawn at any cell size,
// where a chain of moves gets its line only at 3 px or less.
TEST(Render, AnyAnglePathIsDrawnAsItsSegments) {
  const Grid g = bar_map();
  const Query q{{12, 2}, {12, 12}};
  const RenderView big = make_view(g, {}, 0, 8);
  const RenderPanel theta = traced_panel(g, q, "theta_star");
  ASSERT_EQ(theta.result.status, Status::Solved);
  ASSERT_LT(theta.result.path.size(), 6u);  // a few vertices round the bar
  EXPECT_NE(render_svg(g, q, {theta}, big, "theta").find("<polyline"), std::string::npos);
  EXPECT_EQ(render_svg(g, q, {traced_panel(g, q, "astar")}, big, "astar").find("<polyline"),
            std::string::npos);
}

}  // namespace
}  // namespace pathbench
