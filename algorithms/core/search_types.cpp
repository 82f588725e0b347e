#include "algorithms/core/search_types.h"

#include <cmath>
#include <sstream>

namespace pathbench {

std::string_view to_string(Status s) {
  switch (s) {
    case Status::Solved:
      return "solved";
    case Status::Unreachable:
      return "unreachable";
    case Status::InvalidQuery:
      return "invalid_query";
    case Status::Timeout:
      return "timeout";
    case Status::Unsupported:
      return "unsupported";
    case Status::Crashed:
      return "crashed";
    case Status::ProtocolError:
      return "protocol_error";
  }
  return "unknown";
}

std::string time_limit_problem(double seconds) {
  if (std::isfinite(seconds) && seconds >= 0.0) return {};
  std::ostringstream got;
  got << seconds;
  return "expected a non-negative number of seconds (0 = no limit), got " + got.str();
}

}  // namespace pathbench
