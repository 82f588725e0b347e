// Word-parallel straight-line scanning for Jump Point Search (no corner cutting).
//
// JumpBitsets holds the passable cells of a padded Grid twice, as 64-bit words: row-major (one
// bit line per padded row, bit i = padded column i) and transposed (one bit line per padded
// column, bit i = padded row i). A straight jump along a line then becomes a word loop with
// count-trailing/leading-zeros instead of a cell-by-cell walk: the idea of Harabor & Grastien
// 2014 ("Improving Jump Point Search", ICAPS), block-based symmetry breaking, here applied to
// whole 64-cell words.
//
// Invariants: every line covers the padded extent, so position 0 and position extent-1 are the
// blocked padding ring; bits past the padded extent are 0 (blocked). Hence every scan that starts
// at an interior position stops inside its line without bounds checks, and the lines either side
// of any interior line exist.
//
// Stop rule (no corner cutting): moving along a line from position q-1 into q, q is a jump point
// when a neighbouring line has q-1 blocked and q free. Then the cell beside q is reachable
// optimally only through q (the diagonal from q-1 would cut the blocked corner), a "forced
// neighbour". Diagonal moves never force neighbours under this rule (every cell adjacent to
// both ends is reachable at no greater cost through the two free side cells), so the planner
// handles them by recursing into straight scans.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "algorithms/core/grid.h"

namespace pathbench {

class JumpBitsets {
 public:
  void build(const Grid& g) {
    const int pw = g.padded_width(), ph = g.height() + 2;
    row_words_ = (pw + 63) / 64;
    col_words_ = (ph + 63) / 64;
    rows_.assign(static_cast<std::size_t>(ph) * row_words_, 0);
    cols_.assign(static_cast<std::size_t>(pw) * col_words_, 0);
    const std::vector<std::uint8_t>& free = g.passable_data();
    for (int y = 0; y < ph; ++y) {
      for (int x = 0; x < pw; ++x) {
        if (!free[static_cast<std::size_t>(y) * pw + x]) continue;
        rows_[static_cast<std::size_t>(y) * row_words_ + (x >> 6)] |= std::uint64_t{1} << (x & 63);
        cols_[static_cast<std::size_t>(x) * col_words_ + (y >> 6)] |= std::uint64_t{1} << (y & 63);
      }
    }
  }

  // Padded row y as a bit line over padded x.
  const std::uint64_t* row(int y) const {
    return rows_.data() + static_cast<std::size_t>(y) * row_words_;
  }
  // Padded column x as a bit line over padded y.
  const std::uint64_t* col(int x) const {
    return cols_.data() + static_cast<std::size_t>(x) * col_words_;
  }
  int row_words() const { return row_words_; }
  int col_words() const { return col_words_; }

  std::size_t memory_bytes() const {
    return (rows_.capacity() + cols_.capacity()) * sizeof(std::uint64_t);
  }

 private:
  int row_words_ = 0;
  int col_words_ = 0;
  std::vector<std::uint64_t> rows_;
  std::vector<std::uint64_t> cols_;
};

inline bool test_bit(const std::uint64_t* line, int i) { return (line[i >> 6] >> (i & 63)) & 1u; }

// First position q > p on `cur` where a scan moving towards higher positions must stop: q is
// blocked (the jump dies before it) or q is a jump point (`lo` or `hi`, the neighbouring lines,
// has q-1 blocked and q free). Precondition: p is an interior position.
inline int scan_up(const std::uint64_t* cur, const std::uint64_t* lo, const std::uint64_t* hi,
                   int p) {
  const int q = p + 1;
  int w = q >> 6;
  // Bit 63 of the previous word supplies "q-1" for bit 0 of this one.
  std::uint64_t carry_lo = w > 0 ? lo[w - 1] >> 63 : 0;
  std::uint64_t carry_hi = w > 0 ? hi[w - 1] >> 63 : 0;
  std::uint64_t mask = ~std::uint64_t{0} << (q & 63);
  for (;;) {
    const std::uint64_t a = lo[w], b = hi[w];
    const std::uint64_t forced = (a & ~((a << 1) | carry_lo)) | (b & ~((b << 1) | carry_hi));
    const std::uint64_t stop = (~cur[w] | forced) & mask;
    if (stop) return (w << 6) + std::countr_zero(stop);
    carry_lo = a >> 63;
    carry_hi = b >> 63;
    mask = ~std::uint64_t{0};
    ++w;
  }
}

// Mirror of scan_up: the last position q < p where a scan towards lower positions must stop
// (q blocked, or a neighbouring line has q+1 blocked and q free). `words` = words per line.
inline int scan_down(const std::uint64_t* cur, const std::uint64_t* lo, const std::uint64_t* hi,
                     int p, int words) {
  const int q = p - 1;
  int w = q >> 6;
  std::uint64_t carry_lo = w + 1 < words ? lo[w + 1] << 63 : 0;
  std::uint64_t carry_hi = w + 1 < words ? hi[w + 1] << 63 : 0;
  std::uint64_t mask = ~std::uint64_t{0} >> (63 - (q & 63));
  for (;;) {
    const std::uint64_t a = lo[w], b = hi[w];
    const std::uint64_t forced = (a & ~((a >> 1) | carry_lo)) | (b & ~((b >> 1) | carry_hi));
    const std::uint64_t stop = (~cur[w] | forced) & mask;
    if (stop) return (w << 6) + 63 - std::countl_zero(stop);
    carry_lo = a << 63;
    carry_hi = b << 63;
    mask = ~std::uint64_t{0};
    --w;
  }
}

}  // namespace pathbench
