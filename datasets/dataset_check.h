// Checks a benchmark folder the way a run would read it, without running anything: every `.map`
// parses, and every `<map>.scen` beside it parses line by line with each entry matching its map
// (name, size, start and goal in range and passable). For a freshly downloaded MovingAI suite
// (scripts/fetch_movingai.sh) and for a user's own maps before a long run.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace pathbench {

struct DatasetCheck {
  std::size_t maps = 0, scens = 0, queries = 0;
  std::vector<std::string> maps_without_scen;  // paths, in sorted order
};

// `paths`: .map files and folders (searched recursively for *.map, in sorted order). Throws
// InputError at the first problem, naming file, line and field; a folder without any map is one.
DatasetCheck check_dataset(const std::vector<std::filesystem::path>& paths);

}  // namespace pathbench
