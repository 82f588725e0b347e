#include "harness/output/summary.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <set>
#include <stdexcept>

#include "algorithms/core/moves.h"
#include "harness/output/csv_writer.h"

namespace pathbench {
namespace {

double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  const std::size_t mid = v.size() / 2;
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid), v.end());
  const double hi = v[mid];
  if (v.size() % 2) return hi;
  return (*std::max_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid)) + hi) / 2.0;
}

double mean(const std::vector<double>& v) {
  if (v.empty()) return 0.0;
  double s = 0;
  for (double x : v) s += x;
  return s / static_cast<double>(v.size());
}

}  // namespace

std::vector<SummaryRow> summarize(const std::vector<RunRow>& rows, GroupBy by) {
  std::vector<std::pair<std::string, std::string>> order;
  std::map<std::pair<std::string, std::string>, std::vector<const RunRow*>> groups;
  for (const RunRow& r : rows) {
    std::pair<std::string, std::string> key{by == GroupBy::Map ? r.dataset + "/" + r.map : r.dataset,
                                            r.planner};
    auto [it, fresh] = groups.try_emplace(key);
    if (fresh) order.push_back(key);
    it->second.push_back(&r);
  }
  std::vector<SummaryRow> out;
  for (const auto& key : order) {
    SummaryRow s;
    s.group = key.first;
    s.planner = key.second;
    std::vector<double> exp, time, sub;
    double total_time = 0, total_exp = 0;
    std::set<std::string> maps_seen;
    for (const RunRow* r : groups[key]) {
      ++s.queries;
      if (r->valid) ++s.valid;
      if (maps_seen.insert(r->map).second) {
        s.prep_ms += r->prep_ms;
        s.prep_bytes = std::max(s.prep_bytes, r->prep_bytes);
      }
      if (r->status != Status::Solved) continue;
      ++s.solved;
      exp.push_back(static_cast<double>(r->counters.expansions));
      time.push_back(r->time_us);
      total_time += r->time_us;
      total_exp += static_cast<double>(r->counters.expansions);
      if (std::isfinite(r->optimal)) {
        ++s.with_reference;
        if (costs_equal(r->cost, r->optimal)) ++s.optimal;
        if (!std::isnan(r->suboptimality)) sub.push_back(r->suboptimality);
      }
    }
    s.mean_expansions = mean(exp);
    s.median_expansions = median(exp);
    s.mean_time_us = mean(time);
    s.median_time_us = median(time);
    s.ns_per_expansion = total_exp > 0 ? total_time * 1000.0 / total_exp : 0.0;
    s.mean_suboptimality = mean(sub);
    s.max_suboptimality = sub.empty() ? 0.0 : *std::max_element(sub.begin(), sub.end());
    out.push_back(std::move(s));
  }
  return out;
}

void print_summary_table(std::ostream& out, const std::vector<SummaryRow>& rows) {
  std::size_t gw = 5, pw = 7;
  for (const auto& r : rows) {
    gw = std::max(gw, r.group.size());
    pw = std::max(pw, r.planner.size());
  }
  out << fmt::format("{:<{}}  {:<{}}  {:>7} {:>7} {:>7} {:>8} {:>11} {:>11} {:>10} {:>10} {:>8} {:>8} {:>8}\n",
                     "group", gw, "planner", pw, "queries", "solved", "valid", "optimal%",
                     "mean_exp", "median_exp", "mean_us", "median_us", "ns/exp", "mean_sub",
                     "max_sub");
  for (const auto& r : rows) {
    const double opt_pct =
        r.with_reference ? 100.0 * static_cast<double>(r.optimal) / static_cast<double>(r.with_reference) : 0.0;
    out << fmt::format(
        "{:<{}}  {:<{}}  {:>7} {:>7} {:>7} {:>8.2f} {:>11.1f} {:>11.1f} {:>10.2f} {:>10.2f} {:>8.1f} {:>8.4f} {:>8.4f}\n",
        r.group, gw, r.planner, pw, r.queries, r.solved, r.valid, opt_pct, r.mean_expansions,
        r.median_expansions, r.mean_time_us, r.median_time_us, r.ns_per_expansion,
        r.mean_suboptimality, r.max_suboptimality);
  }
}

void write_summary_csv(const std::filesystem::path& path, const std::vector<SummaryRow>& rows) {
  std::ofstream f(path);
  if (!f) throw std::runtime_error("cannot write " + path.string());
  f << "group,planner,queries,solved,valid,optimal,with_reference,mean_expansions,"
       "median_expansions,mean_time_us,median_time_us,ns_per_expansion,mean_suboptimality,"
       "max_suboptimality,prep_ms,prep_bytes\n";
  for (const auto& r : rows)
    f << fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", csv_escape(r.group),
                     csv_escape(r.planner), r.queries, r.solved, r.valid, r.optimal,
                     r.with_reference, r.mean_expansions, r.median_expansions, r.mean_time_us,
                     r.median_time_us, r.ns_per_expansion, r.mean_suboptimality,
                     r.max_suboptimality, r.prep_ms, r.prep_bytes);
}

}  // namespace pathbench
