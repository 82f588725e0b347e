#include "algorithms/planners/hpa/path_smoothing.h"

#include <cstdlib>

#include "algorithms/planners/hpa/cluster_geometry.h"

namespace pathbench::hpa {

void PathSmoother::resize(std::size_t cells) {
  prefix_.reserve(cells);
  out_.reserve(cells);
}

// Walks the run cell by cell. The run stays inside the bounding box of its ends (both on the
// map), so neighbour ids never leave the padded grid.
bool PathSmoother::walk(const Grid& grid, CellId from, CellId to, int variant, bool emit) {
  const int pw = grid.padded_width();
  int x = grid.x_of(from), y = grid.y_of(from);
  const int tx = grid.x_of(to), ty = grid.y_of(to);
  const int sx = tx > x ? 1 : (tx < x ? -1 : 0), sy = ty > y ? 1 : (ty < y ? -1 : 0);
  const int ax = std::abs(tx - x), ay = std::abs(ty - y);
  const bool eight = grid.rules().connectivity == Connectivity::Eight;
  CellId c = from;
  auto step = [&](int dx, int dy) {
    const CellId n = static_cast<CellId>(static_cast<std::int64_t>(c) + dy * pw + dx);
    if (!grid.passable(n)) return false;
    if (dx != 0 && dy != 0 &&
        !(grid.passable(static_cast<CellId>(static_cast<std::int64_t>(c) + dx)) &&
          grid.passable(static_cast<CellId>(static_cast<std::int64_t>(c) + dy * pw))))
      return false;
    c = n;
    if (emit) out_.push_back(n);
    return true;
  };
  auto repeat = [&](int n, int dx, int dy) {
    for (int i = 0; i < n; ++i)
      if (!step(dx, dy)) return false;
    return true;
  };
  if (eight) {
    const int diag = std::min(ax, ay);
    const int sdx = ax > ay ? sx : 0, sdy = ax > ay ? 0 : sy;
    const int straight = std::max(ax, ay) - diag;
    if (variant == 0) return repeat(diag, sx, sy) && repeat(straight, sdx, sdy);
    return repeat(straight, sdx, sdy) && repeat(diag, sx, sy);
  }
  if (variant == 0) return repeat(ax, sx, 0) && repeat(ay, 0, sy);
  return repeat(ay, 0, sy) && repeat(ax, sx, 0);
}

int PathSmoother::usable_run(const Grid& grid, std::size_t a, std::size_t b) const {
  const std::vector<CellId>& p = *path_;
  const Point pa = grid.point(p[a]), pb = grid.point(p[b]);
  const double run_cost =
      free_distance(pb.x - pa.x, pb.y - pa.y, grid.rules().connectivity == Connectivity::Eight);
  if (run_cost > prefix_[b] - prefix_[a] + 1e-9) return -1;
  auto* self = const_cast<PathSmoother*>(this);
  for (int variant = 0; variant < 2; ++variant)
    if (self->walk(grid, p[a], p[b], variant, false)) return variant;
  return -1;
}

void PathSmoother::smooth(const Grid& grid, std::vector<CellId>& path) {
  const std::size_t n = path.size();
  if (n < 3) return;
  path_ = &path;
  prefix_.assign(n, 0.0);
  for (std::size_t i = 1; i < n; ++i) {
    double step = 0.0;
    legal_move(grid, grid.point(path[i - 1]), grid.point(path[i]), &step);
    prefix_[i] = prefix_[i - 1] + step;
  }
  out_.clear();
  out_.push_back(path[0]);
  std::size_t a = 0;
  while (a + 1 < n) {
    // Gallop: a+2, a+3, a+5, a+9, ... while a run exists; then bisect up to the first failure.
    std::size_t lo = a + 1, hi = n;
    int lo_variant = -1;
    for (std::size_t d = 1; a + d + 1 <= n - 1; d *= 2) {
      const std::size_t j = a + d + 1;
      const int v = usable_run(grid, a, j);
      if (v < 0) {
        hi = j;
        break;
      }
      lo = j;
      lo_variant = v;
    }
    if (hi == n && lo != n - 1) {
      const int v = usable_run(grid, a, n - 1);
      if (v >= 0) {
        lo = n - 1;
        lo_variant = v;
      } else {
        hi = n - 1;
      }
    }
    while (hi - lo > 1) {
      const std::size_t mid = lo + (hi - lo) / 2;
      const int v = usable_run(grid, a, mid);
      if (v >= 0) {
        lo = mid;
        lo_variant = v;
      } else {
        hi = mid;
      }
    }
    if (lo_variant < 0) {
      out_.push_back(path[a + 1]);
    } else {
      walk(grid, path[a], path[lo], lo_variant, true);
    }
    a = lo;
  }
  path.assign(out_.begin(), out_.end());  // keeps both buffers' capacity where they are
  path_ = nullptr;
}

}  // namespace pathbench::hpa
