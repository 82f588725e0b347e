#include "algorithms/heuristics/heuristics.h"

#include <stdexcept>

namespace pathbench {

HeuristicKind parse_heuristic(std::string_view name) {
  for (int i = 0; i < 5; ++i)
    if (kHeuristicNames[i] == name) return static_cast<HeuristicKind>(i);
  throw std::invalid_argument("unknown heuristic '" + std::string(name) + "'");
}

bool heuristic_is_consistent(HeuristicKind kind, const MoveRules& rules) {
  if (kind != HeuristicKind::Manhattan) return true;
  return rules.connectivity == Connectivity::Four;
}

double evaluate_heuristic(HeuristicKind kind, int dx, int dy) {
  switch (kind) {
    case HeuristicKind::Octile:
      return OctileHeuristic{}(dx, dy);
    case HeuristicKind::Manhattan:
      return ManhattanHeuristic{}(dx, dy);
    case HeuristicKind::Euclidean:
      return EuclideanHeuristic{}(dx, dy);
    case HeuristicKind::Chebyshev:
      return ChebyshevHeuristic{}(dx, dy);
    case HeuristicKind::Zero:
      return ZeroHeuristic{}(dx, dy);
  }
  return 0.0;
}

}  // namespace pathbench
