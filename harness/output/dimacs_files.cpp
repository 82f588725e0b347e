#include "harness/output/dimacs_files.h"

#include <fmt/format.h>

#include <stdexcept>
#include <utility>

#include "algorithms/core/input_error.h"
#include "datasets/output_file.h"

namespace pathbench {

namespace fs = std::filesystem;

DimacsFiles dimacs_files(const std::string& graph, const std::string& coordinates, bool overwrite) {
  const fs::path gr = graph;
  if (gr.extension() != ".gr")
    throw InputError("command line", 0, "--output", "'" + graph + "': name the graph NAME.gr");
  const fs::path co =
      coordinates.empty() ? fs::path(gr).replace_extension(".co") : fs::path(coordinates);
  if (co.extension() != ".co")
    throw InputError("command line", 0, "--coordinates",
                     "'" + co.string() + "': name the coordinates NAME.co");
  if (fs::absolute(co).lexically_normal() == fs::absolute(gr).lexically_normal())
    throw InputError("command line", 0, "--coordinates", "the .co and .gr files must differ");
  for (const auto& [path, option] : {std::pair{gr, "--output"}, std::pair{co, "--coordinates"}})
    if (fs::exists(path) && !overwrite)
      throw InputError("command line", 0, option,
                       "'" + path.string() + "' exists; pass --overwrite to replace it");
  return {gr, co};
}

DimacsCounts write_dimacs_files(const Grid& grid, std::int64_t scale, const std::string& source,
                                const DimacsFiles& files) {
  if (scale < 1 || scale > 1'000'000'000)
    throw InputError("command line", 0, "--scale",
                     fmt::format("expected an integer in [1, 1e9], got {}", scale));
  try {
    dimacs_counts(grid, scale);
  } catch (const std::invalid_argument& e) {
    throw InputError("command line", 0, "--scale", e.what());
  }
  AtomicOutputFile gr_out(files.graph), co_out(files.coordinates);
  const DimacsCounts n = write_dimacs(grid, scale, source, gr_out.stream(), co_out.stream());
  gr_out.commit();
  co_out.commit();
  return n;
}

}  // namespace pathbench
