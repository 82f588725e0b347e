#include "harness/output/csv_writer.h"

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
  std::string line;
  for (const RunColumn& column : kRunSchema) {
    if (&column != kRunSchema.data()) line += ',';
    line += csv_escape(column.field(r));
  }
  for (const auto& name : extra_columns_) {
    line += ',';
    if (!r.extra_names) continue;
    for (std::size_t i = 0; i < r.extra_names->size() && i < r.extras.size(); ++i)
      if ((*r.extra_names)[i] == name) line += csv_number(r.extras[i]);
  }
  file_.write_line(line);
}

}  // namespace pathbench
