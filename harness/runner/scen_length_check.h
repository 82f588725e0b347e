// check-data's search pass (`pathbench check-data --lengths`): every published length that passed
// the structural checks (datasets/dataset_check.h) is compared with the optimum a search finds,
// so that a length above or below the true optimum is listed before a run, not found by one.
//
// The search is JPS (optimal, and fast enough for the whole MovingAI suite: about 1.57 million
// lines), and its answer is not trusted: each path is re-walked and its cost recomputed
// (check_result). Where JPS and the published length disagree beyond the length's printed
// precision, the reference Dijkstra (algorithms/reference) decides: if it agrees with the
// published length the problem is ours (kind `unverified`, naming the line), otherwise the line
// is a `bad_length` with the proven optimum in its message, as a run's bad_query row words it.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <vector>

#include "datasets/dataset_check.h"

namespace pathbench {

// `maps`: maps whose NAME.map.scen exists (DatasetCheck::maps_with_scen). Lines that fail a
// structural or published-length check are skipped (check_dataset reports them). Maps are
// shared among `jobs` threads; the problems come back in map order, then line order, whatever
// `jobs` is. `progress(done_lines)` is called from the calling thread now and then.
std::vector<DataProblem> check_published_lengths(
    const std::vector<std::filesystem::path>& maps, int jobs,
    const std::function<void(std::size_t)>& progress = {});

}  // namespace pathbench
