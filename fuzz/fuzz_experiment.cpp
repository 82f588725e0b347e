// Any bytes given to the experiment loader (YAML syntax, schema, sweeps, paths, planner
// parameters): a validated ExperimentConfig or an InputError.
//
// The loader checks that map files exist and expands globs on the real filesystem, so the
// experiment "lives" in an empty temporary folder, and inputs with a wildcard before a '/' are
// skipped: "/*/*/*/*" would walk the whole machine, which is the user's choice, not a bug.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>

#include "algorithms/core/input_error.h"
#include "harness/config/experiment_config.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::filesystem::path dir = [] {
    auto d = std::filesystem::temp_directory_path() / "pathbench_fuzz_experiment";
    std::filesystem::create_directories(d);
    return d;
  }();
  const std::string text(reinterpret_cast<const char*>(data), size);
  for (const char* walk : {"*/", "?/", "]/", "}/"})
    if (text.find(walk) != std::string::npos) return 0;
  try {
    pathbench::parse_experiment(text, dir / "exp.yaml", dir);
  } catch (const pathbench::InputError&) {
  }
  return 0;
}
