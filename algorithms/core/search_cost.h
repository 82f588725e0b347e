// The cost type of every best-first search (A*, weighted A*, Dijkstra, greedy, JPS, JPS+, HPA*'s
// searches): fixed point, 2^32 units per cardinal step of cost 1.
//
// Why not double: g and h summed in doubles with sqrt(2) differ in their last bits for equally
// good paths, so f "ties" are not ties and A*'s larger-g-first rule (AStarOrder) rarely fires: on
// an open grid, a goal (1000, 300) away cost 195,260 expansions instead of 1,000. In the lattice
// every octile path cost is exactly a * kCardinalCost + b * kDiagonalCost and the octile
// heuristic is computed in the same lattice (octile_cost), so f is identical along every optimal
// path of an open grid and the tie-break expands exactly one path. Why not counts of cardinal and
// diagonal steps (a + b sqrt(2), compared exactly): terrain costs are arbitrary doubles, which
// that form cannot hold; one integer also keeps heap compares cheap (they run in every sift).
//
// Rounding, and why the results stay exact enough:
//  - Step costs are rounded UP (step_cost): a path's lattice cost is never below its real cost
//    times 2^32. So any heuristic admissible (consistent) for real costs stays so once its value
//    is rounded DOWN (heuristic_cost); octile_cost is the exact lattice cost of an open grid of
//    the same per-step costs, hence consistent. ceil(sqrt(2) * 2^32) = 6074001000 exceeds
//    sqrt(2) * 2^32 by 0.048 units, so real sqrt(2) sums never round past it.
//  - Error: at most one unit (2^-32 ~ 2.3e-10) per step, so a lattice cost is above the real
//    cost by a relative 2.3e-10 / (smallest step cost); uniform grids: 1.1e-11 per diagonal.
//    Lattice comparisons can only disagree with real ones for two paths whose real costs differ
//    by less than that; for octile paths, |a + b sqrt(2)| >= 1/(3|b|) (sqrt(2)'s continued
//    fraction) means this needs diagonal counts differing by > 1.7e5. Reported costs do not
//    come from the lattice: planners price the path they return (algorithms/core/path_cost.h),
//    so result.cost is the double sum the validator checks.
//  - Range: int64 holds costs up to 2^31 ~ 2.1e9 (cardinal steps of cost 1); f = g + weight * h
//    must stay below that. Nothing here checks it per step: maps are refused where their costs
//    are given when a simple path could cost more than 2^29 (cost_range.h says why that much),
//    so no search loop needs an overflow test.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace pathbench {

using SearchCost = std::int64_t;

inline constexpr double kCostScale = 4294967296.0;  // 2^32 units per cost 1
inline constexpr SearchCost kCardinalCost = SearchCost{1} << 32;
inline constexpr SearchCost kDiagonalCost = 6074001000;  // ceil(sqrt(2) * 2^32)
inline constexpr SearchCost kInfiniteCost = std::numeric_limits<SearchCost>::max();

// Lattice cost of a step of real cost `c` > 0, rounded up (see above). step_cost(1.0) ==
// kCardinalCost, step_cost(kSqrt2) == kDiagonalCost.
inline SearchCost step_cost(double c) { return static_cast<SearchCost>(std::ceil(c * kCostScale)); }
// Lattice value of a heuristic estimate h >= 0, rounded down (see above).
inline SearchCost heuristic_cost(double h) {
  return static_cast<SearchCost>(std::floor(h * kCostScale));
}
// A lattice cost in cost units (traces and logs; not reported costs, see above).
inline double to_real_cost(SearchCost c) {
  return c == kInfiniteCost ? std::numeric_limits<double>::infinity()
                            : static_cast<double>(c) / kCostScale;
}

// Lattice cost of a move enumerated by for_each_successor (moves.h) with real cost `step`: on
// uniform grids the two constants (no rounding per move), with terrain step_cost(step).
inline SearchCost move_cost(bool terrain, double step, bool diagonal) {
  return terrain ? step_cost(step) : diagonal ? kDiagonalCost : kCardinalCost;
}

// The octile distance in the lattice, cells dx, dy >= 0 apart, for given cardinal and diagonal
// step costs: exact on an open grid, so f ties along optimal paths are exact.
inline SearchCost octile_cost(int dx, int dy, SearchCost cardinal = kCardinalCost,
                              SearchCost diagonal = kDiagonalCost) {
  const int lo = std::min(dx, dy), hi = std::max(dx, dy);
  return (hi - lo) * cardinal + lo * diagonal;
}

}  // namespace pathbench
