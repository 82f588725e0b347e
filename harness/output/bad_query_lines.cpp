#include "harness/output/bad_query_lines.h"

#include <set>
#include <tuple>

namespace pathbench {

BadQueryLines count_bad_query_lines(const std::vector<RunRow>& rows) {
  BadQueryLines out;
  std::set<std::tuple<std::string, std::string, int>> seen;
  for (const RunRow& r : rows) {
    if (r.status != Status::BadQuery) continue;
    ++out.rows;
    if (seen.insert({r.dataset, r.map, r.query}).second) {
      ++out.lines;
      ++out.per_map[r.dataset + "/" + r.map];
    }
  }
  return out;
}

}  // namespace pathbench
