// `pathbench check-data PATH...`: see datasets/dataset_check.h. Every problem is one line on
// stderr, "error: <kind>: <file>[:<line>]: [field 'f': ]<message>", then a count per kind; exit
// 1 when there is any, 0 otherwise.
#include <fmt/format.h>

#include <iostream>

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
  const DatasetCheck c = check_dataset(
      std::vector<std::filesystem::path>(args.paths.begin(), args.paths.end()), args.require_scen);
  for (const DataProblem& p : c.problems)
    std::cerr << fmt::format("error: {}: {}\n", p.kind, p.what);
  if (!args.require_scen)
    for (const std::string& m : c.maps_without_scen)
      std::cout << fmt::format("note: {} has no .scen beside it\n", m);
  if (c.problems.empty()) {
    std::cout << fmt::format("ok: {} maps, {} scenario files, {} queries\n", c.maps, c.scens,
                             c.queries);
    return 0;
  }
  std::string kinds;
  for (const auto& [kind, n] : c.per_kind())
    kinds += fmt::format("{}{} {}", kinds.empty() ? "" : ", ", n, kind);
  std::cout << fmt::format("{} problems ({}) in {} maps, {} scenario files, {} queries\n",
                           c.problems.size(), kinds, c.maps, c.scens, c.queries);
  return 1;
}

}  // namespace

Subcommand add_check_data_command(CLI::App& app) {
  return add_command(app, "check-data", check_data_options, check_data_command);
}

}  // namespace pathbench::cli
