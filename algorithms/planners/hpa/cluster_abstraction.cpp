#include "algorithms/planners/hpa/cluster_abstraction.h"

#include <algorithm>

#include "algorithms/planners/hpa/abstract_search.h"

namespace pathbench::hpa {
namespace {

// Entrances narrower than this get one transition, wider ones two (the paper's rule).
constexpr int kWideEntrance = 6;

}  // namespace

std::uint32_t ClusterAbstraction::node_for(const Grid& grid, CellId c) {
  if (node_of_cell_[c] == kNoNode) {
    node_of_cell_[c] = static_cast<std::uint32_t>(nodes_.size());
    nodes_.push_back({c, grid.x_of(c), grid.y_of(c), 0});
  }
  return node_of_cell_[c];
}

void ClusterAbstraction::add_transition(const Grid& grid, CellId a, CellId b, int level) {
  const std::uint32_t na = node_for(grid, a), nb = node_for(grid, b);
  nodes_[na].level = std::max(nodes_[na].level, level);
  nodes_[nb].level = std::max(nodes_[nb].level, level);
  inter_.push_back({na, nb, level});
  ++transitions_;
}

// The border between coordinate k-1 and k: columns when `vertical`, rows otherwise. Entrances
// never span two clusters along the border, so the scan restarts at every cluster boundary.
void ClusterAbstraction::scan_border(const Grid& grid, int k, bool vertical) {
  const int level = geo_.border_level(k);
  const int len = vertical ? grid.height() : grid.width();
  const int side = geo_.side(1);
  auto cells = [&](int t, CellId& a, CellId& b) {
    a = vertical ? grid.id(k - 1, t) : grid.id(t, k - 1);
    b = vertical ? grid.id(k, t) : grid.id(t, k);
    return grid.passable(a) && grid.passable(b);
  };
  for (int t0 = 0; t0 < len; t0 += side) {
    const int t1 = std::min(len, t0 + side);
    for (int t = t0; t < t1;) {
      CellId a, b;
      if (!cells(t, a, b)) {
        ++t;
        continue;
      }
      const int s = t;
      while (t < t1 && cells(t, a, b)) ++t;
      const int n = t - s;
      ++entrances_;
      if (n < kWideEntrance) {
        cells(s + n / 2, a, b);
        add_transition(grid, a, b, level);
      } else {
        cells(s, a, b);
        add_transition(grid, a, b, level);
        cells(t - 1, a, b);
        add_transition(grid, a, b, level);
      }
    }
  }
}

void ClusterAbstraction::index_clusters(int level) {
  Level& L = levels_[level];
  const std::uint32_t nc = geo_.num_clusters(level);
  L.cluster_begin.assign(nc + 1, 0u);
  for (std::uint32_t v = 0; v < num_nodes(); ++v)
    if (nodes_[v].level >= level) ++L.cluster_begin[cluster_of(level, v) + 1];
  for (std::uint32_t c = 0; c < nc; ++c) L.cluster_begin[c + 1] += L.cluster_begin[c];
  L.cluster_nodes.assign(L.cluster_begin[nc], 0u);
  std::vector<std::uint32_t> fill(L.cluster_begin.begin(), L.cluster_begin.end() - 1);
  // Ascending node ids within each cluster: build_level1 relies on it.
  for (std::uint32_t v = 0; v < num_nodes(); ++v)
    if (nodes_[v].level >= level) L.cluster_nodes[fill[cluster_of(level, v)]++] = v;
}

void ClusterAbstraction::add_intra(std::vector<PendingEdge>& out, std::uint32_t a, std::uint32_t b,
                                   SearchCost cost, std::uint32_t off, std::uint32_t len) {
  out.push_back({a, {b, off, len, true, false, cost}});
  out.push_back({b, {a, off, len, true, true, cost}});
}

void ClusterAbstraction::finish_level(int level, std::vector<PendingEdge>& pending) {
  for (const InterEdge& e : inter_) {
    if (e.level < level) continue;
    pending.push_back({e.a, {e.b, 0, 0, false, false, kCardinalCost}});
    pending.push_back({e.b, {e.a, 0, 0, false, false, kCardinalCost}});
  }
  undirected_edges_ += pending.size() / 2;
  if (level > 1) {
    for (const InterEdge& e : inter_) undirected_edges_ -= e.level >= level ? 1 : 0;
  }
  Level& L = levels_[level];
  L.edge_begin.assign(num_nodes() + 1, 0u);
  for (const PendingEdge& p : pending) ++L.edge_begin[p.from + 1];
  for (std::uint32_t v = 0; v < num_nodes(); ++v) L.edge_begin[v + 1] += L.edge_begin[v];
  L.edges.resize(pending.size());
  std::vector<std::uint32_t> fill(L.edge_begin.begin(), L.edge_begin.end() - 1);
  for (const PendingEdge& p : pending) L.edges[fill[p.from]++] = p.e;
}

void ClusterAbstraction::build_level1(const Grid& grid, int cluster_size, int levels,
                                      bool cache_paths, ClusterSearch& cells,
                                      std::uint64_t& expansions) {
  geo_ = ClusterGeometry(grid.width(), grid.height(), cluster_size, levels);
  cache_paths_ = cache_paths;
  eight_ = grid.rules().connectivity == Connectivity::Eight;
  nodes_.clear();
  node_of_cell_.assign(grid.num_ids(), kNoNode);
  inter_.clear();
  path_pool_.clear();
  entrances_ = transitions_ = undirected_edges_ = 0;
  for (Level& L : levels_) L = Level{};

  for (int k = cluster_size; k < grid.width(); k += cluster_size) scan_border(grid, k, true);
  for (int k = cluster_size; k < grid.height(); k += cluster_size) scan_border(grid, k, false);
  for (int l = 1; l <= levels; ++l) index_clusters(l);

  const MoveOffsets off(grid);
  std::vector<PendingEdge> intra;
  for (std::uint32_t c = 0; c < geo_.num_clusters(1); ++c) {
    const std::span<const std::uint32_t> list = cluster_nodes(1, c);
    const Rect rect = geo_.rect(1, c);
    for (std::size_t i = 0; i + 1 < list.size(); ++i) {
      // Only nodes after i need costs from i (the pair's other direction reuses them).
      std::size_t remaining = list.size() - 1 - i;
      cells.run(grid, off, rect, nodes_[list[i]].cell, kNoCell, expansions, [&](CellId cell) {
        const std::uint32_t v = node_of_cell_[cell];
        return v != kNoNode && v > list[i] && --remaining == 0;
      });
      for (std::size_t j = i + 1; j < list.size(); ++j) {
        const CellId cj = nodes_[list[j]].cell;
        if (!cells.settled(cj)) continue;
        std::uint32_t off_pool = 0, len = 0;
        if (cache_paths_) {
          path_scratch_.clear();
          cells.append_path(cj, path_scratch_);
          off_pool = static_cast<std::uint32_t>(path_pool_.size());
          len = static_cast<std::uint32_t>(path_scratch_.size());
          path_pool_.insert(path_pool_.end(), path_scratch_.begin(), path_scratch_.end());
        }
        add_intra(intra, list[i], list[j], cells.cost(cj), off_pool, len);
      }
    }
  }
  finish_level(1, intra);
}

void ClusterAbstraction::build_level(int level, AbstractSearch& search, std::uint64_t& expansions) {
  AbstractRecords rec;
  rec.resize(num_nodes() + 1);
  std::vector<PendingEdge> intra;
  std::vector<std::uint32_t> chain;
  for (std::uint32_t c = 0; c < geo_.num_clusters(level); ++c) {
    const std::span<const std::uint32_t> list = cluster_nodes(level, c);
    for (std::size_t i = 0; i + 1 < list.size(); ++i) {
      const Conn seed{list[i], 0};
      search.run(*this, rec, AbstractQuery::within_cluster(level, c, list.size()), {&seed, 1},
                 expansions);
      for (std::size_t j = i + 1; j < list.size(); ++j) {
        if (!rec.closed(list[j])) continue;
        std::uint32_t off_pool = 0, len = 0;
        if (cache_paths_) {
          chain.clear();
          append_chain(rec, list[j], chain);
          off_pool = static_cast<std::uint32_t>(path_pool_.size());
          len = static_cast<std::uint32_t>(chain.size());
          path_pool_.insert(path_pool_.end(), chain.begin(), chain.end());
        }
        add_intra(intra, list[i], list[j], rec.g(list[j]), off_pool, len);
      }
    }
  }
  finish_level(level, intra);
}

std::size_t ClusterAbstraction::memory_bytes() const {
  std::size_t b = nodes_.capacity() * sizeof(AbsNode) + node_of_cell_.capacity() * 4 +
                  inter_.capacity() * sizeof(InterEdge) + path_pool_.capacity() * 4;
  for (const Level& L : levels_)
    b += (L.edge_begin.capacity() + L.cluster_begin.capacity() + L.cluster_nodes.capacity()) * 4 +
         L.edges.capacity() * sizeof(AbsEdge);
  return b;
}

}  // namespace pathbench::hpa
