// YAML -> ExperimentConfig. All checks happen here, before any work starts, so a typo in an
// experiment file costs seconds, not a half-finished run.
#include "harness/config/experiment_config.h"

#include <fmt/format.h>
#include <glob.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <system_error>

#include "algorithms/core/search_types.h"
#include "datasets/input_error.h"
#include "datasets/input_file.h"
#include "datasets/random.h"

namespace pathbench {
namespace fs = std::filesystem;

const fs::path& default_repo_root() {
  static const fs::path root = PATHBENCH_SOURCE_DIR;
  return root;
}

std::optional<std::string> getenv_lookup(const std::string& name) {
  const char* v = std::getenv(name.c_str());
  if (v == nullptr || *v == '\0') return std::nullopt;
  return std::string(v);
}

std::string expand_env(const std::string& text, const fs::path& repo_root,
                       const EnvLookup& lookup) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] != '$' || i + 1 >= text.size() || text[i + 1] != '{') {
      out += text[i++];
      continue;
    }
    const std::size_t close = text.find('}', i + 2);
    if (close == std::string::npos)
      throw std::invalid_argument("unterminated '${' in '" + text + "'");
    std::string inner = text.substr(i + 2, close - i - 2);
    std::optional<std::string> fallback;
    if (const std::size_t sep = inner.find(":-"); sep != std::string::npos) {
      fallback = inner.substr(sep + 2);
      inner.resize(sep);
    }
    if (inner.empty()) throw std::invalid_argument("empty variable name in '" + text + "'");
    std::optional<std::string> value = lookup(inner);
    if (!value && fallback) value = fallback;
    if (!value && inner == "PATHBENCH_DATA")
      value = (repo_root / ".." / "shared" / "datasets").lexically_normal().string();
    if (!value)
      throw std::invalid_argument("environment variable ${" + inner +
                                  "} is not set (and has no ${" + inner + ":-default})");
    out += *value;
    i = close + 1;
  }
  return out;
}

namespace {

// Caps that keep a typo from asking for days of runs or gigabytes of planners.
constexpr int kMaxRepetitions = 10000;
constexpr std::size_t kMaxSweepPlanners = 10000;
constexpr int kMaxGeneratedCount = 10000;

constexpr std::string_view kNameChars =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-";

// splitmix64 finaliser: derived seeds must differ a lot for neighbouring inputs.
constexpr auto mix64 = detail::splitmix64;

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& s : items) {
    if (!out.empty()) out += ", ";
    out += s;
  }
  return out;
}

// Carries the file name into every error so no check can forget it.
class Context {
 public:
  Context(std::string file, fs::path base_dir, fs::path repo_root)
      : file_(std::move(file)), base_dir_(std::move(base_dir)), repo_root_(std::move(repo_root)) {}

  [[noreturn]] void fail(int line, const std::string& field, const std::string& message) const {
    throw InputError(file_, line, field, message);
  }
  const fs::path& base_dir() const { return base_dir_; }
  const fs::path& repo_root() const { return repo_root_; }

 private:
  std::string file_;
  fs::path base_dir_;
  fs::path repo_root_;
};

int line_of(const YAML::Node& node, int fallback) {
  const YAML::Mark m = node.Mark();
  return m.is_null() ? fallback : m.line + 1;
}

std::string kind_name(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Null:
      return "nothing";
    case YAML::NodeType::Scalar:
      return "'" + node.Scalar() + "'";
    case YAML::NodeType::Sequence:
      return "a list";
    case YAML::NodeType::Map:
      return "a mapping";
    default:
      return "an undefined value";
  }
}

// A value together with where it came from. `line` is its key's line for mapping values (a block
// value starts on the next line, but the key is what the user looks for) and the item's own line
// for list items.
struct Value {
  YAML::Node node;
  std::string field;
  int line = 0;
};

// A YAML mapping with its keys checked once: scalars, no duplicates, only `allowed` ones (unless
// `allowed` is empty, for open-ended maps like planner params). Keeps the written order.
class MapReader {
 public:
  MapReader(const Context& ctx, const YAML::Node& node, std::string path, int line,
            std::vector<std::string> allowed)
      : ctx_(ctx), path_(std::move(path)), line_(line) {
    if (!node.IsMap())
      ctx.fail(line_, path_, "expected a mapping of keys to values, got " + kind_name(node));
    for (auto it = node.begin(); it != node.end(); ++it) {
      const int key_line = line_of(it->first, line_);
      if (!it->first.IsScalar()) ctx.fail(key_line, path_, "keys must be plain names");
      const std::string key = it->first.Scalar();
      const std::string f = field(key);
      if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), key) == allowed.end())
        ctx.fail(key_line, f, "unknown key; allowed here: " + join(allowed));
      for (const auto& e : entries_)
        if (e.first == key) ctx.fail(key_line, f, "duplicate key");
      entries_.emplace_back(key, Value{it->second, f, key_line});
    }
  }

  const Value* find(const std::string& key) const {
    for (const auto& e : entries_)
      if (e.first == key) return &e.second;
    return nullptr;
  }
  const Value& require(const std::string& key) const {
    if (const Value* v = find(key)) return *v;
    ctx_.fail(line_, field(key), "required key is missing");
  }
  std::string field(const std::string& key) const {
    return path_.empty() ? key : path_ + "." + key;
  }
  int line() const { return line_; }
  const std::string& path() const { return path_; }
  const std::vector<std::pair<std::string, Value>>& entries() const { return entries_; }

 private:
  const Context& ctx_;
  std::string path_;
  int line_;
  std::vector<std::pair<std::string, Value>> entries_;
};

const std::string& scalar(const Context& ctx, const Value& v, const std::string& what) {
  if (!v.node.IsScalar())
    ctx.fail(v.line, v.field, "expected " + what + ", got " + kind_name(v.node));
  return v.node.Scalar();
}

std::string get_string(const Context& ctx, const Value& v) {
  const std::string& s = scalar(ctx, v, "a string");
  if (s.empty()) ctx.fail(v.line, v.field, "must not be empty");
  return s;
}

template <typename Int>
Int get_integer(const Context& ctx, const Value& v, const std::string& what) {
  const std::string& s = scalar(ctx, v, what);
  Int out{};
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  if (ec != std::errc() || end != s.data() + s.size() || s.empty())
    ctx.fail(v.line, v.field, "expected " + what + ", got '" + s + "'");
  return out;
}

int get_int(const Context& ctx, const Value& v, int min_value, const std::string& what) {
  const int out = get_integer<int>(ctx, v, what);
  if (out < min_value)
    ctx.fail(v.line, v.field, "expected " + what + ", got " + std::to_string(out));
  return out;
}

double get_double(const Context& ctx, const Value& v, const std::string& what) {
  const std::string& s = scalar(ctx, v, what);
  double out = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  if (ec != std::errc() || end != s.data() + s.size() || s.empty() || !std::isfinite(out))
    ctx.fail(v.line, v.field, "expected " + what + ", got '" + s + "'");
  return out;
}

bool get_bool(const Context& ctx, const Value& v) {
  const std::string& s = scalar(ctx, v, "true or false");
  if (const std::optional<bool> b = parse_bool_word(s)) return *b;
  ctx.fail(v.line, v.field, "expected true or false, got '" + s + "'");
}

void check_name(const Context& ctx, const Value& v, const std::string& name) {
  if (name.find_first_not_of(kNameChars) != std::string::npos || name == "." || name == "..")
    ctx.fail(v.line, v.field,
             "'" + name + "' is not a valid name: use letters, digits, '_', '.' and '-' only");
}

// Items of a list; a lone scalar is accepted as a one-item list because `maps: x.map` is what
// people write for a single map.
std::vector<Value> list_items(const Context& ctx, const Value& v, const std::string& what) {
  std::vector<Value> items;
  if (v.node.IsScalar()) {
    items.push_back(v);
    return items;
  }
  if (!v.node.IsSequence())
    ctx.fail(v.line, v.field, "expected " + what + ", got " + kind_name(v.node));
  std::size_t i = 0;
  for (const auto& item : v.node) {
    items.push_back({item, v.field + "[" + std::to_string(i) + "]", line_of(item, v.line)});
    ++i;
  }
  return items;
}

// ----- paths ------------------------------------------------------------------------------------

std::string expanded_text(const Context& ctx, const Value& v) {
  try {
    return expand_env(get_string(ctx, v), ctx.repo_root());
  } catch (const std::invalid_argument& e) {
    ctx.fail(v.line, v.field, e.what());
  }
}

fs::path absolute_path(const Context& ctx, const std::string& text) {
  fs::path p(text);
  if (p.is_relative()) p = ctx.base_dir() / p;
  return p.lexically_normal();
}

bool has_glob_chars(const std::string& s) { return s.find_first_of("*?[") != std::string::npos; }

// Backslash-escapes glob metacharacters so a folder name like `runs[2]` is matched literally.
std::string escape_glob(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '*' || c == '?' || c == '[' || c == ']' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

// Expands a map entry: globs only in the written part (the config folder is taken literally).
std::vector<fs::path> expand_map_entry(const Context& ctx, const Value& v) {
  const std::string written = expanded_text(ctx, v);
  if (!has_glob_chars(written)) {
    const fs::path p = absolute_path(ctx, written);
    if (std::string why = input_file_problem(p, "map"); !why.empty())
      ctx.fail(v.line, v.field, why + ": " + p.string());
    return {p};
  }
  std::string pattern = written;
  if (fs::path(written).is_relative())
    pattern = escape_glob(ctx.base_dir().lexically_normal().string()) + "/" + written;
  glob_t g{};
  const int rc = ::glob(pattern.c_str(), 0, nullptr, &g);
  std::vector<fs::path> out;
  if (rc == 0)
    for (std::size_t i = 0; i < g.gl_pathc; ++i) {
      fs::path p = fs::path(g.gl_pathv[i]).lexically_normal();
      if (input_file_problem(p, "map").empty()) out.push_back(std::move(p));
    }
  ::globfree(&g);
  if (out.empty()) ctx.fail(v.line, v.field, "pattern matches no map file: " + pattern);
  std::sort(out.begin(), out.end());
  return out;
}

// ----- datasets ---------------------------------------------------------------------------------

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
  std::uint64_t base = mix64(mix64(exp_seed) ^ dataset_index);
  if (const Value* s = m.find("seed")) {
    base = get_integer<std::uint64_t>(ctx, *s, "a non-negative integer");
    g.seed_given = true;
  }
  g.map_seeds.clear();
  for (int i = 0; i < g.count; ++i)
    g.map_seeds.push_back(g.seed_given ? base + static_cast<std::uint64_t>(i)
                                       : mix64(base ^ static_cast<std::uint64_t>(i)));
}

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
      ds.terrain[key[0]] = cost;
    }
  }
  return ds;
}

// ----- planners ---------------------------------------------------------------------------------

// Plain YAML 1.2 booleans become "true"/"false"; yes/on/... stay text so choice parameters with
// those names survive.
std::string param_text(const YAML::Node& n) {
  const std::string& s = n.Scalar();
  if (n.Tag() == "?") {
    if (s == "True" || s == "TRUE") return "true";
    if (s == "False" || s == "FALSE") return "false";
  }
  return s;
}

void check_label(const Context& ctx, const Value& v, const std::string& label) {
  for (char c : label)
    if (c == '[' || c == ']' || c == '=' || c == ',' || c == '"' ||
        static_cast<unsigned char>(c) < 0x20)
      ctx.fail(v.line, v.field,
               "'" + label + "' contains '" + std::string(1, c) +
                   "', which is reserved for sweep labels or breaks CSV output");
}

std::vector<PlannerConfig> read_planner(const Context& ctx, const Value& v) {
  const MapReader m(ctx, v.node, v.field, v.line, {"label", "algorithm", "params"});
  PlannerConfig base;
  base.line = m.line();
  const Value& label = m.require("label");
  base.base_label = get_string(ctx, label);
  check_label(ctx, label, base.base_label);
  base.algorithm = get_string(ctx, m.require("algorithm"));

  // Each parameter as a list of alternatives; scalars are one-element, not swept.
  struct Axis {
    std::string name;
    std::vector<std::string> values;
    bool swept = false;
  };
  std::vector<Axis> axes;
  if (const Value* p = m.find("params"); p != nullptr && !p->node.IsNull()) {
    const MapReader pm(ctx, p->node, p->field, p->line, {});
    for (const auto& [key, val] : pm.entries()) {
      Axis axis{key, {}, false};
      if (val.node.IsScalar()) {
        axis.values.push_back(param_text(val.node));
      } else if (val.node.IsSequence()) {
        axis.swept = true;
        if (val.node.size() == 0) ctx.fail(val.line, val.field, "a sweep needs at least one value");
        std::set<std::string> seen;
        for (const Value& item : list_items(ctx, val, "a list")) {
          if (!item.node.IsScalar())
            ctx.fail(item.line, item.field,
                     "sweep values must be scalars, got " + kind_name(item.node));
          std::string text = param_text(item.node);
          if (!seen.insert(text).second)
            ctx.fail(item.line, item.field, "value '" + text + "' appears twice in the sweep");
          axis.values.push_back(std::move(text));
        }
      } else {
        ctx.fail(val.line, val.field,
                 "expected a value or a list of values (a sweep), got " + kind_name(val.node));
      }
      axes.push_back(std::move(axis));
    }
  }

  // The product is checked before it is built: a few long lists would make millions of planners.
  std::size_t product = 1;
  for (const Axis& axis : axes) {
    product *= axis.values.size();
    if (product > kMaxSweepPlanners) break;
  }
  if (product > kMaxSweepPlanners)
    ctx.fail(base.line, v.field + ".params",
             fmt::format("this sweep would make more than {} planners; split the experiment",
                         kMaxSweepPlanners));

  // Cartesian product, first-written axis varying slowest (like nested loops in written order).
  std::vector<PlannerConfig> out{base};
  for (const Axis& axis : axes) {
    std::vector<PlannerConfig> next;
    for (const PlannerConfig& partial : out)
      for (const std::string& value : axis.values) {
        PlannerConfig pc = partial;
        pc.params[axis.name] = value;
        if (axis.swept) pc.sweep.emplace_back(axis.name, value);
        next.push_back(std::move(pc));
      }
    out = std::move(next);
  }
  for (PlannerConfig& pc : out) {
    pc.label = pc.base_label;
    if (!pc.sweep.empty()) {
      pc.label += '[';
      for (std::size_t i = 0; i < pc.sweep.size(); ++i)
        pc.label += (i ? "," : "") + pc.sweep[i].first + "=" + pc.sweep[i].second;
      pc.label += ']';
    }
  }
  return out;
}

// ----- top level --------------------------------------------------------------------------------

ExperimentConfig read_experiment(const Context& ctx, const YAML::Node& root) {
  if (!root.IsDefined() || root.IsNull()) ctx.fail(1, "", "the experiment file is empty");
  const MapReader m(ctx, root, "", line_of(root, 1),
                    {"name", "seed", "repetitions", "time_limit_s", "validate", "baseline",
                     "datasets", "planners", "dynamic", "summary"});
  ExperimentConfig cfg;
  const Value& name = m.require("name");
  cfg.name = get_string(ctx, name);
  check_name(ctx, name, cfg.name);
  if (const Value* s = m.find("seed"))
    cfg.seed = get_integer<std::uint64_t>(ctx, *s, "a non-negative integer");
  if (const Value* r = m.find("repetitions"))
    cfg.repetitions = get_int(ctx, *r, 1, "a positive integer");
  if (const Value* r = m.find("repetitions"); r && cfg.repetitions > kMaxRepetitions)
    ctx.fail(r->line, r->field,
             fmt::format("at most {} repetitions, got {}", kMaxRepetitions, cfg.repetitions));
  if (const Value* t = m.find("time_limit_s")) {
    cfg.time_limit_s = get_double(ctx, *t, "a non-negative number of seconds (0 = no limit)");
    if (std::string problem = time_limit_problem(cfg.time_limit_s); !problem.empty())
      ctx.fail(t->line, t->field, problem);
  }
  if (const Value* v = m.find("validate")) cfg.validate = get_bool(ctx, *v);
  if (const Value* d = m.find("dynamic")) cfg.dynamic_line = d->line;
  if (const Value* sv = m.find("summary")) {
    const MapReader sm(ctx, sv->node, sv->field, sv->line, {"by"});
    if (const Value* by = sm.find("by")) {
      cfg.summary_by = get_string(ctx, *by);
      if (cfg.summary_by != "dataset" && cfg.summary_by != "map")
        ctx.fail(by->line, by->field, "expected dataset or map, got '" + cfg.summary_by + "'");
    }
  }

  const Value& datasets = m.require("datasets");
  if (!datasets.node.IsSequence())
    ctx.fail(datasets.line, datasets.field,
             "expected a list of datasets, got " + kind_name(datasets.node));
  if (datasets.node.size() == 0)
    ctx.fail(datasets.line, datasets.field, "needs at least one dataset");
  std::set<std::string> dataset_names;
  for (const Value& item : list_items(ctx, datasets, "a list of datasets")) {
    cfg.datasets.push_back(read_dataset(ctx, item, cfg.seed, cfg.datasets.size()));
    if (!dataset_names.insert(cfg.datasets.back().name).second)
      ctx.fail(cfg.datasets.back().line, item.field + ".name",
               "dataset name '" + cfg.datasets.back().name + "' is used twice");
  }

  const Value& planners = m.require("planners");
  if (!planners.node.IsSequence())
    ctx.fail(planners.line, planners.field,
             "expected a list of planners, got " + kind_name(planners.node));
  if (planners.node.size() == 0)
    ctx.fail(planners.line, planners.field, "needs at least one planner");
  std::set<std::string> labels;
  std::set<std::string> base_labels;
  for (const Value& item : list_items(ctx, planners, "a list of planners")) {
    for (PlannerConfig& pc : read_planner(ctx, item)) {
      if (!labels.insert(pc.label).second)
        ctx.fail(pc.line, item.field + ".label",
                 "planner label '" + pc.label + "' is used twice (after sweep expansion)");
      base_labels.insert(pc.base_label);
      cfg.planners.push_back(std::move(pc));
    }
  }

  if (const Value* b = m.find("baseline")) {
    cfg.baseline = get_string(ctx, *b);
    if (!labels.count(cfg.baseline) && !base_labels.count(cfg.baseline)) {
      std::vector<std::string> known(labels.begin(), labels.end());
      ctx.fail(b->line, b->field,
               "'" + cfg.baseline + "' is not a planner label; labels: " + join(known));
    }
  }
  return cfg;
}

}  // namespace

ExperimentConfig parse_experiment(const std::string& yaml_text, const fs::path& file,
                                  const fs::path& repo_root) {
  const fs::path abs_file = fs::absolute(file).lexically_normal();
  const Context ctx(file.string(), abs_file.parent_path(), repo_root);
  YAML::Node root;
  try {
    root = YAML::Load(yaml_text);
  } catch (const YAML::Exception& e) {
    ctx.fail(e.mark.is_null() ? 0 : e.mark.line + 1, "", "YAML syntax error: " + e.msg);
  }
  ExperimentConfig cfg;
  try {
    cfg = read_experiment(ctx, root);
  } catch (const YAML::Exception& e) {
    // yaml-cpp should not throw once the tree is built; if it does, still report a location.
    ctx.fail(e.mark.is_null() ? 0 : e.mark.line + 1, "", e.msg);
  }
  cfg.source_file = abs_file;
  cfg.source_text = yaml_text;
  return cfg;
}

ExperimentConfig load_experiment(const fs::path& file, const fs::path& repo_root) {
  std::ifstream in = open_input_file(file, "experiment");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw InputError(file.string(), 0, "", "cannot read the experiment file");
  return parse_experiment(text.str(), file, repo_root);
}

}  // namespace pathbench
