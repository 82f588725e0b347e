// KeyCodec<AStarOrder> (heaps/heap_key_codec.h) must be AStarOrder itself in another form: the
// borrow-chain comparison agrees with AStarOrder::less on every pair, and decode(encode(k)) == k.
// Keys near the edges of the lattice's range and of each 64-bit word are where a wrong sign flip
// or a dropped borrow would show.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "algorithms/heaps/heap_key_codec.h"

namespace pathbench {
namespace {

using Codec = KeyCodec<AStarOrder>;

std::vector<HeapKey> edge_keys() {
  const std::vector<SearchCost> values = {0,
                                          1,
                                          2,
                                          kCardinalCost,
                                          kDiagonalCost,
                                          kCardinalCost + kDiagonalCost,
                                          (SearchCost{1} << 32) - 1,
                                          SearchCost{1} << 62,
                                          kInfiniteCost - 1,
                                          kInfiniteCost,
                                          -1,
                                          -kCardinalCost};
  std::vector<HeapKey> keys;
  for (SearchCost f : values)
    for (SearchCost g : values) keys.push_back({f, g});
  return keys;
}

TEST(HeapKeyCodec, RoundTripsEveryKey) {
  for (const HeapKey& k : edge_keys()) {
    const HeapKey back = Codec::decode(Codec::encode(k));
    EXPECT_EQ(back.f, k.f);
    EXPECT_EQ(back.g, k.g);
  }
}

TEST(HeapKeyCodec, AgreesWithAStarOrderOnEdgeKeysAndIds) {
  const std::vector<HeapKey> keys = edge_keys();
  const std::vector<CellId> ids = {0, 1, 7, 0x7FFFFFFFu, 0xFFFFFFFEu};
  int disagreements = 0, less_count = 0;
  for (const HeapKey& a : keys)
    for (const HeapKey& b : keys)
      for (CellId ia : ids)
        for (CellId ib : ids) {
          const bool expected = AStarOrder::less(a, ia, b, ib);
          less_count += expected;
          disagreements += Codec::less(Codec::encode(a), ia, Codec::encode(b), ib) != expected;
        }
  EXPECT_EQ(disagreements, 0);
  // Not a vacuous order: a strict total order on distinct elements is less one way or the other.
  EXPECT_GT(less_count, 0);
}

TEST(HeapKeyCodec, AgreesWithAStarOrderOnRandomCloseKeys) {
  // Close values, so equal f and equal g (the tie-breaks) occur often.
  std::mt19937_64 rng(12345);
  std::uniform_int_distribution<SearchCost> small(0, 3);
  std::uniform_int_distribution<CellId> id(0, 3);
  int disagreements = 0, ties_on_f = 0;
  for (int i = 0; i < 200000; ++i) {
    const SearchCost base = static_cast<SearchCost>(rng() >> 2);
    const HeapKey a{base + small(rng), base + small(rng)}, b{base + small(rng), base + small(rng)};
    const CellId ia = id(rng), ib = id(rng);
    ties_on_f += a.f == b.f;
    disagreements +=
        Codec::less(Codec::encode(a), ia, Codec::encode(b), ib) != AStarOrder::less(a, ia, b, ib);
  }
  EXPECT_EQ(disagreements, 0);
  EXPECT_GT(ties_on_f, 10000);
}

}  // namespace
}  // namespace pathbench
