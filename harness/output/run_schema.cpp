#include "harness/output/run_schema.h"

namespace pathbench {

std::string_view to_string(ColumnType t) {
  switch (t) {
    case ColumnType::Category:
      return "category";
    case ColumnType::Text:
      return "text";
    case ColumnType::Integer:
      return "integer";
    case ColumnType::OptionalInt:
      return "optional integer";
    case ColumnType::Real:
      return "real";
    case ColumnType::Flag:
      return "flag";
  }
  return "?";
}

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
