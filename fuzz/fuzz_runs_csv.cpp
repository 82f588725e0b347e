// Any bytes given to the runs.csv reader (used by `report` and `run --resume`): rows or an
// InputError.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "algorithms/core/input_error.h"
#include "harness/output/runs_csv_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    pathbench::parse_runs_csv(std::string_view(reinterpret_cast<const char*>(data), size),
                              "fuzz/runs.csv");
  } catch (const pathbench::InputError&) {
  }
  return 0;
}
