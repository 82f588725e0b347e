#include "harness/render/panel_cells.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

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

namespace render_detail {
namespace {

namespace rc = render_colors;

std::string format_time(double us) {
  if (us >= 10000.0) return fmt::format("{:.1f} ms", us / 1000.0);
  return fmt::format("{:.0f} us", us);
}

}  // namespace

std::string title_line(const RenderPanel& p) {
  return p.label + (p.traceable ? "" : " (no trace)");
}

std::string stats_line(const RenderPanel& p) {
  const SearchResult& r = p.result;
  const std::string outcome = r.status == Status::Solved ? fmt::format("cost {:.2f}", r.cost)
                                                         : std::string(to_string(r.status));
  // E.g. HPA*: counters.expansions = cells expanded + abstract nodes expanded (hpa_planner.h).
  std::string split;
  for (const TraceLayer& l : p.trace.layers)
    if (!l.style.counted_as.empty())
      split += fmt::format(" ({} {})", l.cells.size(), l.style.counted_as);
  return fmt::format("{}  expanded {}{}  generated {}  {}", outcome, r.counters.expansions, split,
                     r.counters.generated, format_time(p.time_us));
}

std::vector<const TraceLayer*> drawn_layers(const RenderPanel& p) {
  std::vector<const TraceLayer*> out;
  for (const TraceLayer& l : p.trace.layers)
    if (l.style.marker != TraceMarker::Hidden) out.push_back(&l);
  std::stable_sort(out.begin(), out.end(), [](const TraceLayer* a, const TraceLayer* b) {
    return a->style.z < b->style.z;
  });
  return out;
}

PanelCells classify(const Grid& grid, const RenderView& v, const RenderPanel& p) {
  PanelCells pc;
  const std::size_t n = static_cast<std::size_t>(v.width) * v.height;
  pc.mark.assign(n, Mark::Free);
  pc.order.assign(n, 0);
  pc.shade.assign(n, Rgb{});
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
  for (const TraceLayer* s : drawn_layers(p)) {
    if (s->style.marker != TraceMarker::CellShade) continue;
    for (CellId c : s->cells)
      if (index(c, &i) && pc.mark[i] == Mark::Free) {
        pc.mark[i] = Mark::Scanned;
        pc.shade[i] = to_rgb(s->style.color);
      }
  }
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
      return pc.shade[i];
    case Mark::Frontier:
      return rc::kFrontier;
    case Mark::Path:
      return rc::kPath;
    case Mark::Expanded: {
      if (ramp_levels <= 0) return rc::expansion(pc.order[i], pc.expansions);
      const std::size_t level =
          pc.expansions <= 1 ? 0
                             : pc.order[i] * static_cast<std::size_t>(ramp_levels) / pc.expansions;
      return rc::expansion(level, static_cast<std::size_t>(ramp_levels));
    }
  }
  return rc::kFree;
}

}  // namespace render_detail
}  // namespace pathbench
