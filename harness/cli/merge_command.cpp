// `pathbench merge SHARD... --out DIR`: see harness/runner/shard_merge.h.
#include <fmt/format.h>

#include <iostream>

#include "harness/cli/commands.h"
#include "harness/output/summary.h"
#include "harness/runner/shard_merge.h"

namespace pathbench::cli {

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
  if (out.invalid > 0) {
    std::cerr << fmt::format("error: {} results failed validation (see the error column of {})\n",
                             out.invalid, (out.dir / "runs.csv").string());
    return 3;
  }
  return 0;
}

}  // namespace pathbench::cli
