// Which planners a command draws, with which parameters: --compare's entries (NAME[:k=v...]) or
// the single --planner, with every --set applied to each planner whose schema has the key.
#pragma once

#include <string>
#include <vector>

#include "harness/cli_support/command_line_values.h"

namespace pathbench::cli {

struct PlannerRequest {
  std::string label;  // the --compare entry as written, or --planner plus its --set values
  std::string name;
  RawParams params;
};

// A --set key that no planner of --compare has is an error, not ignored; a single planner gets
// every --set, so its schema reports a wrong key. A --compare entry's own value wins over --set.
// Unknown planner names are InputErrors naming --compare (or --planner without it).
std::vector<PlannerRequest> planner_requests(const std::string& planner,
                                             const std::vector<PlannerSpec>& compare,
                                             const Assignments& set);

}  // namespace pathbench::cli
