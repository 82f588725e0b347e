#include "harness/output/csv_writer.h"

#include <fmt/format.h>
#include <cerrno>
#include <cmath>

#include "datasets/output_file.h"

namespace pathbench {
namespace {

std::vector<std::string> run_header(const std::vector<std::string>& extra_columns) {
  std::vector<std::string> header(kRunColumns.begin(), kRunColumns.end());
  header.insert(header.end(), extra_columns.begin(), extra_columns.end());
  return header;
}

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

CsvWriter::CsvWriter(const std::filesystem::path& path, const std::vector<std::string>& header,
                     bool append)
    : out_(path, append ? std::ios::app : std::ios::trunc), path_(path) {
  if (!out_) throw OutputFileError(output_failure_message(path, errno, 0));
  if (!append) write(header);
}

void CsvWriter::write(const std::vector<std::string>& fields) {
  std::string line;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i) line += ',';
    line += csv_escape(fields[i]);
  }
  write_line(line);
}

void CsvWriter::write_line(const std::string& line) {
  out_ << line << '\n' << std::flush;
  // The row stays unwritten (or cut, which resuming drops); the run stops naming the file.
  if (!out_) throw OutputFileError(output_failure_message(path_, errno, line.size() + 1));
}

RunCsvWriter::RunCsvWriter(const std::filesystem::path& path,
                           std::vector<std::string> extra_columns, bool append)
    : extra_columns_(std::move(extra_columns)), file_(path, run_header(extra_columns_), append) {}

void RunCsvWriter::write(const RunRow& r) {
  const bool solved = r.status == Status::Solved;
  std::string line = fmt::format(
      "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
      csv_escape(r.dataset), csv_escape(r.map), r.query, csv_escape(r.planner),
      csv_escape(r.algorithm), csv_escape(r.params), r.start.x, r.start.y, r.goal.x, r.goal.y,
      to_string(r.status), r.validated ? (r.valid ? "1" : "0") : "",
      solved ? csv_number(r.cost) : std::string(), csv_number(r.optimal),
      solved ? csv_number(r.suboptimality) : std::string(), r.path_cells, r.counters.expansions,
      r.counters.generated, csv_number(r.time_us), r.bucket, r.counters.updates,
      r.counters.peak_open, csv_number(r.prep_ms), r.prep_bytes, csv_escape(r.error),
      csv_number(r.time_spread), r.batch, csv_number(r.path_us),
      r.optimal_decimals >= 0 ? std::to_string(r.optimal_decimals) : std::string());
  for (const auto& name : extra_columns_) {
    line += ',';
    if (!r.extra_names) continue;
    for (std::size_t i = 0; i < r.extra_names->size() && i < r.extras.size(); ++i)
      if ((*r.extra_names)[i] == name) line += csv_number(r.extras[i]);
  }
  file_.write_line(line);
}

}  // namespace pathbench
