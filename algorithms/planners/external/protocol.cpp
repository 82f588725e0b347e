#include "algorithms/planners/external/protocol.h"

#include <cmath>
#include <nlohmann/json.hpp>

namespace pathbench::external {
namespace {

using Json = nlohmann::json;

// The start of a received line, for error messages.
std::string quote(const std::string& line) {
  constexpr std::size_t kMax = 80;
  std::string q = line.size() > kMax ? line.substr(0, kMax) + "..." : line;
  for (char& c : q)
    if (static_cast<unsigned char>(c) < 0x20) c = ' ';
  return "'" + q + "'";
}

// Parses `line` as a JSON object whose "type" is `type`; empty string on success.
std::string parse_object(const std::string& line, const char* type, Json& j) {
  j = Json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded())
    return "expected a JSON " + std::string(type) + " message, got " + quote(line);
  if (!j.is_object()) return "expected a JSON object, got " + quote(line);
  const auto t = j.find("type");
  if (t == j.end() || !t->is_string()) return "message without a \"type\" string: " + quote(line);
  if (t->get<std::string>() != type)
    return "expected a \"" + std::string(type) + "\" message, got type \"" + t->get<std::string>() +
           "\"";
  return {};
}

// Optional non-negative integer field.
std::string read_count(const Json& j, const char* key, std::uint64_t& out) {
  const auto it = j.find(key);
  if (it == j.end() || it->is_null()) return {};
  if (!it->is_number_integer() ||
      (it->is_number_integer() && !it->is_number_unsigned() && it->get<std::int64_t>() < 0))
    return std::string("\"") + key + "\" must be a non-negative integer";
  out = it->get<std::uint64_t>();
  return {};
}

// Optional finite non-negative number field.
std::string read_number(const Json& j, const char* key, double& out) {
  const auto it = j.find(key);
  if (it == j.end() || it->is_null()) return {};
  if (!it->is_number() || !std::isfinite(it->get<double>()) || it->get<double>() < 0)
    return std::string("\"") + key + "\" must be a non-negative number";
  out = it->get<double>();
  return {};
}

bool read_cell(const Json& c, Point& p) {
  if (!c.is_array() || c.size() != 2 || !c[0].is_number_integer() || !c[1].is_number_integer())
    return false;
  const auto x = c[0].get<std::int64_t>(), y = c[1].get<std::int64_t>();
  if (x < -1'000'000'000 || x > 1'000'000'000 || y < -1'000'000'000 || y > 1'000'000'000)
    return false;
  p = {static_cast<int>(x), static_cast<int>(y)};
  return true;
}

}  // namespace

std::string map_message(const Grid& grid, const std::filesystem::path& map_file) {
  Json rows = Json::array();
  std::string row;
  for (int y = 0; y < grid.height(); ++y) {
    row.assign(static_cast<std::size_t>(grid.width()), '.');
    for (int x = 0; x < grid.width(); ++x)
      if (!grid.passable(x, y)) row[static_cast<std::size_t>(x)] = '@';
    rows.push_back(row);
  }
  const Json j = {{"type", "map"},
                  {"path", map_file.empty() ? Json() : Json(map_file.string())},
                  {"width", grid.width()},
                  {"height", grid.height()},
                  {"connectivity", static_cast<int>(grid.rules().connectivity)},
                  {"corner_cutting", grid.rules().corner_cutting},
                  {"rows", std::move(rows)}};
  return j.dump() + '\n';
}

std::string solve_message(std::uint64_t id, Point start, Point goal, double time_limit_s) {
  const Json j = {{"type", "solve"},
                  {"id", id},
                  {"start", {start.x, start.y}},
                  {"goal", {goal.x, goal.y}},
                  {"time_limit_s", time_limit_s}};
  return j.dump() + '\n';
}

std::string quit_message() { return Json{{"type", "quit"}}.dump() + '\n'; }

std::string parse_ready(const std::string& line, Ready& out) {
  Json j;
  if (std::string e = parse_object(line, "ready", j); !e.empty()) return e;
  out = Ready{};
  return read_number(j, "prep_ms", out.prep_ms);
}

std::string parse_result(const std::string& line, std::uint64_t id, int width, int height,
                         Answer& out) {
  Json j;
  if (std::string e = parse_object(line, "result", j); !e.empty()) return e;
  out = Answer{};
  const auto idj = j.find("id");
  if (idj == j.end() || !idj->is_number_unsigned())
    return "result without a non-negative integer \"id\": " + quote(line);
  if (idj->get<std::uint64_t>() != id)
    return "result for id " + std::to_string(idj->get<std::uint64_t>()) + ", expected id " +
           std::to_string(id);
  const auto st = j.find("status");
  if (st == j.end() || !st->is_string()) return "result without a \"status\" string";
  const std::string status = st->get<std::string>();
  if (status == "solved") {
    out.status = Status::Solved;
  } else if (status == "no_path") {
    out.status = Status::Unreachable;
  } else if (status == "timeout") {
    out.status = Status::Timeout;
  } else {
    return "unknown status \"" + status + "\" (expected solved, no_path or timeout)";
  }
  if (std::string e = read_count(j, "expansions", out.expansions); !e.empty()) return e;
  if (std::string e = read_count(j, "generated", out.generated); !e.empty()) return e;
  if (std::string e = read_number(j, "time_us", out.time_us); !e.empty()) return e;
  if (const auto m = j.find("message"); m != j.end() && m->is_string()) out.message = *m;
  for (const auto& item : j.items())
    if (item.value().is_number() && item.key() != "id" && item.key() != "expansions" &&
        item.key() != "generated" && item.key() != "time_us" && item.key() != "cost")
      out.numbers.emplace_back(item.key(), item.value().get<double>());
  if (out.status != Status::Solved) return {};
  if (const auto c = j.find("cost"); c != j.end() && !c->is_null()) {
    if (!c->is_number() || !std::isfinite(c->get<double>()))
      return "\"cost\" must be a finite number";
    out.cost = c->get<double>();
  }
  const auto path = j.find("path");
  if (path == j.end() || !path->is_array() || path->empty())
    return "solved result without a non-empty \"path\" array";
  out.path.reserve(path->size());
  for (std::size_t i = 0; i < path->size(); ++i) {
    Point p;
    if (!read_cell((*path)[i], p))
      return "path[" + std::to_string(i) + "] is not an [x, y] pair of integers";
    if (p.x < 0 || p.y < 0 || p.x >= width || p.y >= height)
      return "path[" + std::to_string(i) + "] (" + std::to_string(p.x) + "," + std::to_string(p.y) +
             ") is outside the " + std::to_string(width) + "x" + std::to_string(height) + " map";
    out.path.push_back(p);
  }
  return {};
}

}  // namespace pathbench::external
