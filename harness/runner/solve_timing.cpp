#include "harness/runner/solve_timing.h"

#include <chrono>

namespace pathbench {

SolveTime timed_solve(Planner& planner, const Query& query, const Budget& budget,
                      SearchResult& result) {
  using Clock = std::chrono::steady_clock;
  using Micros = std::chrono::duration<double, std::micro>;
  const auto t0 = Clock::now();
  planner.solve(query, budget, result);
  const auto t1 = Clock::now();
  const auto mark = result.search_end;
  if (mark < t0 || mark > t1) return {Micros(t1 - t0).count(), 0.0};
  return {Micros(mark - t0).count(), Micros(t1 - mark).count()};
}

}  // namespace pathbench
