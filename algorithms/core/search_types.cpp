#include "algorithms/core/search_types.h"

#include <cmath>
#include <cstddef>
#include <iterator>
#include <sstream>

namespace pathbench {

std::string_view to_string(Status s) {
  static constexpr std::string_view kNames[] = {"solved",        "unreachable", "invalid_query",
                                                "timeout",       "unsupported", "crashed",
                                                "protocol_error", "bad_query"};  // in Status's order
  static_assert(std::size(kNames) == static_cast<std::size_t>(Status::BadQuery) + 1);
  const auto i = static_cast<std::size_t>(s);
  return i < std::size(kNames) ? kNames[i] : "unknown";
}

std::string time_limit_problem(double seconds) {
  if (std::isfinite(seconds) && seconds >= 0.0) return {};
  std::ostringstream got;
  got << seconds;
  return "expected a non-negative number of seconds (0 = no limit), got " + got.str();
}

}  // namespace pathbench
