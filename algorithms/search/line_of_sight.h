// Line of sight between two cells' centres for the any-angle searches (Theta*, Lazy Theta*): the
// same rule as the validator's segment_in_sight (harness/runner/path_validation.h; the tests
// compare the two on random grids), computed by walking the segment's supercover cell by cell
// in integer arithmetic, Bresenham-style, over the grid's padded byte array.
//
// Rule (docs/any-angle.md): every cell whose closed square the segment touches must be free. A
// segment between centres crosses from cell to cell either through an edge (one new cell) or
// exactly through a grid vertex (the cell diagonally ahead, and both cells beside the vertex
// touched at one point: all three must be free, as for an octile diagonal without corner
// cutting). It never runs along a grid line: its constant coordinate would be a half-integer.
//
// The walk: after ix steps in x and iy in y, the next vertical grid line is crossed at parameter
// (1 + 2 ix) / (2 dx) and the next horizontal one at (1 + 2 iy) / (2 dy); comparing
// (1 + 2 ix) dy with (1 + 2 iy) dx decides which comes first, equality being a vertex. The
// padding ring is blocked, and a segment between in-bounds cells touches only cells inside
// their bounding box, so no bounds test is needed.
#pragma once

#include <cstdint>
#include <cstdlib>

#include "algorithms/core/grid.h"

namespace pathbench {

class LineOfSight {
 public:
  explicit LineOfSight(const Grid& g) : cells_(g.passable_data().data()), pw_(g.padded_width()) {}

  // Cells a = (ax, ay) and b = (bx, by), a's id given (the caller has it).
  bool operator()(CellId a, int ax, int ay, int bx, int by) const {
    const std::int64_t dx = std::abs(bx - ax), dy = std::abs(by - ay);
    const std::int64_t sx = bx >= ax ? 1 : -1;
    const std::int64_t sy = by >= ay ? pw_ : -pw_;
    std::int64_t c = a;
    if (!cells_[c]) return false;
    std::int64_t ix = 0, iy = 0;
    while (ix < dx || iy < dy) {
      const std::int64_t dec = (1 + 2 * ix) * dy - (1 + 2 * iy) * dx;
      if (dec < 0) {
        c += sx;
        ++ix;
      } else if (dec > 0) {
        c += sy;
        ++iy;
      } else {  // through a vertex: both cells beside it are touched
        if (!cells_[c + sx] || !cells_[c + sy]) return false;
        c += sx + sy;
        ++ix;
        ++iy;
      }
      if (!cells_[c]) return false;
    }
    return true;
  }

 private:
  const std::uint8_t* cells_;
  std::int64_t pw_;
};

}  // namespace pathbench
