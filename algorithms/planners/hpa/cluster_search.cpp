#include "algorithms/planners/hpa/cluster_search.h"

#include <algorithm>

namespace pathbench::hpa {

void ClusterSearch::resize(int max_side) {
  const std::size_t area = static_cast<std::size_t>(max_side) * static_cast<std::size_t>(max_side);
  g_.assign(area, 0.0);
  parent_.assign(area, 0u);
  stamp_.assign(area, 0u);
  gen_ = 0;
  open_.resize(area);
  scratch_.reserve(area);
}

std::size_t ClusterSearch::memory_bytes() const {
  return g_.capacity() * sizeof(double) + (parent_.capacity() + stamp_.capacity()) * 4 +
         open_.memory_bytes() + scratch_.capacity() * sizeof(CellId);
}

void ClusterSearch::append_path(CellId c, std::vector<CellId>& out) const {
  // Parent chains are at most the rectangle's area long, so scratch_ never grows after resize().
  scratch_.clear();
  for (std::uint32_t i = local(c); i != 0xFFFFFFFFu; i = parent_[i]) scratch_.push_back(cell_of(i));
  out.insert(out.end(), scratch_.rbegin(), scratch_.rend());
}

}  // namespace pathbench::hpa
