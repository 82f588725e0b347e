#include "harness/output/run_schema.h"

#include <iterator>

namespace pathbench {

namespace {
// ColumnType's names, in its order; the size check names its last type, Flag.
constexpr std::string_view kColumnTypeNames[] = {
    "category", "text", "integer", "optional integer", "real", "flag",
};
static_assert(std::size(kColumnTypeNames) == static_cast<std::size_t>(ColumnType::Flag) + 1);
}  // namespace

std::string_view to_string(ColumnType t) { return kColumnTypeNames[static_cast<std::size_t>(t)]; }

ColumnTable run_schema_table() {
  ColumnTable t{{"column", "type", "unit", "filled by", "meaning"}, {}};
  for (const RunColumn& c : kRunSchema) {
    std::string meaning(c.meaning);
    if (c.since_version > 1) meaning += " (schema " + std::to_string(c.since_version) + ")";
    t.rows.push_back({std::string(c.name), std::string(to_string(c.type)), std::string(c.unit),
                      std::string(c.filled_by), meaning});
  }
  return t;
}

}  // namespace pathbench
