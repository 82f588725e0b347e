#include "harness/output/dynamic_row.h"

#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <type_traits>

#include "harness/output/csv_writer.h"

namespace pathbench {
namespace {

// One text form per field type, both ways: csv_number's shortest round-trip numbers (empty =
// NaN, "inf"), true/false, decimal integers. Reading back what was printed gives the same value.
std::string to_text(const std::string& v) { return v; }
std::string to_text(bool v) { return v ? "true" : "false"; }
std::string to_text(double v) { return csv_number(v); }
template <typename T>
requires std::is_integral_v<T> std::string to_text(T v) { return std::to_string(v); }

bool from_text(std::string_view s, std::string& v) {
  v.assign(s);
  return true;
}
bool from_text(std::string_view s, bool& v) {
  v = s == "true";
  return v || s == "false";
}
bool from_text(std::string_view s, double& v) {
  if (s.empty()) {
    v = std::numeric_limits<double>::quiet_NaN();
    return true;
  }
  if (s == "inf" || s == "-inf") {
    v = s[0] == '-' ? -HUGE_VAL : HUGE_VAL;
    return true;
  }
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && end == s.data() + s.size();
}
template <typename T>
requires std::is_integral_v<T>
bool from_text(std::string_view s, T& v) {
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return !s.empty() && ec == std::errc() && end == s.data() + s.size();
}

struct Access {
  std::string (*field)(const DynamicRunRow&);
  bool (*read)(std::string_view, DynamicRunRow&);
};

template <auto Member>
constexpr Access member() {
  return {[](const DynamicRunRow& r) { return to_text(r.*Member); },
          [](std::string_view s, DynamicRunRow& r) { return from_text(s, r.*Member); }};
}

template <auto PointMember, auto Coordinate>
constexpr Access coord() {
  return {[](const DynamicRunRow& r) { return to_text((r.*PointMember).*Coordinate); },
          [](std::string_view s, DynamicRunRow& r) {
            return from_text(s, (r.*PointMember).*Coordinate);
          }};
}

constexpr DynamicColumn column(std::string_view name, std::string_view unit,
                               std::string_view meaning, Access access) {
  return {name, unit, meaning, access.field, access.read};
}

const std::array kDynamicSchema = {
    column(
        "kind", "",
        "unknown_terrain (the agent discovers the map) or changing_map (cells change as it moves)",
        member<&DynamicRunRow::kind>()),
    column("dataset", "", "dataset name from the config", member<&DynamicRunRow::dataset>()),
    column("map", "", "map file name", member<&DynamicRunRow::map>()),
    column("run", "", "index of the agent run on this map", member<&DynamicRunRow::run>()),
    column("planner", "", "the planner's label in the config", member<&DynamicRunRow::planner>()),
    column("algorithm", "", "registry name of the planner", member<&DynamicRunRow::algorithm>()),
    column("incremental", "",
           "true when the planner repairs its last search after a change (D* Lite); the "
           "summary's ratios compare the others against it",
           member<&DynamicRunRow::incremental>()),
    column("sx", "cell", "start column", coord<&DynamicRunRow::start, &Point::x>()),
    column("sy", "cell", "start row", coord<&DynamicRunRow::start, &Point::y>()),
    column("gx", "cell", "goal column", coord<&DynamicRunRow::goal, &Point::x>()),
    column("gy", "cell", "goal row", coord<&DynamicRunRow::goal, &Point::y>()),
    column("optimal", "", "start -> goal cost on the initial true map (reference or .scen length)",
           member<&DynamicRunRow::optimal>()),
    column("success", "", "true when the agent arrived", member<&DynamicRunRow::success>()),
    column("valid", "", "false when a step was illegal or a cost did not add up (see error)",
           member<&DynamicRunRow::valid>()),
    column("end", "", "arrived, unreachable, timeout, max_steps, illegal_step, ...",
           member<&DynamicRunRow::end>()),
    column("steps", "", "moves the agent made", member<&DynamicRunRow::steps>()),
    column("cost", "", "step costs travelled on the true map", member<&DynamicRunRow::cost>()),
    column("replans", "", "plans after the first", member<&DynamicRunRow::replans>()),
    column("changed_cells", "", "cells reported to the planner as changed over the run",
           member<&DynamicRunRow::changed_cells>()),
    column("initial_expansions", "", "expansions of the first plan",
           member<&DynamicRunRow::initial_expansions>()),
    column("initial_time_us", "us", "time of the first plan",
           member<&DynamicRunRow::initial_time_us>()),
    column("total_expansions", "", "expansions of all plans, the first included",
           member<&DynamicRunRow::total_expansions>()),
    column("max_replan_expansions", "", "the largest replan's expansions (the first plan excluded)",
           member<&DynamicRunRow::max_replan_expansions>()),
    column("total_time_us", "us", "all plans: update + re-prepare + search + path writing",
           member<&DynamicRunRow::total_time_us>()),
    column("max_replan_time_us", "us", "the slowest replan",
           member<&DynamicRunRow::max_replan_time_us>()),
    column("reprepare_us", "us",
           "part of total_time_us spent re-running prepare() (planners that are not incremental)",
           member<&DynamicRunRow::reprepare_us>()),
    column("path_us", "us", "part of total_time_us spent writing paths after the searches",
           member<&DynamicRunRow::path_us>()),
    column("error", "", "why the run is invalid (empty when valid)",
           member<&DynamicRunRow::error>()),
};

}  // namespace

std::span<const DynamicColumn> dynamic_schema() { return kDynamicSchema; }

const std::vector<std::string>& dynamic_columns() {
  static const std::vector<std::string> columns = [] {
    std::vector<std::string> names;
    for (const DynamicColumn& c : kDynamicSchema) names.emplace_back(c.name);
    return names;
  }();
  return columns;
}

std::vector<std::string> dynamic_csv_fields(const DynamicRunRow& r) {
  std::vector<std::string> fields;
  fields.reserve(kDynamicSchema.size());
  for (const DynamicColumn& c : kDynamicSchema) fields.push_back(c.field(r));
  return fields;
}

ColumnTable dynamic_schema_table() {
  ColumnTable t{{"column", "unit", "meaning"}, {}};
  for (const DynamicColumn& c : kDynamicSchema)
    t.rows.push_back({std::string(c.name), std::string(c.unit), std::string(c.meaning)});
  return t;
}

}  // namespace pathbench
