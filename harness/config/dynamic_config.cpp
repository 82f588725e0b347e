// `dynamic:` -> DynamicSpec. experiment_config.cpp only records that the key exists, so this file
// re-reads the YAML text it kept; the section is small enough for plain checks here.
#include "harness/config/dynamic_config.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <string>

#include "datasets/input_error.h"

namespace pathbench {

std::string_view to_string(DynamicKind k) {
  return k == DynamicKind::UnknownTerrain ? "unknown_terrain" : "changing_map";
}

namespace {

[[noreturn]] void fail_at(const std::string& file, int line, const std::string& field,
                          const std::string& msg) {
  throw InputError(file, line, field, msg);
}

int line_of(const YAML::Node& n, int fallback) {
  const YAML::Mark m = n.Mark();
  return m.is_null() ? fallback : m.line + 1;
}

}  // namespace

std::optional<DynamicSpec> load_dynamic(const ExperimentConfig& cfg) {
  if (cfg.dynamic_line == 0) return std::nullopt;
  const std::string file = cfg.source_file.string();
  YAML::Node root;
  try {
    root = YAML::Load(cfg.source_text);
  } catch (const YAML::Exception& e) {
    fail_at(file, e.mark.is_null() ? 0 : e.mark.line + 1, "", "YAML syntax error: " + e.msg);
  }
  const YAML::Node node = root["dynamic"];
  DynamicSpec spec;
  spec.line = cfg.dynamic_line;
  if (!node.IsMap())
    fail_at(file, spec.line, "dynamic", "expected a mapping (kind, runs_per_map, ...)");

  static const std::vector<std::string> kAllowed = {"kind",    "sensor_radius", "every_k_steps",
                                                    "toggles", "runs_per_map",  "max_steps"};
  std::vector<std::pair<std::string, YAML::Node>> entries;
  for (auto it = node.begin(); it != node.end(); ++it) {
    const int kl = line_of(it->first, spec.line);
    if (!it->first.IsScalar()) fail_at(file, kl, "dynamic", "keys must be plain names");
    const std::string key = it->first.Scalar();
    if (std::find(kAllowed.begin(), kAllowed.end(), key) == kAllowed.end())
      fail_at(file, kl, "dynamic." + key,
              "unknown key; allowed here: kind, sensor_radius, every_k_steps, toggles, "
              "runs_per_map, max_steps");
    for (const auto& e : entries)
      if (e.first == key) fail_at(file, kl, "dynamic." + key, "duplicate key");
    entries.emplace_back(key, it->second);
  }
  auto find = [&](const std::string& key) -> const YAML::Node* {
    for (const auto& e : entries)
      if (e.first == key) return &e.second;
    return nullptr;
  };
  auto line = [&](const YAML::Node& n) { return line_of(n, spec.line); };
  auto get_int = [&](const std::string& key, int min_value, int& out) {
    const YAML::Node* n = find(key);
    if (!n) return;
    const std::string field = "dynamic." + key;
    const std::string what = "an integer >= " + std::to_string(min_value);
    if (!n->IsScalar()) fail_at(file, line(*n), field, "expected " + what);
    const std::string& s = n->Scalar();
    int v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size() || v < min_value)
      fail_at(file, line(*n), field, "expected " + what + ", got '" + s + "'");
    out = v;
  };

  const YAML::Node* kind = find("kind");
  if (!kind) fail_at(file, spec.line, "dynamic.kind", "required key is missing");
  std::vector<YAML::Node> kind_items;
  if (kind->IsScalar())
    kind_items.push_back(*kind);
  else if (kind->IsSequence())
    for (const auto& k : *kind) kind_items.push_back(k);
  if (kind_items.empty())
    fail_at(file, line(*kind), "dynamic.kind",
            "expected unknown_terrain, changing_map or a list of them");
  for (const YAML::Node& k : kind_items) {
    const std::string s = k.IsScalar() ? k.Scalar() : "";
    DynamicKind dk;
    if (s == "unknown_terrain")
      dk = DynamicKind::UnknownTerrain;
    else if (s == "changing_map")
      dk = DynamicKind::ChangingMap;
    else
      fail_at(file, line(k), "dynamic.kind",
              "expected unknown_terrain or changing_map, got '" + s + "'");
    if (std::find(spec.kinds.begin(), spec.kinds.end(), dk) != spec.kinds.end())
      fail_at(file, line(k), "dynamic.kind", "'" + s + "' is listed twice");
    spec.kinds.push_back(dk);
  }
  auto has = [&](DynamicKind k) {
    return std::find(spec.kinds.begin(), spec.kinds.end(), k) != spec.kinds.end();
  };
  for (const char* key : {"sensor_radius"})
    if (const YAML::Node* n = find(key); n && !has(DynamicKind::UnknownTerrain))
      fail_at(file, line(*n), std::string("dynamic.") + key,
              "applies only to kind unknown_terrain");
  for (const char* key : {"every_k_steps", "toggles"})
    if (const YAML::Node* n = find(key); n && !has(DynamicKind::ChangingMap))
      fail_at(file, line(*n), std::string("dynamic.") + key, "applies only to kind changing_map");
  get_int("sensor_radius", 1, spec.sensor_radius);
  get_int("every_k_steps", 1, spec.every_k_steps);
  get_int("toggles", 0, spec.toggles);
  get_int("runs_per_map", 1, spec.runs_per_map);
  get_int("max_steps", 1, spec.max_steps);
  return spec;
}

}  // namespace pathbench
