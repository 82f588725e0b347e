#include "harness/output/column_table.h"

namespace pathbench {

std::string to_markdown(const ColumnTable& table) {
  std::string out = "|";
  for (const std::string& h : table.header) out += " " + h + " |";
  out += "\n|";
  for (std::size_t i = 0; i < table.header.size(); ++i) out += "---|";
  out += '\n';
  for (const std::vector<std::string>& row : table.rows) {
    out += "|";
    for (std::size_t i = 0; i < row.size(); ++i)
      out += " " + (i == 0 ? "`" + row[i] + "`" : row[i]) + " |";
    out += '\n';
  }
  return out;
}

std::string to_tsv(const ColumnTable& table) {
  std::string out;
  for (const std::vector<std::string>& row : table.rows) {
    for (std::size_t i = 0; i < row.size(); ++i) out += (i ? "\t" : "") + row[i];
    out += '\n';
  }
  return out;
}

}  // namespace pathbench
