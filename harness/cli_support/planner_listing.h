// `pathbench list`: every registered planner with its summary, parameters (type, range or
// choices, default, doc) and a preset's fixed values.
#pragma once

#include <iosfwd>

namespace pathbench::cli {

void print_planner_list(std::ostream& out);

}  // namespace pathbench::cli
