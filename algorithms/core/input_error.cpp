#include "algorithms/core/input_error.h"

#include <fmt/format.h>

#include <utility>

namespace pathbench {
namespace {

// Text from a user's file may hold control bytes (a terminal escape, a NUL, a CR); a message
// shows them as \xNN so it stays one readable line and cannot drive the terminal.
std::string escape_controls(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f)
      out += fmt::format("\\x{:02x}", u);
    else
      out += c;
  }
  return out;
}

std::string format_input_error(const std::string& file, int line, const std::string& field,
                               const std::string& message) {
  // fmt rather than operator+ chains: GCC 12 emits a false -Wrestrict on the latter.
  std::string out = line > 0 ? fmt::format("{}:{}: ", file, line) : fmt::format("{}: ", file);
  if (!field.empty()) out += fmt::format("field '{}': ", field);
  out += message;
  return escape_controls(out);
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
