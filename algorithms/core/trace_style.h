// How a picture (`pathbench render`, harness/render) draws a planner's trace layer. The planner
// that records a layer gives it its style (SearchTrace::layer(name, style)), so the renderer draws
// any planner's layers without knowing their names.
#pragma once

#include <cstdint>
#include <string_view>

namespace pathbench {

// The shape of a layer in the picture, and when the HTML replay shows its cells.
enum class TraceMarker : std::uint8_t {
  Hidden,       // not drawn (e.g. JPS's jump_points, D* Lite's changed/updated)
  CellShade,    // fills free cells under the expansion shading; replay: at each cell's first record
  Square,       // a small square on each cell, over the path; replay: from the first step
  LargeSquare,  // a larger square on each cell, over the path; replay: at each record
  SquareChain,  // small squares joined by a thin line in record order; replay: at the end
};

struct TraceColor {
  std::uint8_t r = 0, g = 0, b = 0;
  bool operator==(const TraceColor&) const = default;
};

// The colour for each marker unless a style picks another: clear of the renderer's own colours
// (walls, free cells, the expansion ramp, the open list, the path, start and goal).
constexpr TraceColor marker_color(TraceMarker m) {
  switch (m) {
    case TraceMarker::CellShade:
      return {196, 212, 236};
    case TraceMarker::Square:
      return {60, 100, 180};
    case TraceMarker::LargeSquare:
      return {0, 150, 140};
    case TraceMarker::SquareChain:
      return {120, 0, 60};
    case TraceMarker::Hidden:
      break;
  }
  return {};
}

struct TraceStyle {
  TraceMarker marker = TraceMarker::Hidden;
  TraceColor color;
  // Drawing and legend order among the layers of one marker band (lower first): CellShade layers
  // always lie under the expansions, the square markers over the path.
  int z = 0;
  std::string_view legend;  // legend entry; empty: none
  // Non-empty when the layer's cells are expansions counted in counters.expansions beside the
  // traced cells (HPA*'s abstract nodes): the panel's stats then say "(N <counted_as>)".
  std::string_view counted_as;
};

}  // namespace pathbench
