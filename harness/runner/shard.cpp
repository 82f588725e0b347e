#include "harness/runner/shard.h"

#include <fmt/format.h>

#include <charconv>

#include "algorithms/core/input_error.h"

namespace pathbench {

namespace {
constexpr int kMaxShards = 100000;

bool parse_int(std::string_view s, int& out) {
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return !s.empty() && ec == std::errc() && end == s.data() + s.size();
}
}  // namespace

Shard parse_shard(const std::string& text, const std::string& field) {
  const std::size_t slash = text.find('/');
  Shard s;
  if (slash == std::string::npos || !parse_int(std::string_view(text).substr(0, slash), s.k) ||
      !parse_int(std::string_view(text).substr(slash + 1), s.n))
    throw InputError::expected("command line", 0, field, "K/N, e.g. 0/4", text);
  if (s.n < 1 || s.n > kMaxShards || s.k < 0 || s.k >= s.n)
    throw InputError("command line", 0, field,
                     fmt::format("expected 0 <= K < N <= {}, got '{}'", kMaxShards, text));
  return s;
}

int shard_of(std::size_t ordinal, const Shard& shard) {
  return static_cast<int>(ordinal % static_cast<std::size_t>(shard.n));
}

void keep_shard(std::vector<MapInstance>& maps, const Shard& shard) {
  if (!shard.active()) return;
  std::size_t ordinal = 0;
  for (MapInstance& m : maps) {
    std::vector<QueryInstance> kept;
    for (const QueryInstance& q : m.queries)
      if (shard_of(ordinal++, shard) == shard.k) kept.push_back(q);
    m.queries = std::move(kept);
  }
}

nlohmann::json shard_json(const Shard& shard) { return {{"k", shard.k}, {"n", shard.n}}; }

Shard shard_from_meta(const nlohmann::json& meta, const std::string& file) {
  if (!meta.is_object() || !meta.contains("shard")) return {};
  const nlohmann::json& j = meta["shard"];
  if (!j.is_object() || !j.contains("k") || !j.contains("n") || !j["k"].is_number_integer() ||
      !j["n"].is_number_integer())
    throw InputError(file, 0, "shard", "expected {\"k\": K, \"n\": N}");
  Shard s{j["k"].get<int>(), j["n"].get<int>()};
  if (s.n < 1 || s.k < 0 || s.k >= s.n)
    throw InputError(file, 0, "shard", fmt::format("expected 0 <= k < n, got {}/{}", s.k, s.n));
  return s;
}

}  // namespace pathbench
