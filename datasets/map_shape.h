// What a generated map looks like before it is generated, and the one set of rules it must
// follow. The YAML loader, `pathbench gen-map` and the generators all check a shape here, so a
// value accepted in one place is accepted everywhere (and rejected with the same words).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "algorithms/core/grid.h"

namespace pathbench {

enum class MapKind : std::uint8_t { Random, Maze, Rooms };

struct MapShape {
  MapKind kind = MapKind::Random;
  int width = 0;
  int height = 0;
  double density = 0.2;    // random: obstacle probability in [0, 1)
  int corridor_width = 1;  // maze
  int room_size = 8;       // rooms
};

// Largest side and cell count of a generated map: beyond them a typo would exhaust memory (a side
// of 32768 also keeps cell ids of the padded grid within 32 bits).
inline constexpr int kMaxGeneratedSide = 1 << 15;
inline constexpr std::uint64_t kMaxGeneratedCells = std::uint64_t{1} << 26;  // 8192 x 8192

struct ShapeProblem {
  std::string field;    // width, height, density, corridor_width or room_size
  std::string message;  // e.g. "expected an integer >= 2, got 1"
};

// The first rule `shape` breaks, or nothing when it can be generated.
std::optional<ShapeProblem> map_shape_problem(const MapShape& shape);

// Generates the map (random_map, maze_map or rooms_map); throws std::invalid_argument with the
// problem when map_shape_problem names one.
Grid generate_map(const MapShape& shape, std::uint64_t seed);

}  // namespace pathbench
