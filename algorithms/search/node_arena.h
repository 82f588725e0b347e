// Per-cell search records for best-first searches, indexed by CellId and reused across queries.
//
// Generation stamps instead of clearing: a record whose stamp is older than the current query's is
// "unseen", so starting a query costs O(1) instead of O(cells). Each query owns two stamp values:
// 2*gen (seen, on open) and 2*gen+1 (closed). On wrap-around the array is cleared once.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "algorithms/core/grid.h"

namespace pathbench {

// 16 bytes: four records per cache line. h is not stored; the loop recomputes it from
// coordinates it already has, which is cheaper than the extra memory traffic on large maps.
struct SearchNode {
  double g;       // best known cost from the start
  CellId parent;  // predecessor on the best known path (kNoCell at the start)
  std::uint32_t stamp;
};
static_assert(sizeof(SearchNode) == 16, "keep the hot record small");

class NodeArena {
 public:
  // Allocates; call in prepare.
  void resize(std::size_t num_ids) {
    nodes_.assign(num_ids, SearchNode{0.0, kNoCell, 0});
    gen_ = 0;
  }
  // Starts a new query: every record becomes unseen.
  void begin_query() {
    if (gen_ >= kMaxGen) {
      for (SearchNode& n : nodes_) n.stamp = 0;
      gen_ = 0;
    }
    ++gen_;
  }
  bool seen(CellId c) const { return nodes_[c].stamp >= 2 * gen_; }
  bool closed(CellId c) const { return nodes_[c].stamp == 2 * gen_ + 1; }
  // Marks first contact in this query and returns the record for initialisation.
  SearchNode& open(CellId c) {
    nodes_[c].stamp = 2 * gen_;
    return nodes_[c];
  }
  void close(CellId c) { nodes_[c].stamp = 2 * gen_ + 1; }
  SearchNode& operator[](CellId c) { return nodes_[c]; }
  const SearchNode& operator[](CellId c) const { return nodes_[c]; }
  std::size_t memory_bytes() const { return nodes_.capacity() * sizeof(SearchNode); }

  // Appends the parent chain ending at `goal` to `path` in start..goal order.
  void extract_path(CellId goal, std::vector<CellId>& path) const {
    const std::size_t first = path.size();
    for (CellId c = goal; c != kNoCell; c = nodes_[c].parent) path.push_back(c);
    std::reverse(path.begin() + static_cast<std::ptrdiff_t>(first), path.end());
  }

 private:
  static constexpr std::uint32_t kMaxGen = 0x7FFFFFF0u;
  std::vector<SearchNode> nodes_;
  std::uint32_t gen_ = 0;
};

}  // namespace pathbench
