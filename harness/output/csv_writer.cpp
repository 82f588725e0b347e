#include "harness/output/csv_writer.h"

#include <fmt/format.h>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include "harness/text/number_format.h"

namespace pathbench {
namespace {

constexpr auto number = csv_number;

}  // namespace

std::string csv_escape(std::string_view field) {
  if (field.find_first_of(",\"\n\r") == std::string_view::npos) return std::string(field);
  std::string out = "\"";
  for (char c : field) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + '"';
}

RunCsvWriter::RunCsvWriter(const std::filesystem::path& path,
                           std::vector<std::string> extra_columns, bool append)
    : out_(path, append ? std::ios::app : std::ios::trunc),
      path_(path),
      extra_columns_(std::move(extra_columns)) {
  if (!out_) throw std::runtime_error("cannot write " + path.string());
  if (append) return;
  std::string header;
  for (auto c : kRunColumns) {
    if (!header.empty()) header += ',';
    header += c;
  }
  for (const auto& c : extra_columns_) {
    header += ',';
    header += csv_escape(c);
  }
  out_ << header << '\n' << std::flush;
  if (!out_)
    throw std::runtime_error(
        fmt::format("write failed: {}: {}", path_.string(), std::strerror(errno)));
}

void RunCsvWriter::write(const RunRow& r) {
  const bool solved = r.status == Status::Solved;
  std::string line = fmt::format(
      "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
      csv_escape(r.dataset), csv_escape(r.map), r.query, csv_escape(r.planner),
      csv_escape(r.algorithm), csv_escape(r.params), r.start.x, r.start.y, r.goal.x, r.goal.y,
      to_string(r.status), r.validated ? (r.valid ? "1" : "0") : "",
      solved ? number(r.cost) : std::string(), number(r.optimal),
      solved ? number(r.suboptimality) : std::string(), r.path_cells, r.counters.expansions,
      r.counters.generated, number(r.time_us), r.bucket, r.counters.updates, r.counters.peak_open,
      number(r.prep_ms), r.prep_bytes, csv_escape(r.error), number(r.time_spread));
  for (const auto& name : extra_columns_) {
    line += ',';
    if (!r.extra_names) continue;
    for (std::size_t i = 0; i < r.extra_names->size() && i < r.extras.size(); ++i)
      if ((*r.extra_names)[i] == name) line += number(r.extras[i]);
  }
  out_ << line << '\n' << std::flush;
  if (!out_)
    throw std::runtime_error(
        fmt::format("write failed: {}: {}", path_.string(), std::strerror(errno)));
}

}  // namespace pathbench
