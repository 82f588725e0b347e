// The directory of one run through its life (the safety rules are harness/output/run_directory.h):
// a new run's is chosen and created as `<dir>.partial`; an interrupted run's is found again from
// `DIR` or `DIR.partial` with its meta.json; either is renamed to `<dir>` when the run completes.
// A StagedRun holds the directory's lock (harness/output/run_lock.h) from creation or reopening
// until it is destroyed, so no second command writes the same run meanwhile.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "harness/output/run_directory.h"
#include "harness/runner/run_options.h"

namespace pathbench {

class StagedRun {
 public:
  // A new run of experiment `name`: options.out_dir, or results/<name>/<stamp>[-tag] with a
  // `latest` link. Checks what an existing directory may be replaced with (options.overwrite)
  // and creates the empty staging directory. Throws InputError.
  static StagedRun create(const std::string& name, const RunOptions& options);
  // A new run in directories chosen earlier (plan_new_run_dirs; `run --jobs` chooses them before
  // its shards start and publishes the merge there). Same checks as create.
  static StagedRun create_at(const RunDirs& dirs, bool overwrite);
  // The interrupted run named by `given` (`<dir>.partial` or `<dir>`), with its meta.json.
  // Throws InputError when there is none, it is complete, its meta.json is not ours, or another
  // command is writing it (named by pid).
  static StagedRun reopen(const std::filesystem::path& given);

  const std::filesystem::path& staging() const { return dirs_.staging; }
  const std::filesystem::path& dir() const { return dirs_.dir; }
  std::filesystem::path meta_path() const { return dirs_.staging / "meta.json"; }
  bool resumed() const { return resumed_; }

  // meta.json: the interrupted run's when reopened; empty for a new run until set.
  nlohmann::json& meta() { return meta_; }
  const nlohmann::json& meta() const { return meta_; }
  // Writes meta() to the staging directory (replacing the file in one rename).
  void write_meta() const;

  // A reopened run that was started in a default directory updates results/<name>/latest too.
  void follow_latest();
  // Renames the staging directory to the run's directory (replacing an old run already checked)
  // and points `latest` at it; warnings about `latest` go to `log`.
  void publish(std::ostream& log);

 private:
  StagedRun(RunDirs dirs, bool resumed) : dirs_(std::move(dirs)), resumed_(resumed) {}

  RunDirs dirs_;
  StagingLocks locks_;
  nlohmann::json meta_;
  bool resumed_ = false;
};

}  // namespace pathbench
