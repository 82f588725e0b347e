// `pathbench check-data PATH...`: see datasets/dataset_check.h.
#include <fmt/format.h>

#include <iostream>

#include "algorithms/core/input_error.h"
#include "datasets/dataset_check.h"
#include "harness/cli/commands.h"

namespace pathbench::cli {
namespace {

struct CheckDataArgs {
  std::vector<std::string> paths;  // .map files or folders
  bool require_scen = false;       // a map without its .scen is an error
};

void check_data_options(CLI::App& cmd, CheckDataArgs& a) {
  cmd.description("check that maps and their .scen files parse and agree, without running");
  cmd.add_option("paths", a.paths, ".map files or folders (searched recursively)")->required();
  cmd.add_flag("--require-scen", a.require_scen, "a map without NAME.map.scen fails");
}

int check_data_command(const CheckDataArgs& args) {
  const DatasetCheck c =
      check_dataset(std::vector<std::filesystem::path>(args.paths.begin(), args.paths.end()));
  if (args.require_scen && !c.maps_without_scen.empty())
    throw InputError(c.maps_without_scen.front(), 0, "",
                     fmt::format("no scenario file beside it (NAME.map.scen); {} of {} maps have "
                                 "none",
                                 c.maps_without_scen.size(), c.maps));
  for (const std::string& m : c.maps_without_scen)
    std::cout << fmt::format("note: {} has no .scen beside it\n", m);
  std::cout << fmt::format("ok: {} maps, {} scenario files, {} queries\n", c.maps, c.scens,
                           c.queries);
  return 0;
}

}  // namespace

Subcommand add_check_data_command(CLI::App& app) {
  return add_command(app, "check-data", check_data_options, check_data_command);
}

}  // namespace pathbench::cli
