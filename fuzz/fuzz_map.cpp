// Any bytes given to the MovingAI map parser: a Grid or an InputError, nothing else (no crash,
// leak, hang or allocation out of proportion to the input).
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "algorithms/core/input_error.h"
#include "datasets/map_io.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  try {
    const pathbench::Grid g = pathbench::parse_map(in, "fuzz.map", {});
    // A parsed grid must be self-consistent.
    if (g.count_passable() > static_cast<std::size_t>(g.width()) * g.height()) __builtin_trap();
  } catch (const pathbench::InputError&) {
  }
  return 0;
}
