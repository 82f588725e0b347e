// run_traced (trace_renderer.h): one timed untraced solve, then the traced one drawn.
#include <chrono>
#include <stdexcept>

#include "harness/render/trace_renderer.h"

namespace pathbench {

RenderPanel run_traced(const Grid& grid, const Query& query, Planner& planner, std::string label,
                       std::string params, const Budget& budget, bool log_events) {
  RenderPanel p;
  p.label = std::move(label);
  p.params = std::move(params);
  p.traceable = planner.capabilities().traceable;
  (void)grid;
  planner.set_trace(nullptr);
  SearchResult untraced;
  const auto t0 = std::chrono::steady_clock::now();
  planner.solve(query, budget, untraced);
  p.time_us =
      std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
  p.trace.log_events = log_events;
  planner.set_trace(&p.trace);
  planner.solve(query, budget, p.result);
  planner.set_trace(nullptr);
  // A time limit can legitimately cut the two runs at different points.
  const bool comparable = budget.time_limit_s == 0.0;
  if (comparable && (untraced.status != p.result.status ||
                     untraced.counters.expansions != p.result.counters.expansions ||
                     untraced.path != p.result.path))
    throw std::logic_error("planner '" + p.label + "' behaves differently with tracing on");
  return p;
}

}  // namespace pathbench
