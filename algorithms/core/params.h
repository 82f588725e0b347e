// Typed planner parameter values: each planner publishes a schema (param_spec.h); the registry
// validates raw values against it and fills defaults, so a planner only ever sees a complete,
// checked ParamSet. Effective values are echoed into results.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "algorithms/core/param_spec.h"

namespace pathbench {

// Raised when a value does not fit its schema; the registry's caller adds file/line context.
class ParamError : public std::runtime_error {
 public:
  ParamError(std::string param, const std::string& what)
      : std::runtime_error(what), param_(std::move(param)) {}
  const std::string& param() const { return param_; }

 private:
  std::string param_;
};

// A complete set of validated values, keyed by name (std::map: printing in key order is stable).
class ParamSet {
 public:
  void set(const std::string& name, ParamValue v) { values_[name] = std::move(v); }
  bool has(const std::string& name) const { return values_.count(name) != 0; }
  bool get_bool(const std::string& name) const { return std::get<bool>(values_.at(name)); }
  std::int64_t get_int(const std::string& name) const {
    return std::get<std::int64_t>(values_.at(name));
  }
  double get_real(const std::string& name) const { return std::get<double>(values_.at(name)); }
  const std::string& get_choice(const std::string& name) const {
    return std::get<std::string>(values_.at(name));
  }
  const std::string& get_string(const std::string& name) const { return get_choice(name); }
  const std::map<std::string, ParamValue>& values() const { return values_; }
  // "key=value;key=value" in key order, every effective parameter included.
  std::string to_string() const;

 private:
  std::map<std::string, ParamValue> values_;
};

std::string format_param_value(const ParamValue& v);

// The boolean words pathbench accepts anywhere (planner parameters, YAML settings, `--set`):
// true/false, yes/no, on/off, 1/0, also capitalised as YAML writes them. Nothing otherwise.
std::optional<bool> parse_bool_word(std::string_view text);

// Raw textual values as they come from YAML or --set key=value.
using RawParams = std::map<std::string, std::string>;

// Validates `raw` against `schema` (unknown names, types, ranges, choices) and fills defaults.
// Throws ParamError naming the parameter.
ParamSet resolve_params(const std::vector<ParamSpec>& schema, const RawParams& raw);

}  // namespace pathbench
