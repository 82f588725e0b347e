// The legend strip under a picture's panels: the base colours, then one entry per styled trace
// layer any panel drew (TraceStyle::legend, in z order), then the caption.
#pragma once

#include <string>
#include <vector>

#include "harness/render/painter.h"
#include "harness/render/trace_renderer.h"

namespace pathbench::render_detail {

// Height of the strip (rows of entries wrapped to `width` pixels, then the caption line).
int legend_height(const std::vector<RenderPanel>& panels, int width);
// Draws the strip from pixel row `top`, `width` pixels wide starting at column `left`.
void draw_legend(Painter& pt, const std::vector<RenderPanel>& panels, int left, int top, int width,
                 const std::string& caption);

}  // namespace pathbench::render_detail
