// A per-query time limit that costs one comparison per step: the clock is read only every
// Budget::kClockCheckInterval units of work. For planners whose search is split over several
// loops (HPA*: insertion, abstract search, refinement) so every loop can share one deadline.
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
        end_(Clock::now() +
             std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds))) {}

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

}  // namespace pathbench
