#include "algorithms/planners/jps/jps_planner.h"

#include <cstdlib>
#include <memory>

#include "algorithms/core/moves.h"
#include "algorithms/planners/jps/jump_point_search.h"
#include "algorithms/planners/jps/jump_scanner.h"

namespace pathbench {
namespace {

class JpsPlanner final : public JumpPointSearch<JpsPlanner, JumpBitsets> {
 public:
  JpsPlanner() : JumpPointSearch(/*needs_preprocessing=*/false) {}

  // The map changed at `cells`: the bit lines are patched in place (JumpBitsets::update) instead
  // of being rebuilt by prepare(). Not incremental search: the next solve starts from scratch.
  Status update(const std::vector<Point>& cells) override {
    table_.update(grid(), cells);
    return Status::Solved;
  }

 private:
  friend class JumpPointSearch<JpsPlanner, JumpBitsets>;

  // Straight jump from padded (x, y) in cardinal direction Dir: the jump point (or the goal)
  // it reaches: true with `*dist` = cells travelled, false when it dies against an obstacle.
  // Templated on the direction: it runs twice per diagonal step, the hottest loop of the search.
  // Traced instantiations also set `*dist` when the jump dies (free cells passed before the wall).
  template <bool kTrace, int Dir>
  bool jump_straight(int x, int y, int* dist) const {
    if constexpr (Dir == kEast || Dir == kWest) {
      const std::uint64_t* cur = table_.row(y);
      const int q = Dir == kEast ? scan_up(table_.east(y), x) : scan_down(table_.west(y), x);
      const bool goal_here = gy_ == y && (Dir == kEast ? gx_ > x && gx_ <= q : gx_ < x && gx_ >= q);
      const int stop = goal_here ? gx_ : q;
      if (!goal_here && !test_bit(cur, q)) {
        if constexpr (kTrace) *dist = std::abs(q - x) - 1;
        return false;
      }
      *dist = std::abs(stop - x);
      return true;
    } else {
      const std::uint64_t* cur = table_.col(x);
      const int q = Dir == kSouth ? scan_up(table_.south(x), y) : scan_down(table_.north(x), y);
      const bool goal_here =
          gx_ == x && (Dir == kSouth ? gy_ > y && gy_ <= q : gy_ < y && gy_ >= q);
      const int stop = goal_here ? gy_ : q;
      if (!goal_here && !test_bit(cur, q)) {
        if constexpr (kTrace) *dist = std::abs(q - y) - 1;
        return false;
      }
      *dist = std::abs(stop - y);
      return true;
    }
  }

  // Traced runs only: the cells a jump passed over (the word scanner's result walked cell by cell).
  void record_scan(int x, int y, int dx, int dy, int cells) {
    for (int i = 1; i <= cells; ++i) trace_->record(*scanned_, id_of(x + dx * i, y + dy * i));
  }

  template <bool kTrace, int Dir>
  void straight_successor(int x, int y, Out<kTrace>& out) {
    int dist = 0;
    const bool found = jump_straight<kTrace, Dir>(x, y, &dist);
    if constexpr (kTrace) record_scan(x, y, kDx[Dir], kDy[Dir], dist);
    if (found) relax<kTrace>(x + kDx[Dir] * dist, y + kDy[Dir] * dist, 0, dist, Dir, out);
  }
  template <bool kTrace>
  void straight_successor(int x, int y, int dir, Out<kTrace>& out) {
    switch (dir) {
      case kNorth:
        return straight_successor<kTrace, kNorth>(x, y, out);
      case kEast:
        return straight_successor<kTrace, kEast>(x, y, out);
      case kSouth:
        return straight_successor<kTrace, kSouth>(x, y, out);
      default:
        return straight_successor<kTrace, kWest>(x, y, out);
    }
  }

  // One cell of a diagonal run, `k` steps from the expanding node: the goal itself, or the
  // origin of the run's two straight jumps (horizontal first).
  template <bool kTrace, int Sx, int Sy>
  void diagonal_cell(int x, int y, int k, Out<kTrace>& out) {
    constexpr int kH = Sx > 0 ? kEast : kWest;
    constexpr int kV = Sy > 0 ? kSouth : kNorth;
    if constexpr (kTrace) trace_->record(*scanned_, id_of(x, y));
    if (x == gx_ && y == gy_) {
      relax<kTrace>(x, y, k, 0, kH, out);
      return;
    }
    int dist = 0;
    bool found = jump_straight<kTrace, kH>(x, y, &dist);
    if constexpr (kTrace) record_scan(x, y, Sx, 0, dist);
    if (found) relax<kTrace>(x + Sx * dist, y, k, dist, kH, out);
    found = jump_straight<kTrace, kV>(x, y, &dist);
    if constexpr (kTrace) record_scan(x, y, 0, Sy, dist);
    if (found) relax<kTrace>(x, y + Sy * dist, k, dist, kV, out);
  }

  // Diagonal jump from padded (x, y) in direction (Sx, Sy): walks the diagonal while each step
  // is legal and generates whatever the straight jumps from each diagonal cell reach.
  // The walk is the search's hottest loop. Off the goal's row and column no goal test can fire,
  // so those steps run a lean form of diagonal_cell: pointers to the cell's byte and to its two
  // stop lines advance with the walk (no index arithmetic, no member reloads after each relax),
  // and "blocked or jump point" is the byte of the stop cell. The goal's row and column
  // crossings, and traced runs, take diagonal_cell itself.
  template <bool kTrace, int Sx, int Sy>
  void diagonal_successors(int x, int y, Out<kTrace>& out) {
    constexpr int kH = Sx > 0 ? kEast : kWest;
    constexpr int kV = Sy > 0 ? kSouth : kNorth;
    const std::ptrdiff_t pw = pw_, row_step = Sy * pw;
    const std::uint8_t* f = free_ + y * pw + x;  // the current cell's byte
    // Most runs in cluttered maps die at once: test the first step before any set-up.
    if (!f[Sx] || !f[row_step] || !f[row_step + Sx]) return;
    const std::ptrdiff_t hstep = Sy * static_cast<std::ptrdiff_t>(table_.row_words());
    const std::ptrdiff_t vstep = Sx * static_cast<std::ptrdiff_t>(table_.col_words());
    const std::uint64_t* hline = Sx > 0 ? table_.east(y) : table_.west(y);
    const std::uint64_t* vline = Sy > 0 ? table_.south(x) : table_.north(x);
    const int k_row = (gy_ - y) * Sy, k_col = (gx_ - x) * Sx;  // steps to the goal's lines
    for (int k = 1;; ++k) {
      f += row_step + Sx;
      x += Sx;
      y += Sy;
      hline += hstep;
      vline += vstep;
      if (kTrace || k == k_row || k == k_col) {
        diagonal_cell<kTrace, Sx, Sy>(x, y, k, out);
      } else {
        const int q = Sx > 0 ? scan_up(hline, x) : scan_down(hline, x);
        if (f[q - x]) relax<kTrace>(q, y, k, (q - x) * Sx, kH, out);
        const int r = Sy > 0 ? scan_up(vline, y) : scan_down(vline, y);
        if (f[(r - y) * pw]) relax<kTrace>(x, r, k, (r - y) * Sy, kV, out);
      }
      if (!f[Sx] || !f[row_step] || !f[row_step + Sx]) return;
    }
  }
  template <bool kTrace>
  void diagonal_successors(int x, int y, int sx, int sy, Out<kTrace>& out) {
    if (sx > 0) {
      if (sy > 0) return diagonal_successors<kTrace, 1, 1>(x, y, out);
      return diagonal_successors<kTrace, 1, -1>(x, y, out);
    }
    if (sy > 0) return diagonal_successors<kTrace, -1, 1>(x, y, out);
    return diagonal_successors<kTrace, -1, -1>(x, y, out);
  }

  template <bool kTrace>
  void expand(CellId c, Out<kTrace>& out) {
    const int x = static_cast<int>(c % static_cast<CellId>(pw_));
    const int y = static_cast<int>(c / static_cast<CellId>(pw_));
    const int dir = dir_[c];
    if (dir == kNoDirection) {
      for (int d = 0; d < 4; ++d) straight_successor<kTrace>(x, y, d, out);
      for (int d = 4; d < 8; ++d) diagonal_successors<kTrace>(x, y, kDx[d], kDy[d], out);
      return;
    }
    // Every non-start node is reached by a straight move (diagonal cells are never generated,
    // except the goal, which is never expanded).
    const int dx = kDx[dir], dy = kDy[dir];
    straight_successor<kTrace>(x, y, dir, out);
    // The two sides perpendicular to the travel direction.
    for (int side = 0; side < 2; ++side) {
      const int sx = dx == 0 ? (side ? 1 : -1) : 0;
      const int sy = dy == 0 ? (side ? 1 : -1) : 0;
      if (free_at(x - dx + sx, y - dy + sy) || !free_at(x + sx, y + sy)) continue;
      const int side_dir = sx > 0 ? kEast : sx < 0 ? kWest : sy > 0 ? kSouth : kNorth;
      straight_successor<kTrace>(x, y, side_dir, out);
      diagonal_successors<kTrace>(x, y, dx + sx, dy + sy, out);
    }
  }

  void open_trace_layers(SearchTrace& trace) {
    static constexpr TraceStyle kScanned{
        TraceMarker::CellShade, marker_color(TraceMarker::CellShade), 0, "scanned by a jump", {}};
    scanned_ = &trace.layer("scanned", kScanned);
  }

  // Traced queries only: the "scanned" layer: every cell a straight or diagonal jump passed over,
  // exact (the traced scan walks the word scanner's result cell by cell; untraced scans never do).
  TraceLayer* scanned_ = nullptr;
};

}  // namespace

PlannerInfo jps_planner_info() {
  return planner_without_params<JpsPlanner>(
      "jps",
      "Jump Point Search (Harabor & Grastien), online, bitset scans; "
      "8-connected, uniform cost, no corner cutting");
}

}  // namespace pathbench
