// Cell-level best-first search confined to one rectangle (a level-1 cluster): the work horse of
// HPA*'s preprocessing (one Dijkstra per transition), of inserting start and goal, of the direct
// search when both are in one cluster, and of refine=search.
//
// Records are indexed by the cell's position inside the rectangle, so arrays are
// max_side x max_side whatever the map size, and stay in cache. Generation stamps make starting a
// search O(1); nothing is allocated after resize().
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "algorithms/core/moves.h"
#include "algorithms/heaps/binary_heap.h"
#include "algorithms/planners/hpa/cluster_geometry.h"

namespace pathbench::hpa {

class ClusterSearch {
 public:
  static constexpr double kInf = std::numeric_limits<double>::infinity();

  // Allocates for rectangles up to max_side x max_side; call in prepare.
  void resize(int max_side);
  std::size_t memory_bytes() const;

  // Search from `source` over the passable cells of `rect` (moves leaving it are ignored).
  // With a target: A* (free_distance heuristic), stops when the target is popped and returns its
  // cost (infinity if unreachable inside rect). Without (kNoCell): Dijkstra that stops as soon as
  // `settled(cell)` returns true for a popped cell, or when the rectangle is exhausted.
  // Every popped cell other than the target adds one to `expansions` and is passed to
  // `on_expand` (tracing; the overloads without it pass a no-op that compiles to nothing).
  template <class OnSettle, class OnExpand>
  double run(const Grid& grid, const MoveOffsets& off, const Rect& rect, CellId source,
             CellId target, std::uint64_t& expansions, OnSettle&& settled, OnExpand&& on_expand);
  template <class OnSettle>
  double run(const Grid& grid, const MoveOffsets& off, const Rect& rect, CellId source,
             CellId target, std::uint64_t& expansions, OnSettle&& settled) {
    return run(grid, off, rect, source, target, expansions, settled, [](CellId) {});
  }
  double run(const Grid& grid, const MoveOffsets& off, const Rect& rect, CellId source,
             CellId target, std::uint64_t& expansions) {
    return run(
        grid, off, rect, source, target, expansions, [](CellId) { return false; }, [](CellId) {});
  }

  // After run(): was `c` popped (its cost final)? Precondition: c inside the last rectangle.
  bool settled(CellId c) const {
    const std::uint32_t i = local(c);
    return stamp_[i] == 2 * gen_ + 1;
  }
  double cost(CellId c) const { return g_[local(c)]; }
  // Appends source..c (c settled) to `out`.
  void append_path(CellId c, std::vector<CellId>& out) const;

 private:
  std::uint32_t local(CellId c) const {
    const int x = grid_->x_of(c), y = grid_->y_of(c);
    return static_cast<std::uint32_t>((y - rect_.y0) * rect_.width() + (x - rect_.x0));
  }
  CellId cell_of(std::uint32_t i) const {
    const int w = rect_.width();
    return grid_->id(rect_.x0 + static_cast<int>(i) % w, rect_.y0 + static_cast<int>(i) / w);
  }

  const Grid* grid_ = nullptr;
  Rect rect_;
  std::vector<double> g_;
  std::vector<std::uint32_t> parent_;
  std::vector<std::uint32_t> stamp_;  // 2*gen_ = open, 2*gen_+1 = settled
  std::uint32_t gen_ = 0;
  BinaryHeap<AStarOrder> open_;
  mutable std::vector<CellId> scratch_;
};

template <class OnSettle, class OnExpand>
double ClusterSearch::run(const Grid& grid, const MoveOffsets& off, const Rect& rect, CellId source,
                          CellId target, std::uint64_t& expansions, OnSettle&& on_settle,
                          OnExpand&& on_expand) {
  grid_ = &grid;
  rect_ = rect;
  if (gen_ >= 0x7FFFFFF0u) {
    std::fill(stamp_.begin(), stamp_.end(), 0u);
    gen_ = 0;
  }
  ++gen_;
  open_.clear();
  const bool eight = grid.rules().connectivity == Connectivity::Eight;
  const int tx = target == kNoCell ? 0 : grid.x_of(target);
  const int ty = target == kNoCell ? 0 : grid.y_of(target);
  auto h = [&](int x, int y) {
    return target == kNoCell ? 0.0 : free_distance(x - tx, y - ty, eight);
  };
  const std::uint32_t s = local(source);
  g_[s] = 0.0;
  parent_[s] = 0xFFFFFFFFu;
  stamp_[s] = 2 * gen_;
  open_.push(s, {h(grid.x_of(source), grid.y_of(source)), 0.0});
  const int w = rect.width();
  while (!open_.empty()) {
    const std::uint32_t i = open_.pop();
    stamp_[i] = 2 * gen_ + 1;
    const CellId c = cell_of(i);
    if (c == target) return g_[i];
    ++expansions;
    on_expand(c);
    if (on_settle(c)) return g_[i];
    const int cx = rect.x0 + static_cast<int>(i) % w, cy = rect.y0 + static_cast<int>(i) / w;
    const double gc = g_[i];
    for_each_successor(grid, off, c, [&](CellId, double step, int dir) {
      const int nx = cx + kDx[dir], ny = cy + kDy[dir];
      if (!rect.contains(nx, ny)) return;
      const std::uint32_t j = static_cast<std::uint32_t>((ny - rect.y0) * w + (nx - rect.x0));
      const double gn = gc + step;
      if (stamp_[j] < 2 * gen_) {
        stamp_[j] = 2 * gen_;
        g_[j] = gn;
        parent_[j] = i;
        open_.push(j, {gn + h(nx, ny), gn});
      } else if (stamp_[j] == 2 * gen_ && gn < g_[j]) {
        g_[j] = gn;
        parent_[j] = i;
        open_.decrease_key(j, {gn + h(nx, ny), gn});
      }
    });
  }
  return kInf;
}

}  // namespace pathbench::hpa
