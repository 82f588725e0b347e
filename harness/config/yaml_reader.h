// Reading YAML nodes into checked values for the experiment parser (config/*_section.cpp): every
// failure is an InputError with the config file, the 1-based line and the dotted field
// (`datasets[1].generated.density`). Private to harness/config.
#pragma once

#include <yaml-cpp/yaml.h>

#include <charconv>
#include <cstdint>
#include <filesystem>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

namespace pathbench {

// Carries the file name into every error so no check can forget it.
class Context {
 public:
  Context(std::string file, std::filesystem::path base_dir, std::filesystem::path repo_root)
      : file_(std::move(file)), base_dir_(std::move(base_dir)), repo_root_(std::move(repo_root)) {}

  [[noreturn]] void fail(int line, const std::string& field, const std::string& message) const;
  const std::filesystem::path& base_dir() const { return base_dir_; }
  const std::filesystem::path& repo_root() const { return repo_root_; }

 private:
  std::string file_;
  std::filesystem::path base_dir_;
  std::filesystem::path repo_root_;
};

int line_of(const YAML::Node& node, int fallback);
// "nothing", "'text'", "a list", "a mapping": what the user wrote, for error messages.
std::string kind_name(const YAML::Node& node);
std::string join(const std::vector<std::string>& items);

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
            std::vector<std::string> allowed);

  const Value* find(const std::string& key) const;
  const Value& require(const std::string& key) const;
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

// Every text read from a config lands in some output (meta.json, rows, file names): bounded, so a
// stray paste cannot make a multi-megabyte CSV cell. 4096 is PATH_MAX, the longest path worth
// accepting.
constexpr std::size_t kMaxStringBytes = 4096;
// Names become directory names (NAME_MAX is 255) and table headings.
constexpr std::size_t kMaxNameBytes = 128;

// Typed getters; `what` describes the expected value in the error ("a positive integer").
const std::string& scalar(const Context& ctx, const Value& v, const std::string& what);
std::string get_string(const Context& ctx, const Value& v);
int get_int(const Context& ctx, const Value& v, int min_value, const std::string& what);
double get_double(const Context& ctx, const Value& v, const std::string& what);
bool get_bool(const Context& ctx, const Value& v);

template <typename Int>
Int get_integer(const Context& ctx, const Value& v, const std::string& what) {
  const std::string& s = scalar(ctx, v, what);
  Int out{};
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  if (ec != std::errc() || end != s.data() + s.size() || s.empty())
    ctx.fail(v.line, v.field, "expected " + what + ", got '" + s + "'");
  return out;
}

// Refuses a name that cannot be a directory name (letters, digits, '_', '.', '-' only, at most
// kMaxNameBytes).
void check_name(const Context& ctx, const Value& v, const std::string& name);

// Items of a list; a lone scalar is accepted as a one-item list because `maps: x.map` is what
// people write for a single map.
std::vector<Value> list_items(const Context& ctx, const Value& v, const std::string& what);

}  // namespace pathbench
