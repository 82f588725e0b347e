// Cell-level best-first search confined to one rectangle (a level-1 cluster): the work horse of
// HPA*'s preprocessing (one Dijkstra per transition), of inserting start and goal, of the direct
// search when both are in one cluster, and of refine=search. It is the one kernel
// (search/best_first_loop.h) with CellPolicy below.
//
// Records are indexed by the cell's position inside the rectangle, so arrays are
// max_side x max_side whatever the map size, and stay in cache. Generation stamps make starting a
// search O(1); nothing is allocated after resize().
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "algorithms/core/deadline.h"
#include "algorithms/core/moves.h"
#include "algorithms/heaps/binary_heap.h"
#include "algorithms/planners/hpa/cluster_geometry.h"
#include "algorithms/search/best_first_loop.h"

namespace pathbench::hpa {

// The budget of one HPA* query, shared by all its searches: they are given one expansion counter,
// so the limit covers their sum. `hit` records that a search stopped on it.
struct SharedBudget {
  SearchBudget limits;
  bool hit = false;
};

// A search's listener that passes each expanded node, as `Hook` wants it, to `hook`.
template <class Hook, class ToHookArg>
struct ExpandHookListener : NoListener {
  Hook& hook;
  ToHookArg to_arg;
  void on_expand(CellId i) { hook(to_arg(i)); }
};

class ClusterSearch {
 public:
  static constexpr SearchCost kInf = kInfiniteCost;

  // Allocates for rectangles up to max_side x max_side; call in prepare.
  void resize(int max_side);
  std::size_t memory_bytes() const;
  // The following runs stop with infinity (and budget->hit) once it is exhausted; nullptr: none.
  void set_budget(SharedBudget* budget) { budget_ = budget; }

  // Search from `source` over the passable cells of `rect` (moves leaving it are ignored).
  // With a target: A* (free_distance heuristic), stops when the target is popped and returns its
  // cost (infinity if unreachable inside rect). Without (kNoCell): Dijkstra that stops as soon as
  // `settled(cell)` returns true for a popped cell, or when the rectangle is exhausted.
  // Every popped cell other than the target adds one to `expansions` and is passed to
  // `on_expand` (tracing; the overloads without it pass a no-op that compiles to nothing).
  template <class OnSettle, class OnExpand>
  SearchCost run(const Grid& grid, const MoveOffsets& off, const Rect& rect, CellId source,
                 CellId target, std::uint64_t& expansions, OnSettle&& settled,
                 OnExpand&& on_expand);
  template <class OnSettle>
  SearchCost run(const Grid& grid, const MoveOffsets& off, const Rect& rect, CellId source,
                 CellId target, std::uint64_t& expansions, OnSettle&& settled) {
    return run(grid, off, rect, source, target, expansions, settled, [](CellId) {});
  }
  SearchCost run(const Grid& grid, const MoveOffsets& off, const Rect& rect, CellId source,
                 CellId target, std::uint64_t& expansions) {
    return run(
        grid, off, rect, source, target, expansions, [](CellId) { return false; }, [](CellId) {});
  }

  // After run(): was `c` popped (its cost final)? Precondition: c inside the last rectangle.
  bool settled(CellId c) const { return nodes_.closed(local(c)); }
  SearchCost cost(CellId c) const { return nodes_[local(c)].g; }
  // Appends source..c (c settled) to `out`.
  void append_path(CellId c, std::vector<CellId>& out) const;

 private:
  // The kernel's expansion policy; node ids are positions inside the rectangle.
  template <class OnSettle>
  struct CellPolicy {
    const Grid& grid;
    const MoveOffsets& off;
    const ClusterSearch& search;
    std::uint32_t target;  // kNoCell: none
    int tx, ty;
    bool eight;
    OnSettle& settle;

    SearchCost h_at(int x, int y) const {
      return target == kNoCell ? 0 : free_distance_cost(x - tx, y - ty, eight);
    }
    bool is_target(std::uint32_t i) const { return i == target; }
    SearchCost h(std::uint32_t i) const {
      const CellId c = search.cell_of(i);
      return h_at(grid.x_of(c), grid.y_of(c));
    }
    bool stop_after(std::uint32_t i) { return settle(search.cell_of(i)); }
    template <class F>
    void expand(std::uint32_t i, SearchCost gc, F& f) {
      const Rect& rect = search.rect_;
      const int w = rect.width();
      const int cx = rect.x0 + static_cast<int>(i) % w, cy = rect.y0 + static_cast<int>(i) / w;
      const bool terrain = grid.has_terrain();
      for_each_successor(grid, off, search.cell_of(i), [&](CellId, double step, int dir) {
        const int nx = cx + kDx[dir], ny = cy + kDy[dir];
        if (!rect.contains(nx, ny)) return;
        const auto j = static_cast<std::uint32_t>((ny - rect.y0) * w + (nx - rect.x0));
        f.relax(j, i, gc + move_cost(terrain, step, is_diagonal(dir)),
                [&] { return h_at(nx, ny); });
      });
    }
  };

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
  NodeArena nodes_;  // parent kNoCell at the source
  BinaryHeap<AStarOrder> open_;
  SharedBudget* budget_ = nullptr;
  mutable std::vector<CellId> scratch_;
};

template <class OnSettle, class OnExpand>
SearchCost ClusterSearch::run(const Grid& grid, const MoveOffsets& off, const Rect& rect,
                              CellId source, CellId target, std::uint64_t& expansions,
                              OnSettle&& on_settle, OnExpand&& on_expand) {
  grid_ = &grid;
  rect_ = rect;
  const bool has_target = target != kNoCell;
  CellPolicy<OnSettle> policy{grid,
                              off,
                              *this,
                              has_target ? local(target) : kNoCell,
                              has_target ? grid.x_of(target) : 0,
                              has_target ? grid.y_of(target) : 0,
                              grid.rules().connectivity == Connectivity::Eight,
                              on_settle};
  auto to_cell = [this](std::uint32_t i) { return cell_of(i); };
  ExpandHookListener<OnExpand, decltype(to_cell)> listener{{}, on_expand, to_cell};
  Counters counters;  // only expansions are reported, continuing the caller's count
  counters.expansions = expansions;
  Frontier f(nodes_, open_, PlainKey{}, counters, listener);
  f.begin();
  const std::uint32_t s = local(source);
  f.relax(s, kNoCell, 0, [&] { return policy.h(s); });
  static const SearchBudget kUnlimited;
  const SearchEnd end = best_first_loop(policy, f, budget_ ? budget_->limits : kUnlimited);
  expansions = counters.expansions;
  switch (end) {
    case SearchEnd::Target:
      return nodes_[policy.target].g;
    case SearchEnd::Stopped:
      return 0;  // unused by callers: a settle search's costs are per cell
    case SearchEnd::Budget:
      budget_->hit = true;
      return kInf;
    default:
      return kInf;
  }
}

}  // namespace pathbench::hpa
