#include "harness/runner/run_progress.h"

#include <fmt/format.h>

namespace pathbench {

RunProgress::RunProgress(std::ostream* out, std::size_t total, std::string unit)
    : out_(out), total_(total), unit_(std::move(unit)), start_(Clock::now()) {}

void RunProgress::tick(std::size_t done) {
  if (!out_) return;
  const auto now = Clock::now();
  if (done != total_ && now - last_ < std::chrono::milliseconds(250)) return;
  last_ = now;
  const double el = std::chrono::duration<double>(now - start_).count();
  const double rate = el > 0 ? static_cast<double>(done) / el : 0.0;
  const double eta = rate > 0 ? static_cast<double>(total_ - done) / rate : 0.0;
  *out_ << fmt::format("\r  {}/{} {}  {:.0f}/s  ETA {:.0f}s   ", done, total_, unit_, rate, eta)
        << (done == total_ ? "\n" : "") << std::flush;
}

}  // namespace pathbench
