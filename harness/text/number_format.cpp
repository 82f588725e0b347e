#include "harness/text/number_format.h"

#include <fmt/format.h>

#include <cmath>

namespace pathbench {

std::string csv_number(double v) {
  if (std::isnan(v)) return {};
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return fmt::format("{}", v);
}

std::string percent(std::size_t part, std::size_t whole, std::string_view none) {
  if (whole == 0) return std::string(none);
  return fmt::format("{:.1f}", 100.0 * static_cast<double>(part) / static_cast<double>(whole));
}

}  // namespace pathbench
