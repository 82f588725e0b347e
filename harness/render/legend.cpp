#include "harness/render/legend.h"

#include <algorithm>

#include "harness/render/panel_cells.h"

namespace pathbench::render_detail {
namespace {

namespace rc = render_colors;

constexpr int kLegendScale = 2;
constexpr int kSwatch = 14;
constexpr int kLegendRow = 24;

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
  // Styled layers with cells in any panel, one entry per label, lowest z first.
  struct Entry {
    int z;
    LegendItem item;
  };
  std::vector<Entry> layers;
  for (const RenderPanel& p : panels)
    for (const TraceLayer& l : p.trace.layers) {
      if (l.style.marker == TraceMarker::Hidden || l.style.legend.empty() || l.cells.empty())
        continue;
      const std::string label(l.style.legend);
      if (std::none_of(layers.begin(), layers.end(),
                       [&](const Entry& e) { return e.item.label == label; }))
        layers.push_back({l.style.z, {label, to_rgb(l.style.color)}});
    }
  std::stable_sort(layers.begin(), layers.end(),
                   [](const Entry& a, const Entry& b) { return a.z < b.z; });
  for (const Entry& e : layers) items.push_back(e.item);
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

}  // namespace

int legend_height(const std::vector<RenderPanel>& panels, int width) {
  return static_cast<int>(legend_rows(legend_items(panels), width).size()) * kLegendRow +
         RasterImage::text_height(kLegendScale) + 8;
}

void draw_legend(Painter& pt, const std::vector<RenderPanel>& panels, int left, int top, int width,
                 const std::string& caption) {
  int y = top;
  for (const std::vector<LegendItem>& row : legend_rows(legend_items(panels), width)) {
    int x = left;
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
  fitted_text(pt, left, y, caption, kLegendScale, width, rc::kText);
}

}  // namespace pathbench::render_detail
