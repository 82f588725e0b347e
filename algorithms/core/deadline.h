// A query's limits as every search loop reads them: Deadline (a time limit costing one
// comparison per step: the clock is read only every Budget::kClockCheckInterval units of work)
// and SearchBudget (Budget's one meaning, see search_types.h), which planners whose search is
// split over several loops (HPA*: insertion, abstract search, refinement) share between them.
#pragma once

#include <chrono>
#include <cstdint>

#include "algorithms/core/search_types.h"

namespace pathbench {

class Deadline {
 public:
  using Clock = std::chrono::steady_clock;

  Deadline() = default;  // none
  explicit Deadline(double seconds)
      : active_(seconds > 0.0),
        end_(active_ ? Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                          std::chrono::duration<double>(seconds))
                     : Clock::time_point{}) {}

  // True once the limit has passed; `work` is a counter the caller increments per step.
  bool expired_at(std::uint64_t work) const {
    return active_ && work % Budget::kClockCheckInterval == 0 && Clock::now() >= end_;
  }
  // Reads the clock now: between phases.
  bool expired() const { return active_ && Clock::now() >= end_; }

 private:
  bool active_ = false;
  Clock::time_point end_{};
};

// Budget's documented meaning (search_types.h) in one place. Construct it when the query starts
// (the time limit runs from then).
class SearchBudget {
 public:
  SearchBudget() = default;  // unlimited
  explicit SearchBudget(const Budget& b)
      : max_expansions_(b.max_expansions), deadline_(b.time_limit_s) {}

  // Called with the number of nodes expanded so far, before expanding another: true when the
  // search must stop instead (Status::Timeout).
  bool exhausted(std::uint64_t expanded) const {
    return (max_expansions_ != 0 && expanded >= max_expansions_) || deadline_.expired_at(expanded);
  }

 private:
  std::uint64_t max_expansions_ = 0;
  Deadline deadline_;
};

}  // namespace pathbench
