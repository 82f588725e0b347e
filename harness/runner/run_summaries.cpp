#include "harness/runner/run_summaries.h"

#include <filesystem>
#include <system_error>

#include "harness/output/measurement_notes.h"
#include "harness/output/summary_stream.h"
#include "harness/runner/experiment_manifest.h"
#include "harness/runner/staged_run.h"

namespace pathbench {

std::vector<SummaryRow> write_run_summaries(StagedRun& run, const std::string& title,
                                            const SummaryOptions& options) {
  namespace fs = std::filesystem;
  // A process killed while summarising leaves its scratch folder behind; nobody else writes
  // inside a staging folder we hold the lock of, so it is ours to clear.
  const fs::path scratch = run.staging() / ".summary-scratch";
  std::error_code ec;
  fs::remove_all(scratch, ec);
  StreamedSummaries sums = summarize_runs_csv(run.staging() / "runs.csv", options, scratch);
  run.meta()["bad_queries"] = bad_query_json(sums.bad);
  run.write_meta();
  write_summary_files(run.staging(), title, sums.overall, sums.by_length, sums.bad,
                      sums.any_angle_planners, options, measurement_notes_text(run.meta()));
  return std::move(sums.overall);
}

}  // namespace pathbench
