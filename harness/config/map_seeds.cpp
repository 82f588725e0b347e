#include "harness/config/map_seeds.h"

#include "datasets/random.h"

namespace pathbench {
namespace {

// splitmix64 finaliser: derived seeds must differ a lot for neighbouring inputs.
constexpr auto mix64 = detail::splitmix64;

}  // namespace

std::vector<std::uint64_t> generated_map_seeds(std::uint64_t experiment_seed,
                                               std::size_t dataset_index,
                                               std::optional<std::uint64_t> dataset_seed,
                                               int count) {
  const std::uint64_t base =
      dataset_seed ? *dataset_seed : mix64(mix64(experiment_seed) ^ dataset_index);
  std::vector<std::uint64_t> seeds;
  for (int i = 0; i < count; ++i)
    seeds.push_back(dataset_seed ? base + static_cast<std::uint64_t>(i)
                                 : mix64(base ^ static_cast<std::uint64_t>(i)));
  return seeds;
}

}  // namespace pathbench
