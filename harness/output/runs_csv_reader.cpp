#include "harness/output/runs_csv_reader.h"

#include <fmt/format.h>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <stdexcept>

#include "algorithms/core/input_error.h"
#include "datasets/input_file.h"

namespace pathbench {
namespace {

Status parse_status(const std::string& s, bool& ok) {
  ok = true;
  for (Status st : {Status::Solved, Status::Unreachable, Status::InvalidQuery, Status::Timeout,
                    Status::Unsupported, Status::Crashed, Status::ProtocolError, Status::BadQuery})
    if (to_string(st) == s) return st;
  ok = false;
  return Status::InvalidQuery;
}

}  // namespace

std::vector<std::vector<std::string>> parse_csv(std::string_view text) {
  std::vector<std::vector<std::string>> records;
  std::vector<std::string> record;
  std::string field;
  bool quoted = false, any = false;  // `any`: the current record has started
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"') {
        if (i + 1 < text.size() && text[i + 1] == '"') {
          field += '"';
          ++i;
        } else {
          quoted = false;
        }
      } else {
        field += c;
      }
      continue;
    }
    if (c == '"') {
      quoted = true;
      any = true;
    } else if (c == ',') {
      record.push_back(std::move(field));
      field.clear();
      any = true;
    } else if (c == '\n' || c == '\r') {
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      record.push_back(std::move(field));
      field.clear();
      records.push_back(std::move(record));
      record.clear();
      any = false;
    } else {
      field += c;
      any = true;
    }
  }
  if (quoted) throw std::runtime_error("unterminated quoted field");
  if (any) {
    record.push_back(std::move(field));
    records.push_back(std::move(record));
  }
  return records;
}

RunsCsv read_runs_csv(const std::filesystem::path& path) {
  std::ifstream in = open_input_file(path, "runs.csv");
  std::stringstream ss;
  ss << in.rdbuf();
  if (in.bad()) throw InputError(path.string(), 0, "", "cannot read the file");
  return parse_runs_csv(ss.str(), path.string());
}

RunsCsv parse_runs_csv(std::string_view csv_text, const std::string& file) {
  // `path` names the file in messages only.
  const std::filesystem::path path = file;
  std::vector<std::vector<std::string>> records;
  try {
    records = parse_csv(csv_text);
  } catch (const std::runtime_error& e) {
    throw InputError(path.string(), 0, "", e.what());
  }
  if (records.empty()) throw InputError(path.string(), 1, "", "no header line");

  RunsCsv out;
  out.header = records[0];
  std::map<std::string, std::size_t> col;
  for (std::size_t i = 0; i < out.header.size(); ++i) col.emplace(out.header[i], i);
  std::map<std::string_view, std::size_t> at;
  for (std::string_view name : kRunColumns) {
    const auto it = col.find(std::string(name));
    const bool optional = std::find(kOptionalRunColumns.begin(), kOptionalRunColumns.end(), name) !=
                          kOptionalRunColumns.end();
    if (it == col.end() && optional) continue;
    if (it == col.end())
      throw InputError(path.string(), 1, std::string(name), "column missing from the header");
    at[name] = it->second;
  }
  auto extras = std::make_shared<std::vector<std::string>>();
  std::vector<std::size_t> extra_at;
  for (std::size_t i = 0; i < out.header.size(); ++i) {
    bool standard = false;
    for (std::string_view name : kRunColumns) standard = standard || out.header[i] == name;
    if (!standard) {
      extras->push_back(out.header[i]);
      extra_at.push_back(i);
    }
  }
  out.extra_columns = extras;

  // Line numbers are record numbers + 1; exact for runs.csv, which never has quoted newlines.
  // A run (dataset, map, planner, query) appears once: a repeated one would be counted twice.
  std::map<std::tuple<std::string, std::string, std::string, int>, int> line_of_run;
  for (std::size_t r = 1; r < records.size(); ++r) {
    const std::vector<std::string>& f = records[r];
    const int line = static_cast<int>(r + 1);
    if (f.size() != out.header.size())
      throw InputError(path.string(), line, "",
                       fmt::format("expected {} fields, got {}", out.header.size(), f.size()));
    const auto text = [&](std::string_view name) -> const std::string& { return f[at[name]]; };
    const auto bad = [&](std::string_view name) {
      return InputError(path.string(), line, std::string(name),
                        fmt::format("cannot parse '{}'", text(name)));
    };
    // Empty = not applicable: NaN (the writer prints NaN as empty).
    const auto real = [&](std::string_view name, double empty_value) {
      const std::string& s = text(name);
      if (s.empty()) return empty_value;
      if (s == "inf") return std::numeric_limits<double>::infinity();
      if (s == "-inf") return -std::numeric_limits<double>::infinity();
      double v = 0;
      const auto res = std::from_chars(s.data(), s.data() + s.size(), v);
      if (res.ec != std::errc() || res.ptr != s.data() + s.size()) throw bad(name);
      return v;
    };
    const auto integer = [&]<typename T>(std::string_view name, T) {
      const std::string& s = text(name);
      T v{};
      const auto res = std::from_chars(s.data(), s.data() + s.size(), v);
      if (res.ec != std::errc() || res.ptr != s.data() + s.size()) throw bad(name);
      return v;
    };
    RunRow row;
    row.dataset = text("dataset");
    row.map = text("map");
    row.query = integer("query", 0);
    row.planner = text("planner");
    row.algorithm = text("algorithm");
    row.params = text("params");
    row.start = {integer("sx", 0), integer("sy", 0)};
    row.goal = {integer("gx", 0), integer("gy", 0)};
    bool ok = false;
    row.status = parse_status(text("status"), ok);
    if (!ok) throw bad("status");
    row.validated = !text("valid").empty();
    row.valid = text("valid") == "1";
    constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
    row.cost = real("cost", std::numeric_limits<double>::infinity());
    row.optimal = real("optimal", kNaN);
    row.suboptimality = real("suboptimality", kNaN);
    row.path_cells = integer("path_cells", std::size_t{});
    row.counters.expansions = integer("expansions", std::uint64_t{});
    row.counters.generated = integer("generated", std::uint64_t{});
    row.counters.updates = integer("updates", std::uint64_t{});
    row.counters.peak_open = integer("peak_open", std::uint64_t{});
    row.time_us = real("time_us", kNaN);
    row.bucket = integer("bucket", 0);
    row.prep_ms = real("prep_ms", kNaN);
    row.prep_bytes = integer("prep_bytes", std::size_t{});
    row.error = text("error");
    row.time_spread = at.count("time_spread") ? real("time_spread", kNaN) : kNaN;
    row.batch = at.count("batch") ? integer("batch", 0) : 1;
    if (row.batch < 1) throw bad("batch");
    row.path_us = at.count("path_us") ? real("path_us", kNaN) : kNaN;
    row.optimal_decimals = at.count("optimal_decimals") && !text("optimal_decimals").empty()
                               ? integer("optimal_decimals", 0)
                               : -1;
    if (row.optimal_decimals < -1) throw bad("optimal_decimals");
    row.extra_names = extras.get();
    for (std::size_t k = 0; k < extra_at.size(); ++k) {
      const std::string& s = f[extra_at[k]];
      double v = kNaN;
      if (!s.empty()) {
        if (s == "inf")
          v = std::numeric_limits<double>::infinity();
        else if (std::from_chars(s.data(), s.data() + s.size(), v).ec != std::errc())
          throw InputError(path.string(), line, (*extras)[k], fmt::format("cannot parse '{}'", s));
      }
      row.extras.push_back(v);
    }
    const auto [it, fresh] =
        line_of_run.try_emplace({row.dataset, row.map, row.planner, row.query}, line);
    if (!fresh)
      throw InputError(path.string(), line, "",
                       fmt::format("duplicate run: {}/{} planner '{}' query {} is also on line {}",
                                   row.dataset, row.map, row.planner, row.query, it->second));
    out.rows.push_back(std::move(row));
  }
  return out;
}

}  // namespace pathbench
