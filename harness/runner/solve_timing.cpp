#include "harness/runner/solve_timing.h"

namespace pathbench {

SolveTime split_at_search_end(std::chrono::steady_clock::time_point t0,
                              std::chrono::steady_clock::time_point t1,
                              const SearchResult& result) {
  using Micros = std::chrono::duration<double, std::micro>;
  const auto mark = result.search_end;
  if (mark < t0 || mark > t1) return {Micros(t1 - t0).count(), 0.0};
  return {Micros(mark - t0).count(), Micros(t1 - mark).count()};
}

SolveTime timed_solve(Planner& planner, const Query& query, const Budget& budget,
                      SearchResult& result) {
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  planner.solve(query, budget, result);
  const auto t1 = Clock::now();
  return split_at_search_end(t0, t1, result);
}

}  // namespace pathbench
