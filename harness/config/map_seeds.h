// Generator seeds of a generated dataset's maps. With `seed: s` map i uses s + i, so map 0 is
// reproducible from the number alone; otherwise seeds are mixed from the experiment seed, the
// dataset index and the map index, so adding a dataset never changes another's maps.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace pathbench {

std::vector<std::uint64_t> generated_map_seeds(std::uint64_t experiment_seed,
                                               std::size_t dataset_index,
                                               std::optional<std::uint64_t> dataset_seed,
                                               int count);

}  // namespace pathbench
