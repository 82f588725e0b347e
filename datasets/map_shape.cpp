#include "datasets/map_shape.h"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

#include "datasets/map_generators.h"

namespace pathbench {

std::optional<ShapeProblem> map_shape_problem(const MapShape& s) {
  for (const auto& [field, side] : {std::pair{"width", s.width}, std::pair{"height", s.height}}) {
    if (side < 1)
      return ShapeProblem{field, fmt::format("expected a positive integer, got {}", side)};
    if (side > kMaxGeneratedSide)
      return ShapeProblem{field, fmt::format("at most {} cells, got {}", kMaxGeneratedSide, side)};
  }
  const std::uint64_t cells =
      static_cast<std::uint64_t>(s.width) * static_cast<std::uint64_t>(s.height);
  if (cells > kMaxGeneratedCells)
    return ShapeProblem{
        "height", fmt::format("width x height is {}, at most {} cells per generated map", cells,
                              kMaxGeneratedCells)};
  switch (s.kind) {
    case MapKind::Random:
      // 1 would block every cell: a map without a single query.
      if (!(s.density >= 0.0 && s.density < 1.0))
        return ShapeProblem{"density",
                            fmt::format("expected a number in [0, 1), got {}", s.density)};
      break;
    case MapKind::Maze:
      if (s.corridor_width < 1)
        return ShapeProblem{"corridor_width",
                            fmt::format("expected a positive integer, got {}", s.corridor_width)};
      if (s.width <= s.corridor_width || s.height <= s.corridor_width)
        return ShapeProblem{
            s.width <= s.corridor_width ? "width" : "height",
            fmt::format("a maze needs width and height of at least corridor_width + "
                        "1 = {}, got {}x{}",
                        s.corridor_width + 1, s.width, s.height)};
      break;
    case MapKind::Rooms:
      // A room of one cell is a lattice of pillars, not rooms.
      if (s.room_size < 2)
        return ShapeProblem{"room_size",
                            fmt::format("expected an integer >= 2, got {}", s.room_size)};
      if (s.width < 2 || s.height < 2)
        return ShapeProblem{
            s.width < 2 ? "width" : "height",
            fmt::format("rooms need width and height of at least 2, got {}x{}", s.width, s.height)};
      break;
  }
  return std::nullopt;
}

Grid generate_map(const MapShape& s, std::uint64_t seed) {
  if (const auto p = map_shape_problem(s))
    throw std::invalid_argument(p->field + ": " + p->message);
  switch (s.kind) {
    case MapKind::Random:
      return random_map(s.width, s.height, s.density, seed);
    case MapKind::Maze:
      return maze_map(s.width, s.height, s.corridor_width, seed);
    case MapKind::Rooms:
      return rooms_map(s.width, s.height, s.room_size, seed);
  }
  return {};
}

}  // namespace pathbench
