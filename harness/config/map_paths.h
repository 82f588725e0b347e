// Paths in an experiment file: `${VAR}` expanded, relative ones anchored at the config file's
// folder, and map globs expanded (sorted) to the map files that exist. Private to harness/config.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "harness/config/yaml_reader.h"

namespace pathbench {

// The string value `v` with `${VAR}` expanded (an unset variable fails at v's line).
std::string expanded_text(const Context& ctx, const Value& v);

// `text` made absolute against the config file's folder and lexically normal.
std::filesystem::path absolute_path(const Context& ctx, const std::string& text);

// A map entry: one existing file, or every existing map file a glob matches (sorted); globs
// apply to the written part only (the config folder is taken literally). Fails when none.
std::vector<std::filesystem::path> expand_map_entry(const Context& ctx, const Value& v);

}  // namespace pathbench
