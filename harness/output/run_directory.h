// Where a run's files go, and the rules that keep a user's files safe:
//  - every spelling of a directory (trailing slash, `./x`, `x/../x`, a symlink to it) resolves to
//    the same absolute path before anything is decided;
//  - a run writes into a staging directory `<dir>.partial`, a sibling of `<dir>` (same
//    filesystem), renamed to `<dir>` only when complete, so `<dir>` is whole or absent;
//  - `--overwrite` replaces only a directory pathbench wrote (a meta.json of ours and nothing but
//    run files); never `/`, the home directory, the working directory or one of its ancestors, a
//    repository root, or a directory holding foreign files;
//  - a default directory results/<name>/<stamp>[-tag] is provably inside results/<name>, and the
//    `latest` symlink beside it is replaced atomically (temporary link renamed over) after
//    publishing;
//  - a command writing a run directory holds its lock (harness/output/run_lock.h).
#pragma once

#include <filesystem>
#include <ostream>
#include <string>

#include "harness/output/run_lock.h"

namespace pathbench {

struct RunDirs {
  std::filesystem::path dir;      // the final directory (absolute, resolved)
  std::filesystem::path staging;  // `<dir>.partial`
  std::filesystem::path latest;   // results/<name>/latest to update after publishing, or empty
};

// Absolute and lexically normal, with symlinks of the existing part resolved and no trailing
// slash. Filesystem errors (a symlink loop, a component too long) become InputError(`field`).
std::filesystem::path resolve_dir_path(const std::filesystem::path& path, const std::string& field);

// Throws InputError(command line, `field`) unless `value` is one safe path component: letters,
// digits, '_', '.', '-', and not "." or "..".
void check_path_component(const std::string& value, const std::string& field);

// The directories of a new run: `out_dir` when given, else
// `results_root/<name>/<UTC stamp>[-tag][-N]` (never an existing run, finished or staging).
RunDirs plan_new_run_dirs(const std::string& name, const std::filesystem::path& out_dir,
                          const std::filesystem::path& results_root, const std::string& tag);

// The directories of an interrupted run named by `given` (`<dir>.partial` or `<dir>`).
RunDirs resume_run_dirs(const std::filesystem::path& given);

// Empty when `dir` is a directory pathbench may replace, else why not.
std::string why_not_replaceable(const std::filesystem::path& dir);

// `inner` is `outer` or lies below it (both resolved, e.g. by resolve_dir_path).
bool path_is_within(const std::filesystem::path& inner, const std::filesystem::path& outer);

// What a new run holds from open_staging until it has published: the lock of its staging
// directory, and that of the old run it replaces (so no report or run can be writing it).
struct StagingLocks {
  RunLock staging;
  RunLock replaced;
};

// Checks the target before a run starts: an existing `dir` needs `overwrite`, must be
// replaceable and must not be in use; an existing staging directory is refused while a live
// command writes it, and otherwise (an interrupted run) kept unless `overwrite` and it is ours.
// Then creates the staging directory (empty, locked). Throws InputError.
StagingLocks open_staging(const RunDirs& dirs, bool overwrite);

// Completes a run: moves the old `dir` (if any, already checked) aside, renames staging to `dir`,
// removes the old one, then points `latest` at `dir` (a failure there is a warning on `log`).
void publish_run(const RunDirs& dirs, std::ostream& log);

}  // namespace pathbench
