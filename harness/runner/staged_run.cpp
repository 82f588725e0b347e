#include "harness/runner/staged_run.h"

#include "algorithms/core/input_error.h"
#include "harness/output/run_manifest.h"
#include "harness/runner/resume_state.h"

namespace pathbench {

StagedRun StagedRun::create(const std::string& name, const RunOptions& opt) {
  StagedRun run(plan_new_run_dirs(name, opt.out_dir, opt.results_root, opt.tag), false);
  run.locks_ = open_staging(run.dirs_, opt.overwrite);
  return run;
}

StagedRun StagedRun::create_at(const RunDirs& dirs, bool overwrite) {
  StagedRun run(dirs, false);
  run.locks_ = open_staging(run.dirs_, overwrite);
  return run;
}

StagedRun StagedRun::reopen(const std::filesystem::path& given) {
  StagedRun run(resume_run_dirs(given), true);
  try {
    run.locks_.staging = RunLock::acquire(run.dirs_.staging, "--resume");
  } catch (const InputError&) {
    resume_run_dirs(given);  // it completed meanwhile: say so rather than "cannot lock"
    throw;
  }
  run.dirs_ = resume_run_dirs(given);  // still unfinished now that it is ours
  run.meta_ = read_meta(run.meta_path());
  return run;
}

void StagedRun::write_meta() const { write_json_file(meta_path(), meta_); }

void StagedRun::follow_latest() { dirs_.latest = dirs_.dir.parent_path() / "latest"; }

void StagedRun::publish(std::ostream& log) {
  publish_run(dirs_, log);
  locks_.staging.moved_to(dirs_.dir);
}

}  // namespace pathbench
