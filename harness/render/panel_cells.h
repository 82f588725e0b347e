// Internals shared by the picture, ASCII and replay writers (trace_renderer.h is the interface):
// what each view cell of a panel shows, the panel's text lines, and its styled trace layers.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "harness/render/trace_renderer.h"

namespace pathbench::render_detail {

inline Rgb to_rgb(TraceColor c) { return {c.r, c.g, c.b}; }

std::string title_line(const RenderPanel& p);
// Outcome, counters (with the expansions a layer counts beside the cells), untraced time.
std::string stats_line(const RenderPanel& p);

// The panel's drawn (not Hidden) layers in z order; equal z keep the planner's order.
std::vector<const TraceLayer*> drawn_layers(const RenderPanel& p);

// What a panel shows at each view cell, before markers.
enum class Mark : std::uint8_t { Free, Wall, Scanned, Expanded, Frontier, Path };

struct PanelCells {
  std::vector<Mark> mark;
  std::vector<std::uint32_t> order;  // expansion index for Expanded cells
  std::vector<Rgb> shade;            // the CellShade layer's colour for Scanned cells
  std::size_t expansions = 0;
};

PanelCells classify(const Grid& grid, const RenderView& v, const RenderPanel& p);

// ramp_levels > 0 quantises the expansion ramp (SVG: equal neighbours merge into one rectangle).
Rgb color_of(const PanelCells& pc, std::size_t i, int ramp_levels);

}  // namespace pathbench::render_detail
