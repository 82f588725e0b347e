#include "harness/config/yaml_reader.h"

#include <algorithm>
#include <cmath>
#include <string_view>

#include "algorithms/core/input_error.h"
#include "algorithms/core/params.h"

namespace pathbench {
namespace {

constexpr std::string_view kNameChars =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-";

}  // namespace

void Context::fail(int line, const std::string& field, const std::string& message) const {
  throw InputError(file_, line, field, message);
}

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& s : items) {
    if (!out.empty()) out += ", ";
    out += s;
  }
  return out;
}

int line_of(const YAML::Node& node, int fallback) {
  const YAML::Mark m = node.Mark();
  return m.is_null() ? fallback : m.line + 1;
}

std::string kind_name(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Null:
      return "nothing";
    case YAML::NodeType::Scalar:
      // Echoed in an error message: enough to recognise the value, not a pasted megabyte.
      if (node.Scalar().size() > 200) return "'" + node.Scalar().substr(0, 200) + "...'";
      return "'" + node.Scalar() + "'";
    case YAML::NodeType::Sequence:
      return "a list";
    case YAML::NodeType::Map:
      return "a mapping";
    default:
      return "an undefined value";
  }
}

MapReader::MapReader(const Context& ctx, const YAML::Node& node, std::string path, int line,
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

const Value* MapReader::find(const std::string& key) const {
  for (const auto& e : entries_)
    if (e.first == key) return &e.second;
  return nullptr;
}

const Value& MapReader::require(const std::string& key) const {
  if (const Value* v = find(key)) return *v;
  ctx_.fail(line_, field(key), "required key is missing");
}

const std::string& scalar(const Context& ctx, const Value& v, const std::string& what) {
  if (!v.node.IsScalar())
    ctx.fail(v.line, v.field, "expected " + what + ", got " + kind_name(v.node));
  return v.node.Scalar();
}

std::string get_string(const Context& ctx, const Value& v) {
  const std::string& s = scalar(ctx, v, "a string");
  if (s.empty()) ctx.fail(v.line, v.field, "must not be empty");
  if (s.size() > kMaxStringBytes)
    ctx.fail(v.line, v.field,
             "a text of " + std::to_string(s.size()) + " bytes; at most " +
                 std::to_string(kMaxStringBytes));
  return s;
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
  if (name.size() > kMaxNameBytes)
    ctx.fail(v.line, v.field,
             "a name of " + std::to_string(name.size()) + " bytes; at most " +
                 std::to_string(kMaxNameBytes) + " (it becomes a directory name)");
  if (name.find_first_not_of(kNameChars) != std::string::npos || name == "." || name == "..")
    ctx.fail(v.line, v.field,
             "'" + name + "' is not a valid name: use letters, digits, '_', '.' and '-' only");
}

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

}  // namespace pathbench
