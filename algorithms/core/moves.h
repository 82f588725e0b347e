// Moves on a Grid: the eight directions, their costs, the legality rule, and the successor
// enumeration every full-neighbour planner inlines into its loop.
//
// Cost model (decided once, here): costs are doubles. A cardinal step has length 1, a diagonal
// step length sqrt(2) (exact double), and entering cell c multiplies the length by
// grid.cell_cost(c). Path costs are summed in path order. Comparisons against reference costs use
// kCostTolerance (relative), which also accepts MovingAI's 6-significant-digit .scen lengths;
// a length published as text with few decimals (bg512's version-1.0 scens print 2) is compared
// at its own precision (matches_published).
// The best-first searches order nodes by a fixed-point image of these costs
// (algorithms/core/search_cost.h), in which equally good paths tie exactly; the costs they
// report are still these doubles, summed over the returned path.
#pragma once

#include <array>
#include <cmath>
#include <numbers>
#include <type_traits>
#include <utility>

#include "algorithms/core/grid.h"

namespace pathbench {

inline constexpr double kSqrt2 = std::numbers::sqrt2;
// |a - b| <= kCostTolerance * max(1, |b|) counts as equal.
inline constexpr double kCostTolerance = 1e-5;

inline bool costs_equal(double a, double b) {
  return std::fabs(a - b) <= kCostTolerance * std::max(1.0, std::fabs(b));
}

// Tolerance for a cost compared with a length published as text with `decimals` digits after the
// point: half a unit in its last printed digit (the rounding of the text), or the relative
// kCostTolerance, whichever is larger. decimals < 0 means "not published text" (a reference we
// computed, exact as a double), which gets kCostTolerance alone.
inline double published_tolerance(double published, int decimals) {
  const double relative = kCostTolerance * std::max(1.0, std::fabs(published));
  if (decimals < 0) return relative;
  return std::max(relative, 0.5 * std::pow(10.0, -decimals));
}

inline bool matches_published(double cost, double published, int decimals) {
  return std::fabs(cost - published) <= published_tolerance(published, decimals);
}

// Cost of a shortest obstacle-free 8-connected path between cells dx, dy >= 0 apart (uniform
// cost), in doubles: D* Lite's heuristic, HPA*'s smoothing, tools. The best-first searches use
// its fixed-point twin octile_cost (search_cost.h).
inline double octile_distance(int dx, int dy) {
  const int lo = std::min(dx, dy), hi = std::max(dx, dy);
  return (hi - lo) + kSqrt2 * lo;
}

// Directions in a fixed order: the four cardinals first, then the diagonals. The order is part of
// the deterministic expansion sequence (it decides which equal-key node is generated first).
enum Direction : int {
  kNorth = 0,
  kEast,
  kSouth,
  kWest,
  kNorthEast,
  kSouthEast,
  kSouthWest,
  kNorthWest
};
inline constexpr int kNumDirections = 8;
inline constexpr std::array<int, kNumDirections> kDx = {0, 1, 0, -1, 1, 1, -1, -1};
inline constexpr std::array<int, kNumDirections> kDy = {-1, 0, 1, 0, -1, 1, 1, -1};

inline bool is_diagonal(int dir) { return dir >= kNorthEast; }

// Offsets of each direction in padded-id space.
struct MoveOffsets {
  std::array<std::int64_t, kNumDirections> delta{};
  explicit MoveOffsets(const Grid& g) {
    for (int d = 0; d < kNumDirections; ++d) delta[d] = kDy[d] * g.padded_width() + kDx[d];
  }
  CellId step(CellId c, int dir) const { return static_cast<CellId>(c + delta[dir]); }
};

// Calls fn(neighbour_id, step_cost) — or fn(neighbour_id, step_cost, direction) when fn takes
// three arguments — for every legal move out of `c` (which must be passable).
// Inline template: this is the inner loop of A*, Dijkstra and the reference searches.
// kMayHaveTerrain = false: the caller knows the grid is uniform (!g.has_terrain()), and the loop
// drops its per-move terrain branches (A*'s uniform instantiation).
template <bool kMayHaveTerrain = true, class Fn>
inline void for_each_successor(const Grid& g, const MoveOffsets& off, CellId c, Fn&& fn) {
  auto emit = [&](CellId n, double cost, int dir) {
    if constexpr (std::is_invocable_v<Fn&, CellId, double, int>)
      fn(n, cost, dir);
    else
      fn(n, cost);
  };
  if constexpr (!kMayHaveTerrain) {
    // Unrolled, same order: each direction is a constant, so its cost, its dx / dy and the
    // callback's branches on it fold away (fewer instructions and spills per expansion).
    bool free_card[4];
    auto cardinal = [&]<int D>(std::integral_constant<int, D>) {
      const CellId n = off.step(c, D);
      free_card[D] = g.passable(n);
      if (free_card[D]) emit(n, 1.0, D);
    };
    auto diagonal = [&]<int D>(std::integral_constant<int, D>, bool cut) {
      if (!cut && !(free_card[D - 4] && free_card[(D - 3) & 3])) return;
      const CellId n = off.step(c, D);
      if (g.passable(n)) emit(n, kSqrt2, D);
    };
    [&]<int... D>(std::integer_sequence<int, D...>) {
      (cardinal(std::integral_constant<int, D>{}), ...);
    }
    (std::make_integer_sequence<int, 4>{});
    if (g.rules().connectivity == Connectivity::Four) return;
    const bool cut = g.rules().corner_cutting;
    [&]<int... D>(std::integer_sequence<int, D...>) {
      (diagonal(std::integral_constant<int, D + 4>{}, cut), ...);
    }
    (std::make_integer_sequence<int, 4>{});
    return;
  }
  const bool terrain = kMayHaveTerrain && g.has_terrain();
  bool free_card[4];
  for (int d = 0; d < 4; ++d) {
    const CellId n = off.step(c, d);
    free_card[d] = g.passable(n);
    if (free_card[d]) emit(n, terrain ? g.cell_cost(n) : 1.0, d);
  }
  if (g.rules().connectivity == Connectivity::Four) return;
  // Diagonal d (4..7) lies between cardinals: NE = N,E; SE = E,S; SW = S,W; NW = W,N.
  const bool cut = g.rules().corner_cutting;
  for (int d = 4; d < 8; ++d) {
    const int a = d - 4, b = (d - 3) & 3;
    if (!cut && !(free_card[a] && free_card[b])) continue;
    const CellId n = off.step(c, d);
    if (g.passable(n)) emit(n, terrain ? kSqrt2 * g.cell_cost(n) : kSqrt2, d);
  }
}

// Is (a -> b) a single legal move under the grid's rules? Used by the validator; O(1).
// Returns the step cost in *cost when legal.
bool legal_move(const Grid& g, Point a, Point b, double* cost = nullptr);

}  // namespace pathbench
