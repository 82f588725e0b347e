// `pathbench merge SHARD... --out DIR`: see harness/runner/shard_merge.h.
#include <fmt/format.h>

#include <iostream>

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

void merge_options(CLI::App& cmd, MergeArgs& a) {
  cmd.description("join the shards of one experiment (run --shard K/N) into one run directory");
  cmd.add_option("shards", a.inputs, "shard run directories, or folders holding them")->required();
  cmd.add_option("--out", a.out, "the merged run directory")->required();
  cmd.add_flag("--overwrite", a.overwrite, "replace --out (a run directory of ours)");
  cmd.add_flag("--allow-mixed-commits", a.allow_mixed_commits,
               "merge shards built from different commits (recorded in meta.json)");
}

int merge_command(const MergeArgs& args) {
  MergeOptions opt;
  for (const std::string& in : args.inputs) opt.inputs.emplace_back(in);
  opt.out = args.out;
  opt.overwrite = args.overwrite;
  opt.allow_mixed_commits = args.allow_mixed_commits;
  const MergeOutcome out = merge_shards(opt, std::cout);
  return print_finished_run(out.dir, out.dynamic, out.summary, out.rows, out.invalid,
                            fmt::format("merged {} shards: ", out.shards));
}

}  // namespace

Subcommand add_merge_command(CLI::App& app) {
  return add_command(app, "merge", merge_options, merge_command);
}

}  // namespace pathbench::cli
