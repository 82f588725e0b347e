// Post-processing of a refined HPA* path: replaces stretches of it by canonical straight runs.
//
// The paper smooths by shooting straight rays from each path cell. Here, from an anchor cell, the
// farthest later path cell reachable by a canonical run is sought (galloping then bisection over
// the path index): "diagonal steps then straight steps" or "straight then diagonal" (with
// 4-connectivity, "horizontal then vertical" or the reverse). A run is kept only when every step
// is a legal move and its cost (the octile / Manhattan distance, the least any path can cost) is
// not above the stretch it replaces, so smoothing never increases the cost. Legality along the
// path index is not monotone, so the search is a heuristic: it can miss shortcuts, never accept
// an illegal or costlier one.
#pragma once

#include <vector>

#include "algorithms/core/moves.h"

namespace pathbench::hpa {

class PathSmoother {
 public:
  // Allocates scratch for paths up to `cells` long (longer ones grow the buffers once).
  void resize(std::size_t cells);
  std::size_t memory_bytes() const { return prefix_.capacity() * 8 + out_.capacity() * 4; }

  void smooth(const Grid& grid, std::vector<CellId>& path);

 private:
  // Is the canonical run `variant` (0 or 1) from path[a] to path[b] legal and not costlier?
  int usable_run(const Grid& grid, std::size_t a, std::size_t b) const;
  bool walk(const Grid& grid, CellId from, CellId to, int variant, bool emit);

  const std::vector<CellId>* path_ = nullptr;
  std::vector<double> prefix_;
  std::vector<CellId> out_;
};

}  // namespace pathbench::hpa
