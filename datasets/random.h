// Portable random and hashing helpers, the one copy of each for generators, seed derivation and
// digests. std::uniform_int_distribution and
// uniform_real_distribution are implementation-defined, so the same seed would give different
// maps with libstdc++ and libc++; std::mt19937_64's raw output is fully specified, and these
// mappings are ours, so a seed means the same map on every platform.
#pragma once

#include <cstdint>
#include <random>
#include <string_view>

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

// splitmix64's finaliser: neighbouring inputs give unrelated outputs (derived seeds).
inline std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

inline constexpr std::uint64_t kFnv1aBasis = 0xcbf29ce484222325ULL;

// FNV-1a 64 of `bytes`, continuing from `h`: the same on every platform (std::hash is not).
inline std::uint64_t fnv1a(std::string_view bytes, std::uint64_t h = kFnv1aBasis) {
  for (const char c : bytes) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
  return h;
}

}  // namespace pathbench::detail
