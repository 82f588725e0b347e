#include "harness/runner/solve_timing.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace pathbench {

SolveTime split_at_search_end(std::chrono::steady_clock::time_point t0,
                              std::chrono::steady_clock::time_point t1,
                              const SearchResult& result) {
  using Micros = std::chrono::duration<double, std::micro>;
  const auto mark = result.search_end;
  if (mark < t0 || mark > t1) return {Micros(t1 - t0).count(), 0.0};
  return {Micros(mark - t0).count(), Micros(t1 - mark).count()};
}

SolveTime timed_batch(Planner& planner, const Query& query, const Budget& budget,
                      SearchResult& result, int k) {
  if (k <= 1) return timed_solve(planner, query, budget, result);
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  for (int i = 0; i < k; ++i) planner.solve(query, budget, result);
  const auto t1 = Clock::now();
  // The mark is the last call's: its path part stands for every call's.
  const SolveTime whole = split_at_search_end(t0, t1, result);
  const double per_call = whole.total_us() / k;
  const double path = std::min(per_call, whole.path_us);
  return {per_call - path, path};
}

int batch_size(double one_call_us, double min_us) {
  if (!(min_us > 0) || one_call_us >= min_us) return 1;
  if (!(one_call_us > 0)) return kMaxBatch;  // below the clock's resolution
  const double k = std::ceil(min_us / one_call_us);
  return k >= kMaxBatch ? kMaxBatch : static_cast<int>(k);
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
