#include "algorithms/planners/jps_plus/jps_plus_planner.h"

#include <memory>
#include <utility>

#include "algorithms/core/moves.h"
#include "algorithms/planners/jps/jump_point_search.h"
#include "algorithms/planners/jps_plus/jump_table.h"

namespace pathbench {
namespace {

constexpr int diagonal_of(int sx, int sy) {
  return sx > 0 ? (sy > 0 ? kSouthEast : kNorthEast) : (sy > 0 ? kSouthWest : kNorthWest);
}

Capabilities jps_plus_capabilities() {
  Capabilities caps;
  caps.uniform_cost_only = true;
  caps.supports_four_connected = false;
  caps.supports_corner_cutting = false;
  caps.needs_preprocessing = true;
  caps.traceable = true;
  return caps;
}

class JpsPlusPlanner final : public JumpPointSearch<JpsPlusPlanner> {
 public:
  JpsPlusPlanner() : JumpPointSearch(jps_plus_capabilities()) {}

  std::size_t memory_bytes() const override {
    return table_.memory_bytes() + search_memory_bytes();
  }

 protected:
  void do_prepare(const Grid& grid) override {
    table_.build(grid);
    prepare_search(grid);
  }

 private:
  friend class JumpPointSearch<JpsPlusPlanner>;

  // Straight jump from padded (x, y) = cell c in cardinal direction Dir, `diag` diagonal steps
  // after the expanding node. The goal wins over the jump point when it lies on the line within
  // reach (jps's scan stops at the goal the same way).
  template <bool kTrace, int Dir>
  void straight_successor(int x, int y, CellId c, int diag, Out<kTrace>& out) {
    const int t = table_.distance(c, Dir);
    int to_goal;  // steps to the goal along Dir; <= 0 when it is not ahead on this line
    if constexpr (Dir == kEast || Dir == kWest)
      to_goal = gy_ == y ? (gx_ - x) * kDx[Dir] : 0;
    else
      to_goal = gx_ == x ? (gy_ - y) * kDy[Dir] : 0;
    if (to_goal > 0 && to_goal <= (t > 0 ? t : -t))
      relax<kTrace>(gx_, gy_, diag, to_goal, Dir, out);
    else if (t > 0)
      relax<kTrace>(x + kDx[Dir] * t, y + kDy[Dir] * t, diag, t, Dir, out);
  }
  template <bool kTrace>
  void straight_successor(int x, int y, CellId c, int dir, Out<kTrace>& out) {
    switch (dir) {
      case kNorth:
        return straight_successor<kTrace, kNorth>(x, y, c, 0, out);
      case kEast:
        return straight_successor<kTrace, kEast>(x, y, c, 0, out);
      case kSouth:
        return straight_successor<kTrace, kSouth>(x, y, c, 0, out);
      default:
        return straight_successor<kTrace, kWest>(x, y, c, 0, out);
    }
  }

  // A cell `diag` steps along a diagonal run: the goal itself, or the origin of the run's two
  // straight jumps (horizontal first, as jps).
  template <bool kTrace, int D>
  void diagonal_cell(int x, int y, int diag, Out<kTrace>& out) {
    constexpr int kH = kDx[D] > 0 ? kEast : kWest;
    constexpr int kV = kDy[D] > 0 ? kSouth : kNorth;
    if (x == gx_ && y == gy_) {
      relax<kTrace>(x, y, diag, 0, kH, out);
      return;
    }
    const CellId c = id_of(x, y);
    straight_successor<kTrace, kH>(x, y, c, diag, out);
    straight_successor<kTrace, kV>(x, y, c, diag, out);
  }

  // Diagonal run from padded (x, y) = cell c in diagonal direction D: hops from one diagonal jump
  // point to the next (one table read each) until the wall. Cells in between have no straight
  // jump point by construction, so only the goal's row and column crossings need a look there.
  template <bool kTrace, int D>
  void diagonal_successors(int x, int y, CellId c, Out<kTrace>& out) {
    constexpr int kSx = kDx[D], kSy = kDy[D];
    // Diagonal steps from (x, y) to the goal's row and column (<= 0: behind or level).
    const int to_row = (gy_ - y) * kSy, to_col = (gx_ - x) * kSx;
    for (int k = 0;;) {
      const int t = table_.distance(c, D);
      const int reach = t > 0 ? t : -t;
      // Crossings inside this hop, in path order; a crossing at the jump point itself (step
      // reach, when t > 0) is handled with it. Equal crossings are the goal cell.
      int first = to_row - k, second = to_col - k;
      if (first > second) std::swap(first, second);
      const int last = t > 0 ? reach - 1 : reach;
      if (first >= 1 && first <= last)
        diagonal_cell<kTrace, D>(x + kSx * (k + first), y + kSy * (k + first), k + first, out);
      if (second != first && second >= 1 && second <= last)
        diagonal_cell<kTrace, D>(x + kSx * (k + second), y + kSy * (k + second), k + second, out);
      if (t <= 0) return;
      k += t;
      diagonal_cell<kTrace, D>(x + kSx * k, y + kSy * k, k, out);
      c = id_of(x + kSx * k, y + kSy * k);
    }
  }
  template <bool kTrace>
  void diagonal_successors(int x, int y, CellId c, int dir, Out<kTrace>& out) {
    switch (dir) {
      case kNorthEast:
        return diagonal_successors<kTrace, kNorthEast>(x, y, c, out);
      case kSouthEast:
        return diagonal_successors<kTrace, kSouthEast>(x, y, c, out);
      case kSouthWest:
        return diagonal_successors<kTrace, kSouthWest>(x, y, c, out);
      default:
        return diagonal_successors<kTrace, kNorthWest>(x, y, c, out);
    }
  }

  // jps's expansion, with table reads for scans.
  template <bool kTrace>
  void expand(CellId c, Out<kTrace>& out) {
    const int x = static_cast<int>(c % static_cast<CellId>(pw_));
    const int y = static_cast<int>(c / static_cast<CellId>(pw_));
    const int dir = dir_[c];
    if (dir == kNoDirection) {
      for (int d = 0; d < 4; ++d) straight_successor<kTrace>(x, y, c, d, out);
      for (int d = 4; d < 8; ++d) diagonal_successors<kTrace>(x, y, c, d, out);
      return;
    }
    // Every non-start node is reached by a straight move (diagonal cells are never generated,
    // except the goal, which is never expanded).
    const int dx = kDx[dir], dy = kDy[dir];
    straight_successor<kTrace>(x, y, c, dir, out);
    // The two sides perpendicular to the travel direction: forced when blocked behind, free here.
    for (int side = 0; side < 2; ++side) {
      const int sx = dx == 0 ? (side ? 1 : -1) : 0;
      const int sy = dy == 0 ? (side ? 1 : -1) : 0;
      if (free_at(x - dx + sx, y - dy + sy) || !free_at(x + sx, y + sy)) continue;
      const int side_dir = sx > 0 ? kEast : sx < 0 ? kWest : sy > 0 ? kSouth : kNorth;
      straight_successor<kTrace>(x, y, c, side_dir, out);
      diagonal_successors<kTrace>(x, y, c, diagonal_of(dx + sx, dy + sy), out);
    }
  }

  // No layer beyond the base's "jump_points": JPS+ never scans.
  void open_trace_layers(SearchTrace&) {}

  JumpTable table_;
};

}  // namespace

PlannerInfo jps_plus_planner_info() {
  PlannerInfo info;
  info.name = "jps_plus";
  info.summary =
      "JPS+ (Harabor & Grastien 2014; Rabin): JPS over precomputed jump distances; 8-connected, "
      "uniform cost, no corner cutting";
  info.factory = [](const ParamSet&) -> std::unique_ptr<Planner> {
    return std::make_unique<JpsPlusPlanner>();
  };
  return info;
}

}  // namespace pathbench
