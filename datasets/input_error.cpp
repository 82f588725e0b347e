#include "datasets/input_error.h"

#include <fmt/format.h>

#include <utility>

namespace pathbench {
namespace {

std::string format_input_error(const std::string& file, int line, const std::string& field,
                               const std::string& message) {
  // fmt rather than operator+ chains: GCC 12 emits a false -Wrestrict on the latter.
  std::string out = line > 0 ? fmt::format("{}:{}: ", file, line) : fmt::format("{}: ", file);
  if (!field.empty()) out += fmt::format("field '{}': ", field);
  out += message;
  return out;
}

}  // namespace

InputError::InputError(std::string file, int line, std::string field, std::string message)
    : std::runtime_error(format_input_error(file, line, field, message)),
      file_(std::move(file)),
      line_(line),
      field_(std::move(field)),
      message_(std::move(message)) {}

InputError InputError::expected(std::string file, int line, std::string field,
                                const std::string& expectation, const std::string& got) {
  return InputError(std::move(file), line, std::move(field),
                    "expected " + expectation + ", got '" + got + "'");
}

}  // namespace pathbench
