// Square-cluster geometry of HPA*'s hierarchy: which cluster a cell belongs to at each level and
// that cluster's rectangle. Level 1 clusters are cluster_size x cluster_size cells; a level-l
// cluster (l >= 2) groups kGroup x kGroup level-(l-1) clusters, so every level-l border is also a
// level-(l-1) border. Clusters on the right/bottom edge are clipped to the map.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>

#include "algorithms/core/moves.h"
#include "algorithms/core/search_cost.h"

namespace pathbench::hpa {

inline constexpr int kMaxLevels = 3;
// 3x3 grouping: with cluster_size 10 a level-2 cluster is 30x30 cells, level 3 is 90x90.
inline constexpr int kGroup = 3;

struct Rect {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // half-open [x0, x1) x [y0, y1)
  int width() const { return x1 - x0; }
  int height() const { return y1 - y0; }
  bool contains(int x, int y) const { return x >= x0 && x < x1 && y >= y0 && y < y1; }
};

class ClusterGeometry {
 public:
  ClusterGeometry() = default;
  ClusterGeometry(int width, int height, int cluster_size, int levels)
      : width_(width), height_(height), levels_(levels) {
    int s = cluster_size;
    for (int l = 1; l <= kMaxLevels; ++l, s *= kGroup) {
      side_[l] = s;
      nx_[l] = (width + s - 1) / s;
      ny_[l] = (height + s - 1) / s;
    }
  }
  int levels() const { return levels_; }
  int side(int level) const { return side_[level]; }
  int clusters_x(int level) const { return nx_[level]; }
  std::uint32_t num_clusters(int level) const {
    return static_cast<std::uint32_t>(nx_[level] * ny_[level]);
  }
  std::uint32_t cluster_of(int level, int x, int y) const {
    return static_cast<std::uint32_t>((y / side_[level]) * nx_[level] + x / side_[level]);
  }
  Rect rect(int level, std::uint32_t cluster) const {
    const int cx = static_cast<int>(cluster) % nx_[level],
              cy = static_cast<int>(cluster) / nx_[level];
    const int s = side_[level];
    return {cx * s, cy * s, std::min(width_, (cx + 1) * s), std::min(height_, (cy + 1) * s)};
  }
  // Highest level (<= levels()) whose cluster borders include the line between coordinate k-1
  // and k (k a multiple of the level-1 side).
  int border_level(int k) const {
    int l = 1;
    while (l < levels_ && k % side_[l + 1] == 0) ++l;
    return l;
  }

 private:
  int width_ = 0, height_ = 0, levels_ = 1;
  int side_[kMaxLevels + 1] = {};
  int nx_[kMaxLevels + 1] = {};
  int ny_[kMaxLevels + 1] = {};
};

// Cost of a shortest obstacle-free path between cells dx, dy apart: octile when diagonals are
// allowed, Manhattan otherwise. A consistent heuristic for every search of the hierarchy, since
// each edge's cost is the length of a legal path between its ends.
inline double free_distance(int dx, int dy, bool eight) {
  dx = std::abs(dx);
  dy = std::abs(dy);
  return eight ? octile_distance(dx, dy) : dx + dy;
}
// free_distance in the search lattice (search_cost.h): the heuristic of HPA*'s searches.
inline SearchCost free_distance_cost(int dx, int dy, bool eight) {
  dx = std::abs(dx);
  dy = std::abs(dy);
  return eight ? octile_cost(dx, dy) : (dx + dy) * kCardinalCost;
}

}  // namespace pathbench::hpa
