// `pathbench export-dimacs`'s files: the names checked, then both written (datasets/dimacs_export.h
// makes the texts). Errors name the command-line option they come from.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "algorithms/core/grid.h"
#include "datasets/dimacs_export.h"

namespace pathbench {

struct DimacsFiles {
  std::filesystem::path graph;        // NAME.gr
  std::filesystem::path coordinates;  // NAME.co
};

// The two files for `graph` (--output) and `coordinates` (--coordinates, empty: graph's name with
// .co). InputError unless they are NAME.gr and NAME.co, differ, and do not exist (or overwrite).
DimacsFiles dimacs_files(const std::string& graph, const std::string& coordinates, bool overwrite);

// Writes both files. The scale and the weight range (--scale) are checked before either file is
// created; a failed write throws std::runtime_error naming the files.
DimacsCounts write_dimacs_files(const Grid& grid, std::int64_t scale, const std::string& source,
                                const DimacsFiles& files);

}  // namespace pathbench
