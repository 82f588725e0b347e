#include "algorithms/core/params.h"

#include <fmt/format.h>
#include <charconv>
#include <cmath>

namespace pathbench {

std::string format_param_value(const ParamValue& v) {
  struct Visitor {
    std::string operator()(bool b) const { return b ? "true" : "false"; }
    std::string operator()(std::int64_t i) const { return std::to_string(i); }
    // Shortest representation that round-trips, so "1.2" prints as 1.2.
    std::string operator()(double d) const { return fmt::format("{}", d); }
    std::string operator()(const std::string& s) const { return s; }
  };
  return std::visit(Visitor{}, v);
}

std::string ParamSet::to_string() const {
  std::string out;
  for (const auto& [k, v] : values_) {
    if (!out.empty()) out += ';';
    out += k + '=' + format_param_value(v);
  }
  return out;
}

std::optional<bool> parse_bool_word(std::string_view t) {
  for (std::string_view w : {"true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON", "1"})
    if (t == w) return true;
  for (std::string_view w : {"false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF", "0"})
    if (t == w) return false;
  return std::nullopt;
}

std::string param_value_problem(const ParamSpec& spec, const ParamValue& v) {
  const auto outside = [&](auto x) {
    return fmt::format("parameter '{}': {} is outside [{}, {}]", spec.name, x, spec.min, spec.max);
  };
  switch (spec.type) {
    case ParamType::Bool:
      if (std::holds_alternative<bool>(v)) return {};
      break;
    case ParamType::Int:
      if (const auto* i = std::get_if<std::int64_t>(&v))
        return static_cast<double>(*i) < spec.min || static_cast<double>(*i) > spec.max
                   ? outside(*i)
                   : std::string();
      break;
    case ParamType::Real:
      if (const auto* d = std::get_if<double>(&v))
        return *d < spec.min || *d > spec.max ? outside(*d) : std::string();
      break;
    case ParamType::Choice:
      if (const auto* s = std::get_if<std::string>(&v)) {
        for (const auto& c : spec.choices)
          if (c == *s) return {};
        return fmt::format("parameter '{}': expected one of {{{}}}, got '{}'", spec.name,
                           fmt::join(spec.choices, ", "), *s);
      }
      break;
    case ParamType::String:
      if (std::holds_alternative<std::string>(v)) return {};
      break;
  }
  return fmt::format("parameter '{}': value {} has the wrong type", spec.name,
                     format_param_value(v));
}

namespace {

// Text to a value of the spec's type; param_value_problem then checks range and choices.
ParamValue parse_value(const ParamSpec& spec, const std::string& text) {
  auto fail = [&](const std::string& expected) -> ParamError {
    return ParamError(
        spec.name, fmt::format("parameter '{}': expected {}, got '{}'", spec.name, expected, text));
  };
  switch (spec.type) {
    case ParamType::Bool:
      if (const std::optional<bool> b = parse_bool_word(text)) return *b;
      throw fail("a boolean (true/false)");
    case ParamType::Int: {
      std::int64_t v = 0;
      auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
      if (ec != std::errc() || p != text.data() + text.size()) throw fail("an integer");
      return v;
    }
    case ParamType::Real: {
      double v = 0;
      auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
      if (ec != std::errc() || p != text.data() + text.size() || !std::isfinite(v))
        throw fail("a number");
      return v;
    }
    case ParamType::Choice:
    case ParamType::String:
      return text;
  }
  throw fail("a value");
}

}  // namespace

ParamSet resolve_params(const std::vector<ParamSpec>& schema, const RawParams& raw) {
  ParamSet out;
  for (const auto& [name, text] : raw) {
    const ParamSpec* spec = nullptr;
    for (const auto& s : schema)
      if (s.name == name) spec = &s;
    if (!spec) {
      std::string known;
      for (const auto& s : schema) known += (known.empty() ? "" : ", ") + s.name;
      throw ParamError(name, fmt::format("unknown parameter '{}' (known: {})", name,
                                         known.empty() ? "none" : known));
    }
    ParamValue v = parse_value(*spec, text);
    if (std::string problem = param_value_problem(*spec, v); !problem.empty())
      throw ParamError(name, problem);
    out.set(name, std::move(v));
  }
  for (const auto& s : schema)
    if (!out.has(s.name)) out.set(s.name, s.default_value);
  return out;
}

}  // namespace pathbench
