// Strings as dense ids, and (map id, query) as one sortable key: how the streamed readers of a
// runs.csv (`report`: summary_stream.cpp, `compare`: streamed_comparison.cpp) keep the names out
// of the fixed-size records they spill to scratch files (spill_files.h).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace pathbench {

// Interns strings to dense ids in first-seen order (each name stored once: the id's entry points
// at the map's own key, which a std::map never moves).
class InternedNames {
 public:
  int id(const std::string& name) {
    const auto [it, fresh] = ids_.try_emplace(name, static_cast<int>(names_.size()));
    if (fresh) names_.push_back(&it->first);
    return it->second;
  }
  const std::string& name(int id) const { return *names_[static_cast<std::size_t>(id)]; }

 private:
  std::map<std::string, int, std::less<>> ids_;
  std::vector<const std::string*> names_;
};

// An interned map id and a query number as one key, ordered by map, then query.
inline std::uint64_t map_query_key(std::int32_t map, std::int32_t query) {
  return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(map)) << 32) |
         static_cast<std::uint32_t>(query);
}

}  // namespace pathbench
