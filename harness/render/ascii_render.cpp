// render_ascii (trace_renderer.h).
#include <cstddef>
#include <iterator>

#include "harness/render/panel_cells.h"

namespace pathbench {

using namespace render_detail;

namespace {

char mark_char(Mark m) {
  static constexpr char kChars[] = {'.', '#', ':', 'o', '+', '*'};  // in Mark's order
  static_assert(std::size(kChars) == static_cast<std::size_t>(Mark::Path) + 1);
  return kChars[static_cast<std::size_t>(m)];
}

}  // namespace

std::string render_ascii(const Grid& grid, const Query& query,
                         const std::vector<RenderPanel>& panels, const RenderView& view) {
  std::string out;
  for (const RenderPanel& p : panels) {
    out += title_line(p) + ": " + stats_line(p) + '\n';
    const PanelCells pc = classify(grid, view, p);
    for (int y = 0; y < view.height; ++y) {
      for (int x = 0; x < view.width; ++x) {
        const Point at{view.x0 + x, view.y0 + y};
        char ch = mark_char(pc.mark[static_cast<std::size_t>(y) * view.width + x]);
        if (at == query.start)
          ch = 'S';
        else if (at == query.goal)
          ch = 'G';
        out += ch;
      }
      out += '\n';
    }
  }
  out += "legend: # wall  . free  : scanned  o expanded  + open at end  * path  S start  G goal\n";
  return out;
}

}  // namespace pathbench
