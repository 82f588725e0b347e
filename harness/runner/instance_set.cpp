#include "harness/runner/instance_set.h"

#include <fmt/format.h>
#include <cmath>

#include "algorithms/reference/reference_dijkstra.h"
#include "datasets/map_generators.h"
#include "datasets/map_io.h"
#include "datasets/scen_io.h"
#include "datasets/scenario_generator.h"

namespace pathbench {
namespace {

void load_movingai(const DatasetConfig& ds, std::vector<MapInstance>& out) {
  for (const MapSource& src : ds.maps) {
    MapInstance m;
    m.dataset = ds.name;
    m.map_name = src.map.filename().string();
    m.map_path = src.map;
    m.scen_path = src.scen;
    m.grid = read_map(src.map, MapLoadOptions{ds.rules, ds.terrain});
    const std::vector<ScenEntry> entries = read_scen(src.scen);
    check_scen_against_map(entries, m.grid, src.scen, src.map);
    std::vector<std::size_t> picked;
    for (std::size_t i = 0; i < entries.size(); ++i) {
      const ScenEntry& e = entries[i];
      if (ds.buckets && (e.bucket < ds.buckets->first || e.bucket > ds.buckets->second)) continue;
      picked.push_back(i);
    }
    // `sample` s of n: entries floor((2k + 1) n / 2s), k < s, the middles of s equal slices —
    // distinct and evenly spread from the shortest queries to the longest.
    if (ds.sample > 0 && static_cast<std::size_t>(ds.sample) < picked.size()) {
      const std::size_t n = picked.size(), s = static_cast<std::size_t>(ds.sample);
      std::vector<std::size_t> spread;
      for (std::size_t k = 0; k < s; ++k) spread.push_back(picked[(2 * k + 1) * n / (2 * s)]);
      picked = std::move(spread);
    }
    for (const std::size_t i : picked) {
      const ScenEntry& e = entries[i];
      if (ds.limit > 0 && static_cast<int>(m.queries.size()) >= ds.limit) break;
      m.queries.push_back({static_cast<int>(i), e.bucket, e.start, e.goal, e.optimal});
    }
    // .scen lengths assume the MovingAI rules; other rules or terrain need our own reference.
    if (ds.rules != MoveRules{} || !ds.terrain.empty())
      for (QueryInstance& q : m.queries) q.optimal = reference_cost(m.grid, q.start, q.goal);
    out.push_back(std::move(m));
  }
}

Grid generate_map(const GeneratedSpec& g, std::uint64_t seed) {
  switch (g.kind) {
    case GeneratedKind::Random:
      return random_map(g.width, g.height, g.density, seed);
    case GeneratedKind::Maze:
      return maze_map(g.width, g.height, g.corridor_width, seed);
    case GeneratedKind::Rooms:
      return rooms_map(g.width, g.height, g.room_size, seed);
  }
  return {};
}

void load_generated(const DatasetConfig& ds, std::vector<MapInstance>& out) {
  const GeneratedSpec& g = ds.generated;
  for (int i = 0; i < g.count; ++i) {
    MapInstance m;
    m.dataset = ds.name;
    m.map_name = fmt::format("{}-{:03}", ds.name, i);
    m.seed = g.map_seeds.at(static_cast<std::size_t>(i));
    m.grid = generate_map(g, m.seed);
    m.grid.set_rules(ds.rules);
    if (g.queries == QueryMode::Corners) {
      const Point s{0, 0}, t{g.width - 1, g.height - 1};
      m.grid.set_passable(s.x, s.y, true);
      m.grid.set_passable(t.x, t.y, true);
      const double opt = reference_cost(m.grid, s, t);
      m.queries.push_back({0, std::isfinite(opt) ? static_cast<int>(opt / 4) : -1, s, t, opt});
    } else {
      const auto entries = generate_scenarios(m.grid, m.map_name + ".map", g.queries_per_bucket,
                                              m.seed, g.max_buckets);
      for (std::size_t k = 0; k < entries.size(); ++k) {
        const ScenEntry& e = entries[k];
        m.queries.push_back({static_cast<int>(k), e.bucket, e.start, e.goal, e.optimal});
      }
    }
    out.push_back(std::move(m));
  }
}

}  // namespace

std::vector<MapInstance> load_instances(const ExperimentConfig& config) {
  std::vector<MapInstance> out;
  for (const DatasetConfig& ds : config.datasets) {
    if (ds.kind == DatasetConfig::Kind::MovingAI)
      load_movingai(ds, out);
    else
      load_generated(ds, out);
  }
  return out;
}

}  // namespace pathbench
