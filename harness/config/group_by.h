// How summaries group result rows: per dataset (the default) or per map. Written `summary: {by:
// map}` in an experiment file, `--by-map` on the command line, and "summary_by" in meta.json.
#pragma once

#include <optional>
#include <string_view>

namespace pathbench {

enum class GroupBy { Dataset, Map };

constexpr std::string_view to_string(GroupBy by) { return by == GroupBy::Map ? "map" : "dataset"; }

// "dataset" or "map"; nullopt for anything else.
constexpr std::optional<GroupBy> parse_group_by(std::string_view text) {
  if (text == "dataset") return GroupBy::Dataset;
  if (text == "map") return GroupBy::Map;
  return std::nullopt;
}

}  // namespace pathbench
