#include "algorithms/core/search_types.h"

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

}  // namespace pathbench
