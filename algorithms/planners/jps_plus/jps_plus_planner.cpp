#include "algorithms/planners/jps_plus/jps_plus_planner.h"

#include <limits>
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

class JpsPlusPlanner final : public JumpPointSearch<JpsPlusPlanner, JumpTable> {
 public:
  JpsPlusPlanner() : JumpPointSearch(/*needs_preprocessing=*/true) {}

 private:
  friend class JumpPointSearch<JpsPlusPlanner, JumpTable>;

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

  // A cell `diag` steps along a diagonal run, padded (x, y) = cell c: the goal itself, or the
  // origin of the run's two straight jumps (horizontal first, as jps).
  template <bool kTrace, int D>
  void diagonal_cell(int x, int y, CellId c, int diag, Out<kTrace>& out) {
    constexpr int kH = kDx[D] > 0 ? kEast : kWest;
    constexpr int kV = kDy[D] > 0 ? kSouth : kNorth;
    if (c == goal_) {
      relax<kTrace>(x, y, diag, 0, kH, out);
      return;
    }
    straight_successor<kTrace, kH>(x, y, c, diag, out);
    straight_successor<kTrace, kV>(x, y, c, diag, out);
  }

  // Diagonal run from padded (x, y) = cell c in diagonal direction D: hops from one diagonal jump
  // point to the next (one table read each) until the wall. Cells in between have no straight
  // jump point by construction, so only the goal's row and column crossings need a look there.
  // The crossings are known before the walk: a hop only compares its reach with the next one
  // (most runs have none ahead, and then the compare never fires).
  template <bool kTrace, int D>
  void diagonal_successors(int x, int y, CellId c, Out<kTrace>& out) {
    constexpr int kSx = kDx[D], kSy = kDy[D];
    constexpr int kNone = std::numeric_limits<int>::max();
    const CellId step = static_cast<CellId>(kSy * pw_ + kSx);  // unsigned wrap-around: exact
    // Diagonal steps from (x, y) to the goal's row and column, in path order; <= 0 (behind or
    // level) become kNone. Equal crossings are the goal cell, visited once.
    int next = (gy_ - y) * kSy, after = (gx_ - x) * kSx;
    if (next > after) std::swap(next, after);
    if (after == next || after < 1) after = kNone;
    if (next < 1) next = after, after = kNone;
    for (int k = 0;;) {
      const int t = table_.distance(c, D);
      // Last step of this hop a crossing is looked at in: a crossing at the jump point itself
      // (step k + t, when t > 0) is handled with it, by its straight jumps.
      const int last = t > 0 ? k + t - 1 : k - t;
      while (next <= last) {
        diagonal_cell<kTrace, D>(x + kSx * next, y + kSy * next,
                                 c + static_cast<CellId>(next - k) * step, next, out);
        next = after;
        after = kNone;
      }
      if (t <= 0) return;
      k += t;
      c += static_cast<CellId>(t) * step;
      if (next == k) next = after, after = kNone;
      diagonal_cell<kTrace, D>(x + kSx * k, y + kSy * k, c, k, out);
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

  // A node reached by a straight move along Dir (every non-start node: diagonal cells are never
  // generated, except the goal, which is never expanded): the jump ahead, then each side
  // perpendicular to Dir, forced when blocked behind and free here. One instantiation per
  // direction, so the side cells are constant id offsets.
  template <bool kTrace, int Dir>
  void expand_from(int x, int y, CellId c, Out<kTrace>& out) {
    constexpr int kDxd = kDx[Dir], kDyd = kDy[Dir];
    const CellId back = static_cast<CellId>(kDyd * pw_ + kDxd);
    straight_successor<kTrace, Dir>(x, y, c, 0, out);
    // Side -1 first, then +1 (jps's order): west/east of a vertical move, north/south of a
    // horizontal one.
    const auto side = [&]<int kS>() {
      constexpr int kSxs = kDxd == 0 ? kS : 0, kSys = kDyd == 0 ? kS : 0;
      const CellId off = static_cast<CellId>(kSys * pw_ + kSxs);
      if (free_[c - back + off] || !free_[c + off]) return;
      constexpr int kSide = kSxs > 0 ? kEast : kSxs < 0 ? kWest : kSys > 0 ? kSouth : kNorth;
      straight_successor<kTrace, kSide>(x, y, c, 0, out);
      diagonal_successors<kTrace, diagonal_of(kDxd + kSxs, kDyd + kSys)>(x, y, c, out);
    };
    side.template operator()<-1>();
    side.template operator()<1>();
  }

  // jps's expansion, with table reads for scans.
  template <bool kTrace>
  void expand(CellId c, Out<kTrace>& out) {
    const int x = static_cast<int>(c % static_cast<CellId>(pw_));
    const int y = static_cast<int>(c / static_cast<CellId>(pw_));
    switch (dir_[c]) {
      case kNorth:
        return expand_from<kTrace, kNorth>(x, y, c, out);
      case kEast:
        return expand_from<kTrace, kEast>(x, y, c, out);
      case kSouth:
        return expand_from<kTrace, kSouth>(x, y, c, out);
      case kWest:
        return expand_from<kTrace, kWest>(x, y, c, out);
      default:  // the start: every direction is open
        for (int d = 0; d < 4; ++d) straight_successor<kTrace>(x, y, c, d, out);
        for (int d = 4; d < 8; ++d) diagonal_successors<kTrace>(x, y, c, d, out);
    }
  }

  // No layer beyond the base's "jump_points": JPS+ never scans.
  void open_trace_layers(SearchTrace&) {}
};

}  // namespace

PlannerInfo jps_plus_planner_info() {
  return planner_without_params<JpsPlusPlanner>(
      "jps_plus",
      "JPS+ (Harabor & Grastien 2014; Rabin): JPS over precomputed jump "
      "distances; 8-connected, uniform cost, no corner cutting");
}

}  // namespace pathbench
