// `dynamic:` -> DynamicSpec (the syntax is in dynamic_config.h).
#include <algorithm>
#include <string>

#include "harness/config/config_sections.h"

namespace pathbench {

std::string_view to_string(DynamicKind k) {
  return k == DynamicKind::UnknownTerrain ? "unknown_terrain" : "changing_map";
}

DynamicSpec read_dynamic(const Context& ctx, const Value& v) {
  DynamicSpec spec;
  spec.line = v.line;
  if (!v.node.IsMap()) ctx.fail(spec.line, v.field, "expected a mapping (kind, runs_per_map, ...)");
  const MapReader m(
      ctx, v.node, v.field, v.line,
      {"kind", "sensor_radius", "every_k_steps", "toggles", "runs_per_map", "max_steps"});

  const Value& kind = m.require("kind");
  std::vector<Value> kind_items;
  if (kind.node.IsScalar() || kind.node.IsSequence())
    kind_items = list_items(ctx, kind, "unknown_terrain, changing_map or a list of them");
  if (kind_items.empty())
    ctx.fail(kind.line, kind.field, "expected unknown_terrain, changing_map or a list of them");
  for (const Value& k : kind_items) {
    const std::string s = k.node.IsScalar() ? k.node.Scalar() : "";
    DynamicKind dk;
    if (s == "unknown_terrain")
      dk = DynamicKind::UnknownTerrain;
    else if (s == "changing_map")
      dk = DynamicKind::ChangingMap;
    else
      ctx.fail(k.line, kind.field, "expected unknown_terrain or changing_map, got '" + s + "'");
    if (std::find(spec.kinds.begin(), spec.kinds.end(), dk) != spec.kinds.end())
      ctx.fail(k.line, kind.field, "'" + s + "' is listed twice");
    spec.kinds.push_back(dk);
  }
  const auto has = [&](DynamicKind k) {
    return std::find(spec.kinds.begin(), spec.kinds.end(), k) != spec.kinds.end();
  };
  if (const Value* n = m.find("sensor_radius"); n && !has(DynamicKind::UnknownTerrain))
    ctx.fail(n->line, n->field, "applies only to kind unknown_terrain");
  for (const char* key : {"every_k_steps", "toggles"})
    if (const Value* n = m.find(key); n && !has(DynamicKind::ChangingMap))
      ctx.fail(n->line, n->field, "applies only to kind changing_map");
  const auto read_int = [&](const char* key, int min_value, int& out) {
    if (const Value* n = m.find(key))
      out = get_int(ctx, *n, min_value, "an integer >= " + std::to_string(min_value));
  };
  read_int("sensor_radius", 1, spec.sensor_radius);
  read_int("every_k_steps", 1, spec.every_k_steps);
  read_int("toggles", 0, spec.toggles);
  read_int("runs_per_map", 1, spec.runs_per_map);
  read_int("max_steps", 1, spec.max_steps);
  return spec;
}

}  // namespace pathbench
