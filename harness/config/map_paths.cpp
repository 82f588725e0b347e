#include "harness/config/map_paths.h"

#include <glob.h>

#include <algorithm>
#include <stdexcept>

#include "datasets/input_file.h"
#include "harness/config/env_expansion.h"

namespace pathbench {
namespace fs = std::filesystem;
namespace {

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

}  // namespace

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

}  // namespace pathbench
