#include "algorithms/planners/hpa/cluster_search.h"

#include <algorithm>

namespace pathbench::hpa {

void ClusterSearch::resize(int max_side) {
  const std::size_t area = static_cast<std::size_t>(max_side) * static_cast<std::size_t>(max_side);
  nodes_.resize(area);
  open_.resize(area);
  scratch_.reserve(area);
}

std::size_t ClusterSearch::memory_bytes() const {
  return nodes_.memory_bytes() + open_.memory_bytes() + scratch_.capacity() * sizeof(CellId);
}

void ClusterSearch::append_path(CellId c, std::vector<CellId>& out) const {
  // Parent chains are at most the rectangle's area long, so scratch_ never grows after resize().
  scratch_.clear();
  for (CellId i = local(c); i != kNoCell; i = nodes_[i].parent) scratch_.push_back(cell_of(i));
  out.insert(out.end(), scratch_.rbegin(), scratch_.rend());
}

}  // namespace pathbench::hpa
