// Distance estimates between cells, as small inline functors the search loop is instantiated
// with (no virtual call per node). Each takes absolute coordinate differences.
//
// Admissible (never above the true cost) for uniform costs:
//   octile    - exact on an empty 8-connected grid; admissible on 4-connected too
//   euclidean - admissible everywhere, weaker than octile
//   chebyshev - admissible everywhere (diagonal counted as 1), weaker still
//   manhattan - admissible and consistent on 4-connected grids only; overestimates diagonals
//   zero      - Dijkstra
// With terrain costs the planner multiplies h by grid.min_cell_cost() to stay admissible.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>

#include "algorithms/core/grid.h"
#include "algorithms/core/moves.h"

namespace pathbench {

struct OctileHeuristic {
  double operator()(int dx, int dy) const { return octile_distance(dx, dy); }
};
struct ManhattanHeuristic {
  double operator()(int dx, int dy) const { return dx + dy; }
};
struct EuclideanHeuristic {
  double operator()(int dx, int dy) const { return std::sqrt(double(dx) * dx + double(dy) * dy); }
};
struct ChebyshevHeuristic {
  double operator()(int dx, int dy) const { return std::max(dx, dy); }
};
struct ZeroHeuristic {
  double operator()(int, int) const { return 0.0; }
};

enum class HeuristicKind { Octile, Manhattan, Euclidean, Chebyshev, Zero };

inline constexpr std::string_view kHeuristicNames[] = {"octile", "manhattan", "euclidean",
                                                       "chebyshev", "zero"};

// Throws std::invalid_argument for an unknown name.
HeuristicKind parse_heuristic(std::string_view name);

// Is this heuristic admissible and consistent under `rules` (uniform costs; the min-cost scaling
// keeps that true with terrain)?
bool heuristic_is_consistent(HeuristicKind kind, const MoveRules& rules);

// Runtime evaluation for tests and tools (the search loop uses the functors directly).
double evaluate_heuristic(HeuristicKind kind, int dx, int dy);

}  // namespace pathbench
