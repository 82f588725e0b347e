// Per-cell search records for best-first searches, indexed by CellId and reused across queries.
//
// Generation stamps (generation.h) instead of clearing: starting a query costs O(1), not O(ids).
// Ids are whatever the search numbers its nodes with: cells (A*, JPS), cells of one HPA* cluster
// rectangle, or HPA* abstract nodes.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "algorithms/core/grid.h"
#include "algorithms/core/search_cost.h"
#include "algorithms/search/generation.h"

namespace pathbench {

// 16 bytes: four records per cache line. h is not stored; the loop recomputes it from
// coordinates it already has, which is cheaper than the extra memory traffic on large maps.
struct SearchNode {
  SearchCost g;   // best known cost from the start (fixed point: search_cost.h)
  CellId parent;  // predecessor on the best known path (kNoCell at the start)
  std::uint32_t stamp;
};
static_assert(sizeof(SearchNode) == 16, "keep the hot record small");

class NodeArena {
 public:
  // Allocates; call in prepare.
  void resize(std::size_t num_ids) {
    nodes_.assign(num_ids, SearchNode{0, kNoCell, 0});
    gen_ = Generation{};
  }
  // Starts a new query: every record becomes unseen.
  void begin_query() {
    if (gen_.advance())
      for (SearchNode& n : nodes_) n.stamp = 0;
  }
  bool seen(CellId c) const { return gen_.seen(nodes_[c].stamp); }
  bool closed(CellId c) const { return gen_.is_closed(nodes_[c].stamp); }
  // Marks first contact in this query and returns the record for initialisation.
  SearchNode& open(CellId c) {
    nodes_[c].stamp = gen_.open();
    return nodes_[c];
  }
  void close(CellId c) { nodes_[c].stamp = gen_.closed(); }
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
  std::vector<SearchNode> nodes_;
  Generation gen_;
};

}  // namespace pathbench
