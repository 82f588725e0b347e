// Any bytes given to the scenario parser: entries or an InputError. The entries are also checked
// against a small map, which must reject out-of-range or blocked cells with an InputError.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "algorithms/core/input_error.h"
#include "datasets/map_io.h"
#include "datasets/scen_io.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const pathbench::Grid grid = [] {
    std::istringstream m("type octile\nheight 3\nwidth 4\nmap\n....\n.@@.\n....\n");
    return pathbench::parse_map(m, "fuzz.map", {});
  }();
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  try {
    const auto entries = pathbench::parse_scen(in, "fuzz.scen");
    pathbench::check_scen_against_map(entries, grid, "fuzz.scen", "fuzz.map");
  } catch (const pathbench::InputError&) {
  }
  return 0;
}
