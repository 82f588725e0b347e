#include "harness/analysis/unmatched_runs.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <vector>

namespace pathbench {
namespace {

// "x, y and 3 more" of at most four names.
std::string some_of(const std::set<std::string>& names) {
  std::vector<std::string> shown;
  for (const std::string& n : names) {
    if (shown.size() == 4) break;
    shown.push_back(n);
  }
  std::string text = shown.empty() ? "none" : fmt::format("{}", fmt::join(shown, ", "));
  if (names.size() > shown.size()) text += fmt::format(" and {} more", names.size() - shown.size());
  return text;
}

std::string set_difference_text(const char* what, const std::set<std::string>& in_a,
                                const std::set<std::string>& in_b) {
  std::set<std::string> common;
  for (const std::string& x : in_a)
    if (in_b.count(x)) common.insert(x);
  if (!common.empty()) return {};
  return fmt::format("no {} in common (A: {}; B: {})", what, some_of(in_a), some_of(in_b));
}

}  // namespace

void SeenInRun::add(const RunRow& r) {
  ++rows;
  planners.insert(r.planner);
  maps.insert(r.dataset + "/" + r.map);
  queries.insert(std::to_string(r.query));
}

std::string why_none_matched(const SeenInRun& a, const SeenInRun& b, const RunComparison& c) {
  std::vector<std::string> why;
  if (a.rows == 0) why.push_back("A has no rows");
  if (b.rows == 0) why.push_back("B has no rows");
  if (why.empty()) {
    for (std::string w : {set_difference_text("planners", a.planners, b.planners),
                          set_difference_text("maps", a.maps, b.maps),
                          set_difference_text("query numbers", a.queries, b.queries)})
      if (!w.empty()) why.push_back(std::move(w));
    if (why.empty())
      why.push_back(
          "planners, maps and query numbers overlap, but no (map, query, planner) "
          "triple is in both");
  }
  for (const std::string& d : c.experiment_differences) why.push_back("experiment: " + d);
  return fmt::format("no rows of A and B match, so there is nothing to compare: {}",
                     fmt::join(why, "; "));
}

std::string why_no_rows_matched(const RunsCsv& a, const RunsCsv& b, const RunComparison& c) {
  SeenInRun seen_a, seen_b;
  for (const RunRow& r : a.rows) seen_a.add(r);
  for (const RunRow& r : b.rows) seen_b.add(r);
  return why_none_matched(seen_a, seen_b, c);
}

}  // namespace pathbench
