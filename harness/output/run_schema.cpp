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

std::string run_schema_markdown() {
  std::string out = "| column | type | unit | filled by | meaning |\n|---|---|---|---|---|\n";
  for (const RunColumn& c : kRunSchema) {
    out += "| `";
    out += c.name;
    out += "` | ";
    out += to_string(c.type);
    out += " | ";
    out += c.unit;
    out += " | ";
    out += c.filled_by;
    out += " | ";
    out += c.meaning;
    if (c.since_version > 1) out += " (schema " + std::to_string(c.since_version) + ")";
    out += " |\n";
  }
  return out;
}

}  // namespace pathbench
