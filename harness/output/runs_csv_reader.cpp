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
#include <tuple>

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

// Index of a standard column in kRunColumns; a compile error for a name that is not one.
consteval std::size_t C(std::string_view name) {
  for (std::size_t k = 0; k < kRunColumns.size(); ++k)
    if (kRunColumns[k] == name) return k;
  throw "not a runs.csv column";
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

RunsCsvRowParser::RunsCsvRowParser(std::vector<std::string> header, std::string file)
    : header_(std::move(header)), file_(std::move(file)) {
  at_.fill(kAbsent);  // an optional column of an older schema may stay absent
  std::map<std::string, std::size_t> col;
  for (std::size_t i = 0; i < header_.size(); ++i) col.emplace(header_[i], i);
  for (std::size_t k = 0; k < kRunColumns.size(); ++k) {
    const std::string_view name = kRunColumns[k];
    const auto it = col.find(std::string(name));
    const bool optional = std::find(kOptionalRunColumns.begin(), kOptionalRunColumns.end(), name) !=
                          kOptionalRunColumns.end();
    if (it == col.end() && optional) continue;
    if (it == col.end())
      throw InputError(file_, 1, std::string(name), "column missing from the header");
    at_[k] = it->second;
  }
  auto extras = std::make_shared<std::vector<std::string>>();
  for (std::size_t i = 0; i < header_.size(); ++i) {
    bool standard = false;
    for (std::string_view name : kRunColumns) standard = standard || header_[i] == name;
    if (!standard) {
      extras->push_back(header_[i]);
      extra_at_.push_back(i);
    }
  }
  extra_columns_ = extras;
}

void RunsCsvRowParser::parse(const std::vector<std::string>& f, int line, RunRow& row) const {
  if (f.size() != header_.size())
    throw InputError(file_, line, "",
                     fmt::format("expected {} fields, got {}", header_.size(), f.size()));
  // Column k of kRunColumns (C("name") is evaluated at compile time).
  const auto has = [&](std::size_t k) { return at_[k] != kAbsent; };
  const auto text = [&](std::size_t k) -> const std::string& { return f[at_[k]]; };
  const auto bad = [&](std::size_t k) {
    return InputError(file_, line, std::string(kRunColumns[k]),
                      fmt::format("cannot parse '{}'", text(k)));
  };
  // Empty = not applicable: NaN (the writer prints NaN as empty).
  const auto real = [&](std::size_t name, double empty_value) {
    const std::string& s = text(name);
    if (s.empty()) return empty_value;
    if (s == "inf") return std::numeric_limits<double>::infinity();
    if (s == "-inf") return -std::numeric_limits<double>::infinity();
    double v = 0;
    const auto res = std::from_chars(s.data(), s.data() + s.size(), v);
    if (res.ec != std::errc() || res.ptr != s.data() + s.size()) throw bad(name);
    return v;
  };
  const auto integer = [&]<typename T>(std::size_t name, T) {
    const std::string& s = text(name);
    T v{};
    const auto res = std::from_chars(s.data(), s.data() + s.size(), v);
    if (res.ec != std::errc() || res.ptr != s.data() + s.size()) throw bad(name);
    return v;
  };
  row.dataset = text(C("dataset"));
  row.map = text(C("map"));
  row.query = integer(C("query"), 0);
  row.planner = text(C("planner"));
  row.algorithm = text(C("algorithm"));
  row.params = text(C("params"));
  row.start = {integer(C("sx"), 0), integer(C("sy"), 0)};
  row.goal = {integer(C("gx"), 0), integer(C("gy"), 0)};
  bool ok = false;
  row.status = parse_status(text(C("status")), ok);
  if (!ok) throw bad(C("status"));
  row.validated = !text(C("valid")).empty();
  row.valid = text(C("valid")) == "1";
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  row.cost = real(C("cost"), std::numeric_limits<double>::infinity());
  row.optimal = real(C("optimal"), kNaN);
  row.suboptimality = real(C("suboptimality"), kNaN);
  row.path_cells = integer(C("path_cells"), std::size_t{});
  row.counters = Counters{};
  row.counters.expansions = integer(C("expansions"), std::uint64_t{});
  row.counters.generated = integer(C("generated"), std::uint64_t{});
  row.counters.updates = integer(C("updates"), std::uint64_t{});
  row.counters.peak_open = integer(C("peak_open"), std::uint64_t{});
  row.time_us = real(C("time_us"), kNaN);
  row.bucket = integer(C("bucket"), 0);
  row.prep_ms = real(C("prep_ms"), kNaN);
  row.prep_bytes = integer(C("prep_bytes"), std::size_t{});
  row.error = text(C("error"));
  row.time_spread = has(C("time_spread")) ? real(C("time_spread"), kNaN) : kNaN;
  row.batch = has(C("batch")) ? integer(C("batch"), 0) : 1;
  if (row.batch < 1) throw bad(C("batch"));
  row.path_us = has(C("path_us")) ? real(C("path_us"), kNaN) : kNaN;
  row.optimal_decimals = has(C("optimal_decimals")) && !text(C("optimal_decimals")).empty()
                             ? integer(C("optimal_decimals"), 0)
                             : -1;
  if (row.optimal_decimals < -1) throw bad(C("optimal_decimals"));
  row.extra_names = extra_columns_.get();
  row.extras.clear();
  for (std::size_t k = 0; k < extra_at_.size(); ++k) {
    const std::string& s = f[extra_at_[k]];
    double v = kNaN;
    if (!s.empty()) {
      if (s == "inf")
        v = std::numeric_limits<double>::infinity();
      else if (std::from_chars(s.data(), s.data() + s.size(), v).ec != std::errc())
        throw InputError(file_, line, (*extra_columns_)[k], fmt::format("cannot parse '{}'", s));
    }
    row.extras.push_back(v);
  }
}

RunsCsv parse_runs_csv(std::string_view csv_text, const std::string& file) {
  std::vector<std::vector<std::string>> records;
  try {
    records = parse_csv(csv_text);
  } catch (const std::runtime_error& e) {
    throw InputError(file, 0, "", e.what());
  }
  if (records.empty()) throw InputError(file, 1, "", "no header line");

  RunsCsv out;
  out.header = records[0];
  const RunsCsvRowParser parser(out.header, file);
  out.extra_columns = parser.extra_columns();

  // Line numbers are record numbers + 1; exact for runs.csv, which never has quoted newlines.
  // A run (dataset, map, planner, query) appears once: a repeated one would be counted twice.
  std::map<std::tuple<std::string, std::string, std::string, int>, int> line_of_run;
  for (std::size_t r = 1; r < records.size(); ++r) {
    const int line = static_cast<int>(r + 1);
    RunRow row;
    parser.parse(records[r], line, row);
    const auto [it, fresh] =
        line_of_run.try_emplace({row.dataset, row.map, row.planner, row.query}, line);
    if (!fresh)
      throw InputError(file, line, "",
                       fmt::format("duplicate run: {}/{} planner '{}' query {} is also on line {}",
                                   row.dataset, row.map, row.planner, row.query, it->second));
    out.rows.push_back(std::move(row));
  }
  return out;
}

CsvRecordReader::CsvRecordReader(std::istream& in) : in_(*in.rdbuf()) {}

bool CsvRecordReader::next(std::vector<std::string>& record) {
  // The same state machine as parse_csv, one record at a time; `record`'s strings are reused.
  using Traits = std::char_traits<char>;
  std::size_t n = 0;  // index of the field being filled
  const auto start_field = [&] {
    if (n == record.size())
      record.emplace_back();
    else
      record[n].clear();
  };
  start_field();
  bool quoted = false, any = false;
  for (int ci = in_.sbumpc(); ci != Traits::eof(); ci = in_.sbumpc()) {
    const char c = static_cast<char>(ci);
    if (quoted) {
      if (c == '"') {
        if (in_.sgetc() == '"') {
          in_.sbumpc();
          record[n] += '"';
        } else {
          quoted = false;
        }
      } else {
        record[n] += c;
      }
      continue;
    }
    if (c == '"') {
      quoted = true;
      any = true;
    } else if (c == ',') {
      ++n;
      start_field();
      any = true;
    } else if (c == '\n' || c == '\r') {
      if (c == '\r' && in_.sgetc() == '\n') in_.sbumpc();
      record.resize(n + 1);
      ++records_;
      return true;
    } else {
      record[n] += c;
      any = true;
    }
  }
  if (quoted) throw std::runtime_error("unterminated quoted field");
  if (!any) return false;
  record.resize(n + 1);
  ++records_;
  return true;
}

RunsCsvStream::RunsCsvStream(const std::filesystem::path& path)
    : file_(path.string()), in_(open_input_file(path, "runs.csv")), reader_(in_) {
  std::vector<std::string> header;
  if (!read(header)) throw InputError(file_, 1, "", "no header line");
  parser_ = std::make_unique<RunsCsvRowParser>(std::move(header), file_);
}

RunsCsvStream::~RunsCsvStream() = default;

bool RunsCsvStream::read(std::vector<std::string>& record) {
  bool got = false;
  try {
    got = reader_.next(record);
  } catch (const std::runtime_error& e) {
    throw InputError(file_, 0, "", e.what());
  }
  if (!got && in_.bad()) throw InputError(file_, 0, "", "cannot read the file");
  return got;
}

bool RunsCsvStream::next(RunRow& row) {
  if (!read(record_)) return false;
  parser_->parse(record_, line(), row);
  return true;
}

int RunsCsvStream::line() const { return static_cast<int>(reader_.records_read()); }

}  // namespace pathbench
