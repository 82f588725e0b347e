// `pathbench compare --interleave BIN_A BIN_B CONFIG`: runs both binaries on CONFIG in one
// session, alternating, pinned to one core, and compares them against the session's own A/A
// noise (harness/analysis/interleaved_comparison.h says what is computed).
#pragma once

#include <string>

#include "harness/analysis/run_comparison.h"

namespace pathbench::cli {

struct InterleaveArgs {
  std::string bin_a, bin_b, config;
  int rounds = 3;
  int cpu = -1;     // -1: the config's cpu:, else the highest allowed core
  std::string out;  // empty: a fresh folder under the temporary directory
  bool markdown = false;
  CompareOptions options;  // threshold and grouping from the command line
};

// Returns 0, or kExitRegression; throws InputError (exit 2) for a binary that is not executable
// or fails, an invalid or dynamic CONFIG, fewer than 2 rounds, an unusable core or --out.
int compare_interleaved_command(const InterleaveArgs& args);

}  // namespace pathbench::cli
