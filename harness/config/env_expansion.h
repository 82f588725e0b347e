// `${VAR}` in experiment files: paths to shared data are written once, e.g.
// `${PATHBENCH_DATA}/movingai/dao/*.map`, and resolved per machine.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>

namespace pathbench {

// Returns the value of an environment variable, or nullopt when unset.
using EnvLookup = std::function<std::optional<std::string>(const std::string&)>;
// Looks names up with std::getenv; an empty value counts as unset.
std::optional<std::string> getenv_lookup(const std::string& name);

// Expands `${VAR}` and `${VAR:-default}` in `text`. An unset PATHBENCH_DATA falls back to
// `<repo_root>/../shared/datasets`. A `$` not followed by `{` is kept as is.
// Throws std::invalid_argument naming the variable for an unset variable with no default, and
// for an unterminated or empty `${`.
std::string expand_env(const std::string& text, const std::filesystem::path& repo_root,
                       const EnvLookup& lookup = getenv_lookup);

}  // namespace pathbench
