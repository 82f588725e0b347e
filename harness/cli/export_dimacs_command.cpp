// `pathbench export-dimacs`: a map's graph as DIMACS .gr + .co files (datasets/dimacs_export.h).
#include <fmt/format.h>

#include <filesystem>
#include <iostream>

#include "datasets/map_io.h"
#include "harness/cli/commands.h"
#include "harness/cli_support/cli11_values.h"
#include "harness/output/dimacs_files.h"

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
  // The names are checked before the map is read, the weights before a file is created.
  const DimacsFiles files = dimacs_files(a.output, a.coordinates, a.overwrite);
  const Grid grid = read_map(a.map, MapLoadOptions{a.rules, {}});
  const DimacsCounts n =
      write_dimacs_files(grid, a.scale, std::filesystem::path(a.map).filename().string(), files);
  std::cout << fmt::format("wrote {} ({} vertices, {} arcs, weights = cost x {}) and {}\n",
                           files.graph.string(), n.vertices, n.arcs, a.scale,
                           files.coordinates.string());
  return 0;
}

}  // namespace

Subcommand add_export_dimacs_command(CLI::App& app) {
  return add_command(app, "export-dimacs", export_dimacs_options, export_dimacs_command);
}

}  // namespace pathbench::cli
