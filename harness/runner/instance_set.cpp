#include "harness/runner/instance_set.h"

#include <fmt/format.h>
#include <cmath>

#include "algorithms/core/input_error.h"
#include "algorithms/reference/reference_dijkstra.h"
#include "datasets/map_io.h"
#include "datasets/map_shape.h"
#include "datasets/published_length.h"
#include "datasets/scen_io.h"
#include "datasets/scenario_generator.h"

namespace pathbench {
namespace {

void load_movingai(const DatasetConfig& ds, BadQueryPolicy on_bad_query,
                   std::vector<MapInstance>& out) {
  for (const MapSource& src : ds.maps) {
    MapInstance m;
    m.dataset = ds.name;
    m.map_name = src.map.filename().string();
    m.map_path = src.map;
    m.scen_path = src.scen;
    m.grid = read_map(src.map, MapLoadOptions{ds.rules, ds.terrain});
    const auto eligible = [&](const ScenEntry& e) {
      return !ds.buckets || (e.bucket >= ds.buckets->first && e.bucket <= ds.buckets->second);
    };
    const auto full = [&] {
      return ds.limit > 0 && m.queries.size() >= static_cast<std::size_t>(ds.limit);
    };
    const BlockedEndpoints blocked =
        on_bad_query == BadQueryPolicy::Record ? BlockedEndpoints::Allow : BlockedEndpoints::Error;
    const auto take = [&](const ScenEntry& e, std::size_t i) {
      QueryInstance q{static_cast<int>(i),
                      e.bucket,
                      e.start,
                      e.goal,
                      e.optimal,
                      e.decimals,
                      e.line,
                      blocked_endpoint_problem(e, m.grid, m.map_name)};
      q.blocked_endpoint = !q.data_problem.empty();
      m.queries.push_back(std::move(q));
    };
    // The scen is streamed: with a `limit` the lines after the last query taken are never read,
    // so `limit: 1` on a huge file costs one line of memory.
    std::vector<std::size_t> wanted;  // with `sample`: ordinals among the eligible entries
    if (ds.sample > 0) {
      std::size_t n = 0;
      scan_scen_file(src.scen, [&](const ScenEntry& e, std::size_t) {
        check_scen_entry(e, m.grid, src.scen, src.map, blocked);
        n += eligible(e) ? 1 : 0;
        return true;
      });
      // `sample` s of n: entries floor((2k + 1) n / 2s), k < s, the middles of s equal slices —
      // distinct and evenly spread from the shortest queries to the longest.
      const std::size_t s = static_cast<std::size_t>(ds.sample);
      if (s < n)
        for (std::size_t k = 0; k < s; ++k) wanted.push_back((2 * k + 1) * n / (2 * s));
    }
    std::size_t ordinal = 0, next_wanted = 0;
    scan_scen_file(src.scen, [&](const ScenEntry& e, std::size_t i) {
      check_scen_entry(e, m.grid, src.scen, src.map, blocked);
      if (!eligible(e)) return true;
      const std::size_t j = ordinal++;
      if (!wanted.empty()) {
        if (next_wanted == wanted.size() || wanted[next_wanted] != j) return true;
        ++next_wanted;
      }
      take(e, i);
      return !full() && (wanted.empty() || next_wanted < wanted.size());
    });
    // .scen lengths assume the MovingAI rules; other rules or terrain need our own reference.
    if (ds.rules != MoveRules{} || !ds.terrain.empty()) {
      for (QueryInstance& q : m.queries) {
        if (q.blocked_endpoint) continue;
        q.optimal = reference_cost(m.grid, q.start, q.goal);
        q.decimals = -1;
      }
    } else {
      // The published lengths are the reference, compared at the file's printed precision
      // (scen_length_decimals says why not each line's own); those that cannot be right are
      // data problems, found here for every planner alike, before anything is solved.
      const int decimals = scen_length_decimals_of_file(src.scen);
      std::vector<int> labels;
      label_components(m.grid, labels);
      for (QueryInstance& q : m.queries) {
        if (q.decimals >= 0) q.decimals = decimals;  // an exponent keeps the relative rule
        if (q.blocked_endpoint) continue;
        ScenEntry e;
        e.start = q.start;
        e.goal = q.goal;
        e.optimal = q.optimal;
        e.decimals = q.decimals;
        q.data_problem = published_length_problem(m.grid, labels, e);
        if (!q.data_problem.empty() && on_bad_query == BadQueryPolicy::Error)
          throw InputError(src.scen.string(), q.line, "optimal_length",
                           q.data_problem + " (on_bad_query: error)");
      }
    }
    out.push_back(std::move(m));
  }
}

void load_generated(const DatasetConfig& ds, std::vector<MapInstance>& out) {
  const GeneratedSpec& g = ds.generated;
  for (int i = 0; i < g.count; ++i) {
    MapInstance m;
    m.dataset = ds.name;
    m.map_name = fmt::format("{}-{:03}", ds.name, i);
    m.seed = g.map_seeds.at(static_cast<std::size_t>(i));
    m.grid = generate_map(g.shape(), m.seed);
    m.grid.set_rules(ds.rules);
    if (g.queries == QueryMode::Corners) {
      const Point s{0, 0}, t{g.width - 1, g.height - 1};
      m.grid.set_passable(s.x, s.y, true);
      m.grid.set_passable(t.x, t.y, true);
      const double opt = reference_cost(m.grid, s, t);
      m.queries.push_back(
          {0, std::isfinite(opt) ? static_cast<int>(opt / 4) : -1, s, t, opt, -1, 0, {}});
    } else {
      const auto entries = generate_scenarios(m.grid, m.map_name + ".map", g.queries_per_bucket,
                                              m.seed, g.max_buckets);
      for (std::size_t k = 0; k < entries.size(); ++k) {
        const ScenEntry& e = entries[k];
        // Generated lengths are our exact doubles: compared at 1e-5, not at a printed precision.
        m.queries.push_back({static_cast<int>(k), e.bucket, e.start, e.goal, e.optimal, -1, 0, {}});
      }
    }
    out.push_back(std::move(m));
  }
}

}  // namespace

std::vector<MapInstance> load_instances(const ExperimentConfig& config) {
  std::vector<MapInstance> out;
  for (std::size_t d = 0; d < config.datasets.size(); ++d) {
    const DatasetConfig& ds = config.datasets[d];
    const std::size_t first = out.size();
    if (ds.kind == DatasetConfig::Kind::MovingAI)
      load_movingai(ds, config.on_bad_query, out);
    else
      load_generated(ds, out);
    // A dataset that yields nothing is a mistake (an empty scen, a bucket range that matches no
    // entry, generated maps without a connected pair), not a silent "0 runs".
    std::size_t queries = 0;
    for (std::size_t i = first; i < out.size(); ++i) queries += out[i].queries.size();
    if (queries == 0)
      throw InputError(config.source_file.string(), ds.line, fmt::format("datasets[{}]", d),
                       ds.kind == DatasetConfig::Kind::MovingAI
                           ? "no queries: the scen files are empty or 'buckets' matches no entry"
                           : "no queries: the generated maps have no two connected free cells");
  }
  return out;
}

}  // namespace pathbench
