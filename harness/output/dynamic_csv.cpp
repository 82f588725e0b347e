#include "harness/output/dynamic_csv.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "algorithms/core/input_error.h"
#include "datasets/input_file.h"

namespace pathbench {

DynamicCsvReader::DynamicCsvReader(const std::filesystem::path& path)
    : file_(path.string()), in_(open_input_file(path, "dynamic.csv")), reader_(in_) {
  if (!read()) throw InputError(file_, 1, "", "no header line");
  if (record_ != dynamic_columns())
    throw InputError(file_, 1, "",
                     fmt::format("its columns are not those of this pathbench's dynamic.csv ({}): "
                                 "written by another version, or not a dynamic run's file",
                                 fmt::join(dynamic_columns(), ",")));
}

bool DynamicCsvReader::read() {
  bool got = false;
  try {
    got = reader_.next(record_);
  } catch (const std::runtime_error& e) {
    throw InputError(file_, line(), "", e.what());
  }
  if (!got && in_.bad()) throw InputError(file_, 0, "", "cannot read the file");
  return got;
}

bool DynamicCsvReader::next(DynamicRunRow& row) {
  if (!read()) return false;
  const std::span<const DynamicColumn> schema = dynamic_schema();
  if (record_.size() != schema.size())
    throw InputError(file_, line(), "",
                     fmt::format("{} fields, the header has {}", record_.size(), schema.size()));
  row = DynamicRunRow{};
  for (std::size_t i = 0; i < schema.size(); ++i)
    if (!schema[i].read(record_[i], row))
      throw InputError(file_, line(), std::string(schema[i].name),
                       fmt::format("'{}' does not parse", record_[i]));
  return true;
}

std::vector<DynamicRunRow> read_dynamic_csv(const std::filesystem::path& path) {
  DynamicCsvReader in(path);
  std::vector<DynamicRunRow> rows;
  for (DynamicRunRow row; in.next(row);) rows.push_back(std::move(row));
  return rows;
}

}  // namespace pathbench
