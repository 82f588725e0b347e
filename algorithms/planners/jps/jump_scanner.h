// Word-parallel straight-line scanning for Jump Point Search (no corner cutting).
//
// JumpBitsets holds the passable cells of a padded Grid twice, as 64-bit words: row-major (one
// bit line per padded row, bit i = padded column i) and transposed (one bit line per padded
// column, bit i = padded row i). A straight jump along a line then becomes a word loop with
// count-trailing/leading-zeros instead of a cell-by-cell walk: the idea of Harabor & Grastien
// 2014 ("Improving Jump Point Search", ICAPS), block-based symmetry breaking, here applied to
// whole 64-cell words.
//
// Each line also has two stop lines, one per scan direction, with the stop rule below already
// applied (built in prepare, O(cells / 64) word operations; 4 more bits per cell): the hottest
// loop of the search, the two straight scans per diagonal step, then reads one word per 64 cells
// instead of three (callgrind: issue 12's measurements in the commit that added them).
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

#include <algorithm>
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
    build_stops(rows_, ph, row_words_, east_, west_);
    build_stops(cols_, pw, col_words_, south_, north_);
  }

  // `g`, the grid build() read, changed passability at `cells` (points outside it are ignored):
  // their bits are set anew, then the stop lines of every line through them and of the lines
  // either side (the stop rule reads the neighbouring lines). The tables then equal build(g)'s,
  // at O(words per line) per cell instead of O(cells) for the whole map: a dynamic run's agent
  // changes a few cells per step, and rebuilding a 256x256 map's lines took ~0.3 ms a step.
  // Each stop line is computed once however many of the changed cells lie on or beside it.
  void update(const Grid& g, const std::vector<Point>& cells) {
    const int pw = g.padded_width(), ph = g.height() + 2;
    touched_rows_.clear();
    touched_cols_.clear();
    for (const Point& p : cells) {
      if (!g.in_bounds(p.x, p.y)) continue;
      const bool free = g.passable(p.x, p.y);
      assign_bit(rows_, p.y + 1, row_words_, p.x + 1, free);
      assign_bit(cols_, p.x + 1, col_words_, p.y + 1, free);
      for (int d = 0; d < 3; ++d) {
        touched_rows_.push_back(p.y + d);
        touched_cols_.push_back(p.x + d);
      }
    }
    for (const int i : sorted_unique(touched_rows_))
      stop_line(rows_, i, ph, row_words_, east_, west_);
    for (const int i : sorted_unique(touched_cols_))
      stop_line(cols_, i, pw, col_words_, south_, north_);
  }

  // Padded row y as a bit line over padded x.
  const std::uint64_t* row(int y) const { return line(rows_, y, row_words_); }
  // Padded column x as a bit line over padded y.
  const std::uint64_t* col(int x) const { return line(cols_, x, col_words_); }
  // Stop lines (see build_stops): where a jump along row y (east, west) or column x (south,
  // north) must stop.
  const std::uint64_t* east(int y) const { return line(east_, y, row_words_); }
  const std::uint64_t* west(int y) const { return line(west_, y, row_words_); }
  const std::uint64_t* south(int x) const { return line(south_, x, col_words_); }
  const std::uint64_t* north(int x) const { return line(north_, x, col_words_); }

  int row_words() const { return row_words_; }
  int col_words() const { return col_words_; }

  std::size_t memory_bytes() const {
    return (rows_.capacity() + cols_.capacity() + east_.capacity() + west_.capacity() +
            south_.capacity() + north_.capacity()) *
           sizeof(std::uint64_t);
  }

 private:
  static const std::uint64_t* line(const std::vector<std::uint64_t>& v, int i, int words) {
    return v.data() + static_cast<std::size_t>(i) * words;
  }

  // The stop rule below, evaluated once per map rather than per scanned word: bit q of `up[i]`
  // is set when a scan along line i towards higher positions must stop at q (q blocked, or a
  // neighbouring line has q-1 blocked and q free); `down[i]` likewise towards lower positions
  // (q+1 blocked beside). A scan is then one load and one bit search per 64 cells instead of
  // three loads, the carries and six bit operations. Padding lines stop everywhere (no scan
  // runs along them).
  static void build_stops(const std::vector<std::uint64_t>& bits, int lines, int words,
                          std::vector<std::uint64_t>& up, std::vector<std::uint64_t>& down) {
    up.assign(bits.size(), ~std::uint64_t{0});
    down.assign(bits.size(), ~std::uint64_t{0});
    for (int i = 1; i + 1 < lines; ++i) stop_line(bits, i, lines, words, up, down);
  }
  // Line i's two stop lines from the bit lines i-1, i, i+1. The padding lines (0 and lines-1)
  // keep the all-stop words build_stops gave them.
  static void stop_line(const std::vector<std::uint64_t>& bits, int i, int lines, int words,
                        std::vector<std::uint64_t>& up, std::vector<std::uint64_t>& down) {
    if (i < 1 || i + 1 >= lines) return;
    const std::uint64_t* cur = line(bits, i, words);
    const std::uint64_t* lo = line(bits, i - 1, words);
    const std::uint64_t* hi = line(bits, i + 1, words);
    std::uint64_t* u = up.data() + static_cast<std::size_t>(i) * words;
    std::uint64_t* d = down.data() + static_cast<std::size_t>(i) * words;
    for (int w = 0; w < words; ++w) {
      const std::uint64_t a = lo[w], b = hi[w];
      // Bit 63 of the previous word supplies "q-1" for bit 0; bit 0 of the next, "q+1" for 63.
      const std::uint64_t pa = w > 0 ? lo[w - 1] >> 63 : 0, pb = w > 0 ? hi[w - 1] >> 63 : 0;
      const std::uint64_t na = w + 1 < words ? lo[w + 1] << 63 : 0;
      const std::uint64_t nb = w + 1 < words ? hi[w + 1] << 63 : 0;
      const std::uint64_t forced_up = (a & ~((a << 1) | pa)) | (b & ~((b << 1) | pb));
      const std::uint64_t forced_down = (a & ~((a >> 1) | na)) | (b & ~((b >> 1) | nb));
      u[w] = ~cur[w] | forced_up;
      d[w] = ~cur[w] | forced_down;
    }
  }
  static const std::vector<int>& sorted_unique(std::vector<int>& v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
  }
  static void assign_bit(std::vector<std::uint64_t>& bits, int line_index, int words, int pos,
                         bool value) {
    std::uint64_t& word = bits[static_cast<std::size_t>(line_index) * words + (pos >> 6)];
    const std::uint64_t mask = std::uint64_t{1} << (pos & 63);
    word = value ? word | mask : word & ~mask;
  }

  int row_words_ = 0;
  int col_words_ = 0;
  std::vector<std::uint64_t> rows_;
  std::vector<std::uint64_t> cols_;
  std::vector<std::uint64_t> east_, west_, south_, north_;
  std::vector<int> touched_rows_, touched_cols_;  // update()'s padded line indices, reused
};

inline bool test_bit(const std::uint64_t* line, int i) { return (line[i >> 6] >> (i & 63)) & 1u; }

// First set position q > p on `stop` (a stop line: q blocked, or a jump point). Precondition: p
// is an interior position (the padding stops every scan inside its line).
inline int scan_up(const std::uint64_t* stop, int p) {
  int w = (p + 1) >> 6;
  std::uint64_t s = stop[w] & (~std::uint64_t{0} << ((p + 1) & 63));
  while (!s) s = stop[++w];
  return (w << 6) + std::countr_zero(s);
}

// Mirror of scan_up: the last set position q < p.
inline int scan_down(const std::uint64_t* stop, int p) {
  int w = (p - 1) >> 6;
  std::uint64_t s = stop[w] & (~std::uint64_t{0} >> (63 - ((p - 1) & 63)));
  while (!s) s = stop[--w];
  return (w << 6) + 63 - std::countl_zero(s);
}

}  // namespace pathbench
