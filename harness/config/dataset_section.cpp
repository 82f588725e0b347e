// `datasets:` entries: MovingAI map lists (paths, globs, scen files, query selection) or
// generated maps (kind, size, queries), plus each dataset's move rules and terrain costs.
#include <fmt/format.h>

#include <limits>
#include <optional>
#include <set>
#include <string_view>

#include "algorithms/core/cost_range.h"
#include "datasets/input_file.h"
#include "harness/config/config_sections.h"
#include "harness/config/map_paths.h"
#include "harness/config/map_seeds.h"

namespace pathbench {
namespace fs = std::filesystem;
namespace {

// Caps that keep a typo from asking for days of runs.
constexpr int kMaxGeneratedCount = 10000;

void read_movingai(const Context& ctx, const Value& v, DatasetConfig& ds) {
  const MapReader m(ctx, v.node, v.field, v.line, {"maps", "scen", "limit", "buckets", "sample"});
  const Value& maps = m.require("maps");
  const Value* scen = m.find("scen");
  std::set<fs::path> seen;
  for (const Value& item : list_items(ctx, maps, "a list of map paths or globs")) {
    for (fs::path& p : expand_map_entry(ctx, item)) {
      if (!seen.insert(p).second)
        ctx.fail(item.line, item.field, "map listed twice in this dataset: " + p.string());
      fs::path default_scen = p;
      default_scen += ".scen";
      // A missing default scen is reported at the map entry: that is the line to fix.
      if (std::string why = scen ? "" : input_file_problem(default_scen, "scen"); !why.empty())
        ctx.fail(item.line, item.field,
                 why + ": " + default_scen.string() +
                     " (give 'scen:' for a single map whose scenario is named differently)");
      ds.maps.push_back({std::move(p), std::move(default_scen)});
    }
  }
  if (ds.maps.empty()) ctx.fail(maps.line, maps.field, "lists no maps");
  if (scen != nullptr) {
    if (ds.maps.size() != 1)
      ctx.fail(scen->line, scen->field,
               "an explicit scen file needs exactly one map, but 'maps' gives " +
                   std::to_string(ds.maps.size()));
    ds.maps.front().scen = absolute_path(ctx, expanded_text(ctx, *scen));
    if (std::string why = input_file_problem(ds.maps.front().scen, "scen"); !why.empty())
      ctx.fail(scen->line, scen->field, why + ": " + ds.maps.front().scen.string());
  }
  if (const Value* limit = m.find("limit"))
    ds.limit = get_int(ctx, *limit, 0, "a non-negative integer (0 = all)");
  if (const Value* sm = m.find("sample"))
    ds.sample = get_int(ctx, *sm, 0, "a non-negative integer (0 = all)");
  if (const Value* b = m.find("buckets")) {
    if (!b->node.IsSequence() || b->node.size() != 2)
      ctx.fail(b->line, b->field,
               "expected [first, last] (an inclusive bucket range), got " + kind_name(b->node));
    const std::vector<Value> items = list_items(ctx, *b, "[first, last]");
    const int lo = get_int(ctx, items[0], 0, "a non-negative bucket number");
    const int hi = get_int(ctx, items[1], 0, "a non-negative bucket number");
    if (lo > hi)
      ctx.fail(b->line, b->field,
               "first bucket " + std::to_string(lo) + " is after last " + std::to_string(hi));
    ds.buckets = std::pair{lo, hi};
  }
}

void read_generated(const Context& ctx, const Value& v, DatasetConfig& ds, std::uint64_t exp_seed,
                    std::size_t dataset_index) {
  static const std::vector<std::string> kCommon = {
      "kind", "width", "height", "count", "seed", "queries", "queries_per_bucket", "max_buckets"};
  // Read `kind` first: it decides which other keys are allowed.
  const MapReader probe(ctx, v.node, v.field, v.line, {});
  const Value& kind = probe.require("kind");
  const std::string k = get_string(ctx, kind);
  std::vector<std::string> allowed = kCommon;
  GeneratedSpec& g = ds.generated;
  if (k == "random") {
    g.kind = GeneratedKind::Random;
    allowed.push_back("density");
  } else if (k == "maze") {
    g.kind = GeneratedKind::Maze;
    allowed.push_back("corridor_width");
  } else if (k == "rooms") {
    g.kind = GeneratedKind::Rooms;
    allowed.push_back("room_size");
  } else {
    ctx.fail(kind.line, kind.field, "expected random, maze or rooms, got '" + k + "'");
  }
  const MapReader m(ctx, v.node, v.field, v.line, allowed);
  // Only the types here; the values' rules are the generators' own (datasets/map_shape.h), which
  // `pathbench gen-map` checks too.
  constexpr int kAny = std::numeric_limits<int>::min();
  g.width = get_int(ctx, m.require("width"), kAny, "an integer");
  g.height = get_int(ctx, m.require("height"), kAny, "an integer");
  if (const Value* d = m.find("density")) g.density = get_double(ctx, *d, "a number in [0, 1)");
  if (const Value* c = m.find("corridor_width"))
    g.corridor_width = get_int(ctx, *c, kAny, "an integer");
  if (const Value* r = m.find("room_size")) g.room_size = get_int(ctx, *r, kAny, "an integer");
  if (const auto problem = map_shape_problem(g.shape())) {
    const Value* at = m.find(problem->field);
    ctx.fail(at ? at->line : v.line, at ? at->field : m.field(problem->field), problem->message);
  }
  if (const Value* c = m.find("count")) {
    g.count = get_int(ctx, *c, 1, "a positive integer");
    if (g.count > kMaxGeneratedCount)
      ctx.fail(c->line, c->field,
               fmt::format("at most {} maps per dataset, got {}", kMaxGeneratedCount, g.count));
  }
  if (const Value* q = m.find("queries")) {
    const std::string mode = get_string(ctx, *q);
    if (mode == "buckets") {
      g.queries = QueryMode::Buckets;
    } else if (mode == "corners") {
      g.queries = QueryMode::Corners;
      if (g.width * static_cast<std::int64_t>(g.height) < 2)
        ctx.fail(q->line, q->field, "corner queries need at least two cells");
    } else {
      ctx.fail(q->line, q->field, "expected buckets or corners, got '" + mode + "'");
    }
  }
  for (const char* key : {"queries_per_bucket", "max_buckets"}) {
    const Value* val = m.find(key);
    if (val == nullptr) continue;
    if (g.queries == QueryMode::Corners)
      ctx.fail(val->line, val->field, "does not apply to 'queries: corners'");
    if (std::string_view(key) == "queries_per_bucket")
      g.queries_per_bucket = get_int(ctx, *val, 1, "a positive integer");
    else
      g.max_buckets = get_int(ctx, *val, 0, "a non-negative integer (0 = no limit)");
  }
  std::optional<std::uint64_t> seed;
  if (const Value* s = m.find("seed"))
    seed = get_integer<std::uint64_t>(ctx, *s, "a non-negative integer");
  g.seed_given = seed.has_value();
  g.map_seeds = generated_map_seeds(exp_seed, dataset_index, seed, g.count);
}

}  // namespace

DatasetConfig read_dataset(const Context& ctx, const Value& v, std::uint64_t exp_seed,
                           std::size_t index) {
  const MapReader m(ctx, v.node, v.field, v.line,
                    {"name", "movingai", "generated", "connectivity", "corner_cutting", "terrain"});
  DatasetConfig ds;
  ds.line = m.line();
  const Value& name = m.require("name");
  ds.name = get_string(ctx, name);
  check_name(ctx, name, ds.name);

  const Value* movingai = m.find("movingai");
  const Value* generated = m.find("generated");
  if (movingai && generated)
    ctx.fail(generated->line, generated->field, "give either 'movingai' or 'generated', not both");
  if (!movingai && !generated)
    ctx.fail(m.line(), m.path(), "needs a map source: 'movingai' or 'generated'");
  if (movingai) {
    ds.kind = DatasetConfig::Kind::MovingAI;
    read_movingai(ctx, *movingai, ds);
  } else {
    ds.kind = DatasetConfig::Kind::Generated;
    read_generated(ctx, *generated, ds, exp_seed, index);
  }

  if (const Value* c = m.find("connectivity")) {
    const int n = get_integer<int>(ctx, *c, "4 or 8");
    if (n != 4 && n != 8) ctx.fail(c->line, c->field, "expected 4 or 8, got " + std::to_string(n));
    ds.rules.connectivity = n == 4 ? Connectivity::Four : Connectivity::Eight;
  }
  if (const Value* cc = m.find("corner_cutting")) ds.rules.corner_cutting = get_bool(ctx, *cc);
  if (const Value* t = m.find("terrain")) {
    const MapReader tm(ctx, t->node, t->field, t->line, {});
    for (const auto& [key, val] : tm.entries()) {
      if (key.size() != 1 || key[0] == ' ')
        ctx.fail(val.line, val.field, "terrain keys are single map characters, got '" + key + "'");
      const double cost = get_double(ctx, val, "a positive cost multiplier");
      if (cost <= 0.0)
        ctx.fail(val.line, val.field,
                 "expected a positive cost multiplier, got " + val.node.Scalar());
      // A cost no map could hold (algorithms/core/cost_range.h) is refused at its line; the map
      // loader checks the costs against each map's size.
      if (!cell_cost_in_range(cost))
        ctx.fail(val.line, val.field,
                 fmt::format("cost {} is above {:.6g}, the most any cell may cost: search costs "
                             "are int64 fixed point and a path's cost must stay below 2^29 "
                             "(README: 'Terrain costs and the cost range')",
                             val.node.Scalar(), kMaxCellCost));
      ds.terrain[key[0]] = cost;
    }
  }
  return ds;
}

}  // namespace pathbench
