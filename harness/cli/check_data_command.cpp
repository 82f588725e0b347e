// `pathbench check-data PATH...`: see datasets/dataset_check.h.
#include <fmt/format.h>

#include <iostream>

#include "datasets/dataset_check.h"
#include "algorithms/core/input_error.h"
#include "harness/cli/commands.h"

namespace pathbench::cli {

int check_data_command(const CheckDataArgs& args) {
  std::vector<std::filesystem::path> paths(args.paths.begin(), args.paths.end());
  const DatasetCheck c = check_dataset(paths);
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

}  // namespace pathbench::cli
