// Generates MovingAI-style scenarios for any grid: random start/goal pairs inside the largest
// connected component, with optimal costs from the reference Dijkstra, grouped into buckets of
// floor(cost / 4) like the published .scen files.
//
// Guarantees: deterministic for (grid, map_name, per_bucket, seed, max_buckets) on every
// platform; start != goal, both in the largest component (ties broken by the component holding
// the lowest CellId); entry.optimal is the exact double reference_costs_from computes (equal to
// reference_cost); at most per_bucket entries per bucket; sorted by bucket, then in generation
// order. Work is bounded: at most kMaxScenarioStarts Dijkstra runs, so buckets that are rare on a
// map (the longest paths) may hold fewer than per_bucket entries or be missing.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "algorithms/core/grid.h"
#include "datasets/scen_io.h"

namespace pathbench {

inline constexpr int kMaxScenarioStarts = 48;

// map_name goes into each entry's map column. max_buckets > 0 keeps only buckets
// 0..max_buckets-1; 0 keeps every bucket found. Throws std::invalid_argument when per_bucket < 1
// or max_buckets < 0. Returns an empty vector when no component has two cells.
std::vector<ScenEntry> generate_scenarios(const Grid& grid, const std::string& map_name,
                                          int per_bucket, std::uint64_t seed, int max_buckets = 0);

// Free cells of the largest connected component under the grid's MoveRules, in CellId order.
std::vector<CellId> largest_component(const Grid& grid);

// Number of connected components of free cells under the grid's MoveRules.
int count_components(const Grid& grid);

// Component label per CellId under the grid's MoveRules (-1 for blocked cells and padding);
// returns the number of components. Two free cells are connected iff their labels are equal.
int label_components(const Grid& grid, std::vector<int>& label);

}  // namespace pathbench
