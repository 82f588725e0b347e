// Python exceptions of `import pathbench`, and the translation of pathbench's C++ exceptions to
// them. Bad input raises pathbench.InputError (a ValueError) whose str() is the C++ InputError's
// what() - the very text the CLI prints after "error: " - with the location also available as
// attributes (file, line, field, message), so callers need not parse it.
#pragma once

#include <pybind11/pybind11.h>

#include <cstddef>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace pathbench::python {

// run(): the experiment finished, but some results failed validation (the CLI's exit 3).
// Raised as pathbench.ValidationError with `dir` (the results) and `invalid` (the count).
class ValidationFailed : public std::runtime_error {
 public:
  ValidationFailed(const std::string& what, std::filesystem::path dir, std::size_t invalid)
      : std::runtime_error(what), dir_(std::move(dir)), invalid_(invalid) {}
  const std::filesystem::path& dir() const { return dir_; }
  std::size_t invalid() const { return invalid_; }

 private:
  std::filesystem::path dir_;
  std::size_t invalid_;
};

// run(): stopped by SIGINT/SIGTERM; raised as KeyboardInterrupt (the rows so far are resumable).
class RunInterrupted : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Defines InputError and ValidationError in `m` and registers the translators.
void register_errors(pybind11::module_& m);

}  // namespace pathbench::python
