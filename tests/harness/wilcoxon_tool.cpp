// Test helper for the SciPy cross-check (scipy_wilcoxon_check.py): reads one vector of
// differences per stdin line (whitespace-separated numbers) and prints, per line, the result of
// stats::wilcoxon_signed_rank as "n zeros statistic p_value exact z rank_biserial" in
// round-trip precision. Not installed; not part of the `pathbench` tool.
#include <fmt/format.h>

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "harness/stats/paired_tests.h"

int main() {
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    std::vector<double> d;
    for (double v; in >> v;) d.push_back(v);
    if (!in.eof()) {
      std::cerr << "wilcoxon_tool: not a number in line: " << line << '\n';
      return 2;
    }
    const auto r = pathbench::stats::wilcoxon_signed_rank(d);
    fmt::print("{} {} {} {} {} {} {}\n", r.n, r.zeros, r.statistic, r.p_value, r.exact ? 1 : 0, r.z,
               r.rank_biserial);
  }
  return 0;
}
