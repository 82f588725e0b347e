// A declared schema as text (runs.csv's, summary.csv's, dynamic.csv's): a header and one row of
// cells per column, printed by `pathbench columns` as the README's Markdown table or as
// tab-separated lines for scripts. Each schema builds its table; the printing is here, once.
#pragma once

#include <string>
#include <vector>

namespace pathbench {

struct ColumnTable {
  std::vector<std::string> header;             // e.g. column, unit, meaning
  std::vector<std::vector<std::string>> rows;  // the first cell is the column's name
};

// | header |, |---|, then a row per column with its name in backticks.
std::string to_markdown(const ColumnTable& table);
// One line per column, cells separated by tabs.
std::string to_tsv(const ColumnTable& table);

}  // namespace pathbench
