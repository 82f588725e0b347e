#include "harness/cli_support/command_line_values.h"

#include <fmt/format.h>

#include <charconv>

#include "algorithms/core/input_error.h"

namespace pathbench::cli {
namespace {

InputError bad_value(const std::string& option, const std::string& why) {
  return InputError("command line", 0, option, why);
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::size_t at = 0;
  for (;;) {
    const std::size_t next = s.find(sep, at);
    parts.push_back(s.substr(at, next == std::string::npos ? std::string::npos : next - at));
    if (next == std::string::npos) return parts;
    at = next + 1;
  }
}

bool parse_int(const std::string& text, int& out) {
  const char* b = text.data();
  const char* e = b + text.size();
  const auto r = std::from_chars(b, e, out);
  return b != e && r.ec == std::errc() && r.ptr == e;
}

}  // namespace

std::vector<int> parse_int_list(const std::string& text, std::size_t count,
                                const std::string& option, const std::string& shape) {
  const std::vector<std::string> parts = split(text, ',');
  std::vector<int> values(parts.size());
  bool ok = parts.size() == count;
  for (std::size_t i = 0; ok && i < parts.size(); ++i) ok = parse_int(parts[i], values[i]);
  if (!ok) throw bad_value(option, fmt::format("expected {}, got '{}'", shape, text));
  return values;
}

Point parse_point(const std::string& text, const std::string& option) {
  const std::vector<int> v = parse_int_list(text, 2, option, "X,Y");
  return {v[0], v[1]};
}

Assignment parse_assignment(const std::string& text, const std::string& option) {
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    throw bad_value(option, "expected key=value, got '" + text + "'");
  return {text.substr(0, eq), text.substr(eq + 1)};
}

RawParams to_raw_params(const Assignments& assignments) {
  RawParams raw;
  for (const auto& [key, value] : assignments) raw[key] = value;
  return raw;
}

std::vector<PlannerSpec> parse_planner_list(const std::string& text, const std::string& option) {
  std::vector<PlannerSpec> specs;
  for (const std::string& entry : split(text, ',')) {
    const std::vector<std::string> parts = split(entry, ':');
    if (parts[0].empty()) throw bad_value(option, "empty planner name in '" + text + "'");
    PlannerSpec spec{entry, parts[0], {}};
    for (std::size_t i = 1; i < parts.size(); ++i)
      spec.params.push_back(parse_assignment(parts[i], option));
    specs.push_back(std::move(spec));
  }
  return specs;
}

}  // namespace pathbench::cli
