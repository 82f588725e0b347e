#include "harness/output/paths_writer.h"

#include <fmt/format.h>
#include <cerrno>
#include <cstring>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace pathbench {

PathsWriter::PathsWriter(const std::filesystem::path& path, bool append)
    : out_(path, append ? std::ios::app : std::ios::trunc), path_(path) {
  if (!out_) throw std::runtime_error("cannot write " + path.string());
}

void PathsWriter::write(const RunRow& row, const Grid& grid, const std::vector<CellId>& path) {
  nlohmann::json cells = nlohmann::json::array();
  for (CellId c : path) cells.push_back({grid.x_of(c), grid.y_of(c)});
  const nlohmann::json obj = {{"dataset", row.dataset},
                              {"map", row.map},
                              {"query", row.query},
                              {"planner", row.planner},
                              {"path", std::move(cells)}};
  out_ << obj.dump() << '\n' << std::flush;
  if (!out_)
    throw std::runtime_error(
        fmt::format("write failed: {}: {}", path_.string(), std::strerror(errno)));
}

}  // namespace pathbench
