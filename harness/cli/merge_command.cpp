// `pathbench merge SHARD... --out DIR`: see harness/runner/shard_merge.h.
#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "harness/cli/commands.h"
#include "harness/output/summary.h"
#include "harness/runner/shard_merge.h"

namespace pathbench::cli {
namespace {

struct MergeArgs {
  std::vector<std::string> inputs;  // shard directories or folders of them
  std::string out;
  bool overwrite = false;
  bool allow_mixed_commits = false;
};

int merge_command(const MergeArgs& args) {
  MergeOptions opt;
  for (const std::string& in : args.inputs) opt.inputs.emplace_back(in);
  opt.out = args.out;
  opt.overwrite = args.overwrite;
  opt.allow_mixed_commits = args.allow_mixed_commits;
  const MergeOutcome out = merge_shards(opt, std::cout);
  print_summary_table(std::cout, out.summary);
  std::cout << fmt::format("\nmerged {} shards: {} rows, {} invalid. Results: {}\n", out.shards,
                           out.rows, out.invalid, out.dir.string());
  return report_invalid(out.invalid, "results", out.dir / "runs.csv");
}

}  // namespace

Subcommand add_merge_command(CLI::App& app) {
  auto args = std::make_shared<MergeArgs>();
  CLI::App* cmd = app.add_subcommand(
      "merge", "join the shards of one experiment (run --shard K/N) into one run directory");
  cmd->add_option("shards", args->inputs, "shard run directories, or folders holding them")
      ->required();
  cmd->add_option("--out", args->out, "the merged run directory")->required();
  cmd->add_flag("--overwrite", args->overwrite, "replace --out (a run directory of ours)");
  cmd->add_flag("--allow-mixed-commits", args->allow_mixed_commits,
                "merge shards built from different commits (recorded in meta.json)");
  return {cmd, [args] { return merge_command(*args); }};
}

}  // namespace pathbench::cli
