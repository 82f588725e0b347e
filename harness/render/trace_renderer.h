// Pictures of what planners did on one query (`pathbench render`): a PNG or SVG image, an ASCII
// drawing, or a self-contained HTML page replaying the search step by step. Several planners on
// the same query are drawn side by side ("panels"), all over the same view of the map.
//
// What is drawn, bottom to top: the map (obstacles dark, free light); cells of CellShade layers
// (e.g. JPS's "scanned": passed over without being expanded); expanded cells shaded by expansion
// order (kRampEarly .. kRampLate); the open list when the search stopped (kFrontier); the square
// marker layers in z order (e.g. HPA*'s transitions, abstract expansions and abstract path); the
// path; start and goal markers. Each planner styles its own layers (TraceStyle,
// algorithms/core/trace_style.h), so nothing here knows a planner's layer names. A title per
// panel gives planner, status, cost, expansions and the untraced search time; a legend strip at
// the bottom explains the colours. Cell colours are exact (no antialiasing), so tests can read
// them back at cell centres via RenderLayout::cell_center.
//
// Sources: traced_run.cpp (run_traced), panel_painting.cpp (view, layout, PNG/SVG), legend.cpp,
// ascii_render.cpp, replay_data.cpp (HTML); panel_cells.h and painter.h are their shared parts.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "algorithms/core/grid.h"
#include "algorithms/core/search_trace.h"
#include "algorithms/core/search_types.h"
#include "algorithms/registry/planner_registry.h"
#include "harness/render/raster_image.h"

namespace pathbench {

namespace render_colors {
inline constexpr Rgb kWall{46, 46, 56};
inline constexpr Rgb kFree{236, 236, 232};
inline constexpr Rgb kFrontier{0, 205, 255};
inline constexpr Rgb kPath{230, 20, 50};
inline constexpr Rgb kStart{0, 190, 60};
inline constexpr Rgb kGoal{255, 0, 220};
inline constexpr Rgb kText{20, 20, 24};
inline constexpr Rgb kBackground{255, 255, 255};
// Colour of expansion number i of n (0-based): a yellow -> orange -> purple ramp.
Rgb expansion(std::size_t i, std::size_t n);
}  // namespace render_colors

// One planner's run on the query.
struct RenderPanel {
  std::string label;   // shown in the title, e.g. "jps" or "astar:weight=2"
  std::string params;  // effective parameters, key=value;...
  SearchResult result;
  SearchTrace trace;
  double time_us = 0.0;    // search time with tracing off
  bool traceable = false;  // false: only the path is known
};

// Solves `query` with `planner` (prepared on `grid`) twice: untraced and timed, then traced.
// Throws std::logic_error if the two runs disagree (status, cost or expansions): tracing must
// not change what a planner does. log_events: also fill trace.events (search_trace.h).
RenderPanel run_traced(const Grid& grid, const Query& query, Planner& planner, std::string label,
                       std::string params, const Budget& budget = {}, bool log_events = false);

// The part of the map drawn (cells, inclusive bounds) and the pixel size of a cell.
struct RenderView {
  int x0 = 0, y0 = 0;
  int width = 0, height = 0;  // in cells
  int cell = 1;               // pixels per cell

  bool contains(int x, int y) const {
    return x >= x0 && y >= y0 && x < x0 + width && y < y0 + height;
  }
};

// The view for `region` = {x0, y0, x1, y1} inclusive (empty vector: the whole map), with `cell`
// pixels per cell or, when cell == 0, the largest size that fits the map into about 1024 px per
// panel (one panel; max(512, 2048 / panels) when several), at least 1. Throws
// std::invalid_argument when the region is empty or outside the map.
RenderView make_view(const Grid& grid, const std::vector<int>& region, int cell, int panels);

// Where things are in the picture render_image draws.
struct RenderLayout {
  int margin = 8;
  int panel_width = 0;   // >= view.width * view.cell
  int title_height = 0;  // above each map
  int legend_y = 0;      // top of the legend strip
  int width = 0, height = 0;
  // Top-left pixel of panel p's map, and the centre pixel of map cell (x, y) in panel p.
  int map_left(int p) const { return margin + p * (panel_width + margin); }
  int map_top() const { return margin + title_height; }
  int cell_center_x(const RenderView& v, int p, int x) const {
    return map_left(p) + (x - v.x0) * v.cell + v.cell / 2;
  }
  int cell_center_y(const RenderView& v, int y) const {
    return map_top() + (y - v.y0) * v.cell + v.cell / 2;
  }
  // Side in pixels of the squares drawn for marker layers at `cell` px per cell (each covers its
  // cell's centre pixel): Square and SquareChain (e.g. HPA*'s transitions and abstract path
  // nodes), and LargeSquare (expanded abstract nodes).
  static int transition_side(int cell) { return std::max(2, cell / 2); }
  static int abstract_side(int cell) { return std::max(3, cell * 2 / 3); }
};
RenderLayout layout_for(const RenderView& view, int panels);

// `caption` goes into the legend strip (e.g. map name and query).
RasterImage render_image(const Grid& grid, const Query& query,
                         const std::vector<RenderPanel>& panels, const RenderView& view,
                         const std::string& caption);
std::string render_svg(const Grid& grid, const Query& query, const std::vector<RenderPanel>& panels,
                       const RenderView& view, const std::string& caption);
// '#' wall, '.' free, ':' CellShade layers (scanned), 'o' expanded, '+' frontier, '*' path, 'S'
// start, 'G' goal; one block per panel, headed by its title line.
std::string render_ascii(const Grid& grid, const Query& query,
                         const std::vector<RenderPanel>& panels, const RenderView& view);
// A self-contained page (inline script and data, no network) replaying every panel step by step:
// play / pause / step / back / speed. The shown expansion count of panel i is the text of
// #count-i; loading the page with "#step=N" (or "#step=end") in the URL advances to step N first.
std::string render_html(const Grid& grid, const Query& query,
                        const std::vector<RenderPanel>& panels, const RenderView& view,
                        const std::string& caption);

}  // namespace pathbench
