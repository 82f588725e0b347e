// Pages that live as template files (harness/*/assets/*.html, compiled in by embed_asset.cmake)
// and have named slots, @NAME@, filled by the code that writes them.
#pragma once

#include <map>
#include <string>
#include <string_view>

namespace pathbench {

// Replaces every @NAME@ of `page` whose NAME is a key of `slots` with its value, in one pass: a
// value is never searched for slots itself, so data that happens to contain "@X@" stays as it
// is. Text between @ signs that names no slot is kept. Throws std::logic_error when a key of
// `slots` does not occur in the page (a renamed slot would otherwise drop a section silently).
std::string fill_template(std::string_view page, const std::map<std::string, std::string>& slots);

}  // namespace pathbench
