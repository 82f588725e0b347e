// Synthetic map generators in the style of the MovingAI random, maze and room families.
//
// Every generator is a pure function of its arguments: the same arguments (seed included) give
// the same Grid on every platform, because randomness comes from std::mt19937_64 through our own
// uniform mappings (datasets/random.h), never the implementation-defined std distributions.
// Invalid arguments throw std::invalid_argument. Grids use the default MoveRules.
#pragma once

#include <cstdint>

#include "algorithms/core/grid.h"

namespace pathbench {

// Each cell blocked independently with probability `density` in [0, 1]. Connectivity is not
// guaranteed (as in MovingAI's random maps; use the largest component for scenarios).
Grid random_map(int width, int height, double density, std::uint64_t seed);

// A perfect maze (exactly one path between any two lattice cells), carved by an iterative
// randomised depth-first backtracker. Corridors are `corridor_width` cells wide, walls 1 cell
// wide, with a wall along the top and left edges (the layout of maze512-1-0). Columns/rows on
// the right/bottom that do not fit a whole corridor stay blocked. All free cells are connected
// under any MoveRules. Requires corridor_width >= 1 and width, height >= corridor_width + 1.
Grid maze_map(int width, int height, int corridor_width, std::uint64_t seed);

// Rooms of room_size x room_size cells separated by 1-cell walls, with walls along the top and
// left edges (the layout of MovingAI's room maps; the last room in a row/column may be narrower
// when the size does not divide evenly). Doors are single cells in the wall between two
// neighbouring rooms: a random spanning tree of rooms always gets doors, so all free cells are
// connected under any MoveRules, and every other wall segment gets one with probability 1/2.
// Requires room_size >= 1 and width, height >= 2.
Grid rooms_map(int width, int height, int room_size, std::uint64_t seed);

}  // namespace pathbench
