#include "harness/config/env_expansion.h"

#include <cstdlib>
#include <stdexcept>

namespace pathbench {

namespace fs = std::filesystem;

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

}  // namespace pathbench
