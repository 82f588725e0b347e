// Portable random helpers for the generators. std::uniform_int_distribution and
// uniform_real_distribution are implementation-defined, so the same seed would give different
// maps with libstdc++ and libc++; std::mt19937_64's raw output is fully specified, and these
// mappings are ours, so a seed means the same map on every platform.
#pragma once

#include <cstdint>
#include <random>

namespace pathbench::detail {

// Uniform in [0, n). Precondition: n > 0. Rejection sampling keeps it exactly uniform.
inline std::uint64_t uniform_below(std::mt19937_64& rng, std::uint64_t n) {
  // Values >= limit would bias the modulo toward small results.
  const std::uint64_t limit = UINT64_MAX - UINT64_MAX % n;
  std::uint64_t v;
  do v = rng();
  while (v >= limit);
  return v % n;
}

// Uniform in [0, 1) with 53 random bits.
inline double uniform_unit(std::mt19937_64& rng) {
  return static_cast<double>(rng() >> 11) * 0x1.0p-53;
}

}  // namespace pathbench::detail
