// `pathbench export-dimacs`: a map's graph as DIMACS .gr + .co files (datasets/dimacs_export.h).
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <iostream>

#include "algorithms/core/input_error.h"
#include "datasets/dimacs_export.h"
#include "datasets/map_io.h"
#include "harness/cli/commands.h"
#include "harness/cli_support/cli11_values.h"

namespace pathbench::cli {
namespace {

// The map's graph as 9th DIMACS Challenge .gr (arcs) and .co (coordinates) files; refuses to
// replace existing files unless --overwrite.
struct ExportDimacsArgs {
  std::string map;
  std::string output;       // NAME.gr
  std::string coordinates;  // NAME.co; default: the output with .co for .gr
  long long scale = 10000;  // integer weight = round(cost * scale)
  MoveRules rules;
  bool overwrite = false;
};

void export_dimacs_options(CLI::App& cmd, ExportDimacsArgs& a) {
  cmd.description("write the map's graph as DIMACS shortest-path .gr and .co files");
  add_map_option(cmd, a.map);
  cmd.add_option("-o,--output", a.output, "output NAME.gr")->required();
  cmd.add_option("--coordinates", a.coordinates, "output NAME.co (default: the .gr name with .co)");
  cmd.add_option("--scale", a.scale, "arc weight = round(cost x scale)")->capture_default_str();
  add_move_rule_options(cmd, a.rules);
  cmd.add_flag("--overwrite", a.overwrite, "replace existing .gr / .co files");
}

int export_dimacs_command(const ExportDimacsArgs& a) {
  namespace fs = std::filesystem;
  const fs::path gr = a.output;
  if (gr.extension() != ".gr")
    throw InputError("command line", 0, "--output", "'" + a.output + "': name the graph NAME.gr");
  const fs::path co =
      a.coordinates.empty() ? fs::path(gr).replace_extension(".co") : fs::path(a.coordinates);
  if (co.extension() != ".co")
    throw InputError("command line", 0, "--coordinates",
                     "'" + co.string() + "': name the coordinates NAME.co");
  if (fs::absolute(co).lexically_normal() == fs::absolute(gr).lexically_normal())
    throw InputError("command line", 0, "--coordinates", "the .co and .gr files must differ");
  for (const auto& [path, option] : {std::pair{gr, "--output"}, std::pair{co, "--coordinates"}})
    if (fs::exists(path) && !a.overwrite)
      throw InputError("command line", 0, option,
                       "'" + path.string() + "' exists; pass --overwrite to replace it");
  if (a.scale < 1 || a.scale > 1'000'000'000)
    throw InputError("command line", 0, "--scale",
                     fmt::format("expected an integer in [1, 1e9], got {}", a.scale));

  const Grid grid = read_map(a.map, MapLoadOptions{a.rules, {}});
  // Counted (and the weight range checked) before either file is created.
  try {
    dimacs_counts(grid, a.scale);
  } catch (const std::invalid_argument& e) {
    throw InputError("command line", 0, "--scale", e.what());
  }
  std::ofstream gr_out(gr, std::ios::binary | std::ios::trunc);
  if (!gr_out) throw std::runtime_error("cannot open '" + gr.string() + "' for writing");
  std::ofstream co_out(co, std::ios::binary | std::ios::trunc);
  if (!co_out) throw std::runtime_error("cannot open '" + co.string() + "' for writing");
  const DimacsCounts n =
      write_dimacs(grid, a.scale, fs::path(a.map).filename().string(), gr_out, co_out);
  gr_out.close();
  co_out.close();
  if (!gr_out || !co_out)
    throw std::runtime_error("error while writing '" + gr.string() + "' / '" + co.string() + "'");
  std::cout << fmt::format("wrote {} ({} vertices, {} arcs, weights = cost x {}) and {}\n",
                           gr.string(), n.vertices, n.arcs, a.scale, co.string());
  return 0;
}

}  // namespace

Subcommand add_export_dimacs_command(CLI::App& app) {
  return add_command(app, "export-dimacs", export_dimacs_options, export_dimacs_command);
}

}  // namespace pathbench::cli
