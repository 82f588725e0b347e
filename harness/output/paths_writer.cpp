#include "harness/output/paths_writer.h"

#include <cerrno>
#include <nlohmann/json.hpp>

#include "datasets/output_file.h"

namespace pathbench {

PathsWriter::PathsWriter(const std::filesystem::path& path, bool append)
    : out_(path, append ? std::ios::app : std::ios::trunc), path_(path) {
  if (!out_) throw OutputFileError(output_failure_message(path, errno, 0));
}

void PathsWriter::write(const RunRow& row, const Grid& grid, const std::vector<CellId>& path) {
  nlohmann::json cells = nlohmann::json::array();
  for (CellId c : path) cells.push_back({grid.x_of(c), grid.y_of(c)});
  const nlohmann::json obj = {{"dataset", row.dataset},
                              {"map", row.map},
                              {"query", row.query},
                              {"planner", row.planner},
                              {"path", std::move(cells)}};
  const std::string line = obj.dump() + '\n';
  out_ << line << std::flush;
  if (!out_) throw OutputFileError(output_failure_message(path_, errno, line.size()));
}

}  // namespace pathbench
