#include "harness/config/map_seeds.h"

namespace pathbench {
namespace {

// splitmix64 finaliser: derived seeds must differ a lot for neighbouring inputs.
std::uint64_t mix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

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
