// The progress line of a run on a terminal: `\r  done/total <unit>  rate/s  ETA s`, redrawn at
// most four times a second and once more, with a newline, when the last item is done.
#pragma once

#include <chrono>
#include <cstddef>
#include <ostream>
#include <string>

namespace pathbench {

class RunProgress {
 public:
  // `out` null: no progress line (output is not a terminal, or the caller asked for none).
  RunProgress(std::ostream* out, std::size_t total, std::string unit);
  // `done` items of `total` are finished.
  void tick(std::size_t done);

 private:
  using Clock = std::chrono::steady_clock;
  std::ostream* out_;
  std::size_t total_;
  std::string unit_;
  Clock::time_point start_, last_{};
};

}  // namespace pathbench
