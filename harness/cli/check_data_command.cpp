// `pathbench check-data PATH...`: see datasets/dataset_check.h, and with --lengths
// harness/runner/scen_length_check.h. Text: every problem is one line on stderr,
// "error: <kind>: <file>[:<line>]: [field 'f': ]<message>", then on stdout a count per kind and
// per folder. `--format json`: one JSON object on stdout instead. Exit 1 when there is any
// problem, 0 otherwise.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>

#include "datasets/dataset_check.h"
#include "harness/cli/commands.h"
#include "harness/runner/run_progress.h"
#include "harness/runner/scen_length_check.h"

namespace pathbench::cli {
namespace {

struct CheckDataArgs {
  std::vector<std::string> paths;  // .map files or folders
  bool require_scen = false;       // a map without its .scen is an error
  bool lengths = false;            // also solve every line and compare its published length
  int jobs = 1;
  std::string format = "text";
};

void check_data_options(CLI::App& cmd, CheckDataArgs& a) {
  cmd.description("check that maps and their .scen files parse and agree, without running");
  cmd.add_option("paths", a.paths, ".map files or folders (searched recursively)")->required();
  cmd.add_flag("--require-scen", a.require_scen, "a map without NAME.map.scen fails");
  cmd.add_flag("--lengths", a.lengths,
               "also compare every published length with the optimum JPS finds (path re-walked, "
               "disagreements settled by the reference Dijkstra)");
  cmd.add_option("--jobs", a.jobs, "threads for --lengths")->check(CLI::Range(1, 256));
  cmd.add_option("--format", a.format, "text or json")->check(CLI::IsMember({"text", "json"}));
}

std::string counts_text(const std::map<std::string, std::size_t>& counts) {
  std::string text;
  for (const auto& [kind, n] : counts)
    text += fmt::format("{}{} {}", text.empty() ? "" : ", ", n, kind);
  return text;
}

void print_json(const DatasetCheck& c, bool lengths) {
  nlohmann::json problems = nlohmann::json::array();
  for (const DataProblem& p : c.problems)
    problems.push_back({{"kind", p.kind},
                        {"file", p.file},
                        {"line", p.line},
                        {"field", p.field},
                        {"message", p.what}});
  const nlohmann::json out = {{"maps", c.maps},
                              {"scens", c.scens},
                              {"queries", c.queries},
                              {"lengths_checked", lengths},
                              {"maps_without_scen", c.maps_without_scen},
                              {"per_kind", c.per_kind()},
                              {"per_folder", c.per_folder()},
                              {"problems", problems}};
  std::cout << out.dump(1) << '\n';
}

int check_data_command(const CheckDataArgs& args) {
  DatasetCheck c = check_dataset(
      std::vector<std::filesystem::path>(args.paths.begin(), args.paths.end()), args.require_scen);
  if (args.lengths) {
    RunProgress bar(isatty(2) ? &std::cerr : nullptr, c.queries, "lines");
    for (DataProblem& p :
         check_published_lengths(c.maps_with_scen, args.jobs, [&](std::size_t n) { bar.tick(n); }))
      c.problems.push_back(std::move(p));
    std::stable_sort(c.problems.begin(), c.problems.end(),
                     [](const DataProblem& a, const DataProblem& b) {
                       return std::tie(a.file, a.line) < std::tie(b.file, b.line);
                     });
  }
  if (args.format == "json") {
    print_json(c, args.lengths);
    return c.problems.empty() ? 0 : 1;
  }
  for (const DataProblem& p : c.problems)
    std::cerr << fmt::format("error: {}: {}\n", p.kind, p.what);
  if (!args.require_scen)
    for (const std::string& m : c.maps_without_scen)
      std::cout << fmt::format("note: {} has no .scen beside it\n", m);
  const std::string checked = args.lengths ? ", lengths solved" : "";
  if (c.problems.empty()) {
    std::cout << fmt::format("ok: {} maps, {} scenario files, {} queries{}\n", c.maps, c.scens,
                             c.queries, checked);
    return 0;
  }
  std::cout << fmt::format("{} problems ({}) in {} maps, {} scenario files, {} queries{}\n",
                           c.problems.size(), counts_text(c.per_kind()), c.maps, c.scens, c.queries,
                           checked);
  for (const auto& [folder, counts] : c.per_folder())
    std::cout << fmt::format("  {}: {}\n", folder, counts_text(counts));
  return 1;
}

}  // namespace

Subcommand add_check_data_command(CLI::App& app) {
  return add_command(app, "check-data", check_data_options, check_data_command);
}

}  // namespace pathbench::cli
