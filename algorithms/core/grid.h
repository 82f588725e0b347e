// Grid model shared by every planner, reader, generator and the validator.
//
// Conventions (MovingAI's): x is the column, y the row, (0,0) is the top-left cell.
// Storage is row-major over a *padded* grid: one ring of blocked cells surrounds the map, so
// neighbour tests never need bounds checks. A CellId is the index into that padded array:
//   id = (y + 1) * padded_width() + (x + 1)
// Every per-node array in a planner is indexed by CellId and sized num_ids().
//
// Movement rules live with the grid (MoveRules): 8-connected octile moves without corner cutting
// by default; 4-connectivity and corner cutting are options. Terrain: moving into cell c costs
// step_length * cell_cost(c), cell_cost == 1 everywhere unless a cost map is set.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace pathbench {

using CellId = std::uint32_t;
inline constexpr CellId kNoCell = 0xFFFFFFFFu;

enum class Connectivity : std::uint8_t { Four = 4, Eight = 8 };

struct MoveRules {
  Connectivity connectivity = Connectivity::Eight;
  // When false (the MovingAI convention) a diagonal step needs both orthogonal side cells
  // passable. When true, a diagonal step is allowed if the target cell is passable.
  bool corner_cutting = false;

  bool operator==(const MoveRules&) const = default;
};

struct Point {
  int x = 0;
  int y = 0;
  bool operator==(const Point&) const = default;
};

class Grid {
 public:
  Grid() = default;
  // A width x height grid with every cell passable, cost 1.
  Grid(int width, int height, MoveRules rules = {});

  int width() const { return width_; }
  int height() const { return height_; }
  int padded_width() const { return width_ + 2; }
  // Size of per-node arrays (padded cells included).
  std::size_t num_ids() const { return passable_.size(); }

  const MoveRules& rules() const { return rules_; }
  void set_rules(const MoveRules& rules) { rules_ = rules; }

  bool in_bounds(int x, int y) const { return x >= 0 && y >= 0 && x < width_ && y < height_; }
  CellId id(int x, int y) const { return static_cast<CellId>((y + 1) * padded_width() + (x + 1)); }
  CellId id(Point p) const { return id(p.x, p.y); }
  int x_of(CellId c) const { return static_cast<int>(c % static_cast<CellId>(padded_width())) - 1; }
  int y_of(CellId c) const { return static_cast<int>(c / static_cast<CellId>(padded_width())) - 1; }
  Point point(CellId c) const { return {x_of(c), y_of(c)}; }

  // Padding cells report false, so this is safe for any id in [0, num_ids()).
  bool passable(CellId c) const { return passable_[c] != 0; }
  bool passable(int x, int y) const { return in_bounds(x, y) && passable_[id(x, y)] != 0; }
  void set_passable(int x, int y, bool free);
  std::size_t count_passable() const;

  // Terrain cost multipliers. Uniform grids (the default) keep no cost array at all.
  bool has_terrain() const { return !cost_.empty(); }
  double cell_cost(CellId c) const { return cost_.empty() ? 1.0 : cost_[c]; }
  // Precondition: cost > 0 and finite (callers validate user input before this).
  void set_cell_cost(int x, int y, double cost);
  // Smallest multiplier over all cells; heuristics scale by it to stay admissible.
  // O(cells): call it in prepare, not per query.
  double min_cell_cost() const;

  // Raw row-major-padded data for planners that build their own representations.
  const std::vector<std::uint8_t>& passable_data() const { return passable_; }

  bool operator==(const Grid&) const = default;

 private:
  int width_ = 0;
  int height_ = 0;
  MoveRules rules_{};
  std::vector<std::uint8_t> passable_;  // 1 = passable; padding ring is 0
  std::vector<double> cost_;            // empty when uniform
};

}  // namespace pathbench
