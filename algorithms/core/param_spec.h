// How a planner declares its parameters: one ParamSpec per parameter (name, type, default, range
// or choices, one-line doc), written with the builders below so a schema reads like declarations:
//
//   Param::choice("queue", {"binary", "pairing"}).doc("open list")  // default: the first choice
//   Param::real("weight").range(0.0, 1e6).defaults_to(1.0).doc("f = g + weight * h")
//
// Each builder offers only what fits its type (a range for numbers, choices for Choice) and
// takes the default as that type, so a misdeclared schema does not compile; whether a default
// lies in its range is checked when the registry accepts the planner (planner_info.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

namespace pathbench {

// String: any text (e.g. an external planner's command line); Choice: one of `choices`.
enum class ParamType : std::uint8_t { Bool, Int, Real, Choice, String };

using ParamValue = std::variant<bool, std::int64_t, double, std::string>;

struct ParamSpec {
  std::string name;
  ParamType type = ParamType::Real;
  ParamValue default_value;
  double min = -1e300;  // Int and Real: inclusive range
  double max = 1e300;
  std::vector<std::string> choices;  // Choice only
  std::string doc;
};

// Empty when `v` has the spec's type and lies in its range or choices; otherwise why not, as
// "parameter 'name': ..." (the wording resolve_params reports for a bad value).
std::string param_value_problem(const ParamSpec& spec, const ParamValue& v);

template <ParamType Kind>
class ParamDeclaration {
 public:
  // The C++ type of a value of this kind.
  using Value = std::conditional_t<
      Kind == ParamType::Bool, bool,
      std::conditional_t<Kind == ParamType::Int, std::int64_t,
                         std::conditional_t<Kind == ParamType::Real, double, std::string>>>;

  ParamDeclaration(std::string name, std::vector<std::string> choices = {}) {
    spec_.name = std::move(name);
    spec_.type = Kind;
    spec_.default_value = Value{};
    if (!choices.empty()) spec_.default_value = choices.front();
    spec_.choices = std::move(choices);
  }

  ParamDeclaration& defaults_to(Value v) {
    spec_.default_value = std::move(v);
    return *this;
  }
  // Without this overload a string literal would silently become `true` for a Bool.
  template <std::size_t N>
  ParamDeclaration& defaults_to(const char (&text)[N]) {
    static_assert(Kind == ParamType::Choice || Kind == ParamType::String, "not a text parameter");
    return defaults_to(Value(text));
  }
  ParamDeclaration& range(Value lo, Value hi) {
    static_assert(Kind == ParamType::Int || Kind == ParamType::Real, "not a number parameter");
    spec_.min = static_cast<double>(lo);
    spec_.max = static_cast<double>(hi);
    return *this;
  }
  ParamDeclaration& doc(std::string text) {
    spec_.doc = std::move(text);
    return *this;
  }

  operator ParamSpec() const { return spec_; }  // NOLINT: the point of a builder

 private:
  ParamSpec spec_;
};

// Entry points of the builders (a struct of static functions, so `Param::real(...)` reads well).
struct Param {
  static ParamDeclaration<ParamType::Bool> boolean(std::string name) { return {std::move(name)}; }
  static ParamDeclaration<ParamType::Int> integer(std::string name) { return {std::move(name)}; }
  static ParamDeclaration<ParamType::Real> real(std::string name) { return {std::move(name)}; }
  static ParamDeclaration<ParamType::String> text(std::string name) { return {std::move(name)}; }
  static ParamDeclaration<ParamType::Choice> choice(std::string name,
                                                    std::initializer_list<std::string> choices) {
    return {std::move(name), choices};
  }
};

}  // namespace pathbench
