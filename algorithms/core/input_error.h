// InputError: the one exception type for bad user input anywhere in pathbench (map and scenario
// files in datasets/, experiment YAML in the harness); in core, the lowest layer, so every module
// can throw it. It carries where the problem is (file, 1-based line, field) so callers can report
// it or tests can inspect it without parsing the message.
//
// Invariants: line == 0 means "no line" (e.g. a missing file); an empty field means "no field".
// what() is always "<file>[:<line>]: [field '<field>': ]<message>", with control bytes shown as
// \xNN.
#pragma once

#include <stdexcept>
#include <string>

namespace pathbench {

class InputError : public std::runtime_error {
 public:
  InputError(std::string file, int line, std::string field, std::string message);

  // The common "expected X, got 'Y'" shape, e.g.
  //   x.map:3: field 'width': expected a positive integer, got 'abc'
  static InputError expected(std::string file, int line, std::string field,
                             const std::string& expectation, const std::string& got);

  const std::string& file() const { return file_; }
  int line() const { return line_; }
  const std::string& field() const { return field_; }
  // The message without the location prefix.
  const std::string& message() const { return message_; }

 private:
  std::string file_;
  int line_;
  std::string field_;
  std::string message_;
};

}  // namespace pathbench
