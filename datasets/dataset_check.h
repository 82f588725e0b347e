// Checks a benchmark folder the way a run would read it, without running anything: every `.map`
// parses, and every `<map>.scen` beside it parses line by line with each entry matching its map
// (name, size, start and goal in range and passable) and a published length that can be right
// (datasets/published_length.h: not 0 for distinct cells, no length for a pair with no path,
// none below the octile bound). For a freshly downloaded MovingAI suite
// (scripts/fetch_movingai.sh) and for a user's own maps before a long run.
//
// Every problem over every file is reported, not just the first (issue 30: over hog2's suite a
// first-problem check found 36 bad map/scen pairs one run at a time). A malformed scen line
// still ends that file's check (its later lines' fields cannot be trusted to line up), but the
// other files go on.
#pragma once

#include <cstddef>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace pathbench {

struct DataProblem {
  // unreadable (a path, map or scen that cannot be read or parsed), no_maps (a folder without
  // any), map_name, size_mismatch, out_of_range, blocked, bad_length, missing_scen (only with
  // require_scen); with check-data --lengths also bad_length for a length the search disproves
  // and unverified (harness/runner/scen_length_check.h).
  std::string kind;
  std::string file;
  int line = 0;       // 1-based; 0 when the problem has no line
  std::string field;  // as InputError::field(); empty when none
  std::string what;   // the InputError-style message: file[:line]: [field 'f': ]message
};

struct DatasetCheck {
  std::size_t maps = 0, scens = 0, queries = 0;
  std::vector<std::string> maps_without_scen;         // paths, in sorted order
  std::vector<std::filesystem::path> maps_with_scen;  // readable maps with NAME.map.scen, in order
  std::vector<DataProblem> problems;                  // in file order
  std::map<std::string, std::size_t> per_kind() const;
  // Problems per folder (the file's parent directory) and kind: where a suite's problems are.
  std::map<std::string, std::map<std::string, std::size_t>> per_folder() const;
};

// `paths`: .map files and folders (searched recursively for *.map, in sorted order). Never
// throws for a problem of the data: each is a DataProblem. `require_scen`: a map without its
// .scen is one too (kind missing_scen).
DatasetCheck check_dataset(const std::vector<std::filesystem::path>& paths,
                           bool require_scen = false);

}  // namespace pathbench
