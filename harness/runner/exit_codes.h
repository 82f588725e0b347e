// Every exit code of the pathbench tool, in one place: scripts (scripts/slurm, CI, the shards of
// `run --jobs`, which read their children's) test these numbers.
#pragma once

namespace pathbench {

inline constexpr int kExitOk = 0;
// A failure that is not the input's: a failed write (full disk), a bug.
inline constexpr int kExitFailure = 1;
// Bad input: an InputError (file, line, field) or a planner parameter; nothing was written.
inline constexpr int kExitBadInput = 2;
// `run` and `merge` finished, and some result failed validation (see the error column).
inline constexpr int kExitInvalidResults = 3;
// `compare`: a planner got significantly slower than the threshold.
inline constexpr int kExitRegression = 4;
// A run stopped by SIGINT / SIGTERM after keeping its whole rows: 128 + the signal, as a shell
// reports a process the signal ended (130, 143), though this one ended on its own and is
// resumable.
constexpr int exit_code_for_signal(int signal) { return 128 + signal; }

}  // namespace pathbench
