// How a run's times were measured and its caveats, read from its meta.json, for summary.md and
// the terminal: repetitions, their order and batching; the core pinned to, its governor and the
// load average (a busy machine); shards merged from different CPU models (absolute times mix
// machines) and parallel processes on one machine (`run --jobs`: shared caches make times
// noisier). Written by the run and the merge, and again by `pathbench report`, which rewrites
// summary.md.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace pathbench {

std::vector<std::string> measurement_notes(const nlohmann::json& meta);

// Each note as a "Note:" paragraph, for the end of summary.md (write_summaries' md_tail). Part of
// the one atomic write of summary.md, so a failure cannot leave the tables without their notes.
std::string measurement_notes_text(const nlohmann::json& meta);

}  // namespace pathbench
