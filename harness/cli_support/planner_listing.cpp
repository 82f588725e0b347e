#include "harness/cli_support/planner_listing.h"

#include <fmt/format.h>

#include <ostream>

#include "algorithms/registry/planner_registry.h"

namespace pathbench::cli {
namespace {

std::string param_text(const ParamSpec& s) {
  switch (s.type) {
    case ParamType::Bool:
      return "bool";
    case ParamType::Int:
      return fmt::format("int in [{}, {}]", s.min, s.max);
    case ParamType::Real:
      return fmt::format("real in [{}, {}]", s.min, s.max);
    case ParamType::Choice:
      return fmt::format("{{{}}}", fmt::join(s.choices, ", "));
    case ParamType::String:
      return "string";
  }
  return "";
}

}  // namespace

void print_planner_list(std::ostream& out) {
  for (const PlannerInfo& p : planner_registry()) {
    out << p.name << " - " << p.summary << '\n';
    for (const ParamSpec& s : p.params)
      out << fmt::format("    {:<16} {} (default {}): {}\n", s.name, param_text(s),
                         s.type == ParamType::String && format_param_value(s.default_value).empty()
                             ? std::string("none")
                             : format_param_value(s.default_value),
                         s.doc);
    if (!p.fixed.empty()) {
      out << "    fixed:";
      for (const auto& [k, v] : p.fixed) out << ' ' << k << '=' << format_param_value(v);
      out << '\n';
    }
  }
}

}  // namespace pathbench::cli
