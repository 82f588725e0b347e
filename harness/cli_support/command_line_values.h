// Values written on the pathbench command line: X,Y points, integer lists, key=value
// assignments and planner lists (NAME or NAME:key=value[:key=value...], comma-separated).
// Every parser throws InputError("command line", 0, OPTION, why) naming the option, so a bad
// value is reported like a bad YAML key (file, field, what was expected, what was given).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "algorithms/core/grid.h"
#include "algorithms/core/params.h"

namespace pathbench::cli {

// "X,Y": two integers, nothing around them ("1,2," and "1, 2" are refused).
Point parse_point(const std::string& text, const std::string& option);

// Exactly `count` comma-separated integers; `shape` names the expected form in the message
// (e.g. "x0,y0,x1,y1").
std::vector<int> parse_int_list(const std::string& text, std::size_t count,
                                const std::string& option, const std::string& shape);

// "key=value": the key is everything before the first '=' and must not be empty; the value may
// be empty or hold further '='.
using Assignment = std::pair<std::string, std::string>;
Assignment parse_assignment(const std::string& text, const std::string& option);

// Assignments in the order given (later ones win when the same key repeats in to_raw_params).
using Assignments = std::vector<Assignment>;
RawParams to_raw_params(const Assignments& assignments);

// One entry of a planner list: the text as written (a label), the planner name and its own
// assignments.
struct PlannerSpec {
  std::string text;
  std::string name;
  Assignments params;
};
// "P1,P2:k=v,P3:k=v:k=v". An empty name (",," or ":k=v") is an error; names are not looked up.
std::vector<PlannerSpec> parse_planner_list(const std::string& text, const std::string& option);

}  // namespace pathbench::cli
