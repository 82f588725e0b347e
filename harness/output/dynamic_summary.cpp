#include "harness/output/dynamic_summary.h"

#include <fmt/format.h>
#include <algorithm>
#include <stdexcept>
#include <string>

#include "datasets/output_file.h"
#include "harness/output/csv_writer.h"

namespace pathbench {
namespace {

// Per-group aggregates shared by the printed table and dynamic_summary.csv.
struct Group {
  std::string kind, dataset, planner;
  bool incremental = false;
  std::size_t runs = 0, success = 0, valid = 0, replans = 0;
  double steps = 0, expansions = 0, time_us = 0, reprepare_us = 0;
  double replan_time_us = 0;  // sum over replans (the first plans excluded)
  double max_replan_time_us = 0;

  double mean_replan_time_us() const {
    return replans ? replan_time_us / static_cast<double>(replans) : 0.0;
  }
};

std::vector<Group> group_rows(const std::vector<DynamicRunRow>& rows) {
  std::vector<Group> groups;
  for (const DynamicRunRow& r : rows) {
    auto it = std::find_if(groups.begin(), groups.end(), [&](const Group& g) {
      return g.kind == r.kind && g.dataset == r.dataset && g.planner == r.planner;
    });
    if (it == groups.end()) {
      groups.push_back({r.kind, r.dataset, r.planner});
      it = groups.end() - 1;
      it->incremental = r.incremental;
    }
    Group& g = *it;
    ++g.runs;
    g.success += r.success;
    g.valid += r.valid;
    g.replans += r.replans;
    g.steps += static_cast<double>(r.steps);
    g.expansions += static_cast<double>(r.total_expansions);
    g.time_us += r.total_time_us;
    g.reprepare_us += r.reprepare_us;
    g.replan_time_us += r.total_time_us - r.initial_time_us;
    g.max_replan_time_us = std::max(g.max_replan_time_us, r.max_replan_time_us);
  }
  return groups;
}

// Each from-scratch planner against the first incremental one of the same (kind, dataset).
void print_ratios(std::ostream& out, const std::vector<Group>& groups) {
  bool header = false;
  for (const Group& inc : groups) {
    if (!inc.incremental) continue;
    const bool first_inc = std::none_of(groups.begin(), groups.end(), [&](const Group& g) {
      return g.incremental && g.kind == inc.kind && g.dataset == inc.dataset && &g < &inc;
    });
    if (!first_inc) continue;
    for (const Group& g : groups) {
      if (g.incremental || g.kind != inc.kind || g.dataset != inc.dataset) continue;
      if (!header) {
        out << "\nratios (from-scratch / incremental, sums over the same runs):\n";
        header = true;
      }
      const auto ratio = [](double a, double b) { return b > 0 ? a / b : 0.0; };
      out << fmt::format(
          "  {:<16} {:<12} {} / {}: expansions {:.3g}x, time {:.3g}x (without re-prepare "
          "{:.3g}x), per-replan time {:.3g}x\n",
          g.kind, g.dataset, g.planner, inc.planner, ratio(g.expansions, inc.expansions),
          ratio(g.time_us, inc.time_us), ratio(g.time_us - g.reprepare_us, inc.time_us),
          ratio(g.mean_replan_time_us(), inc.mean_replan_time_us()));
    }
  }
}

}  // namespace

void write_dynamic_summary_csv(const std::filesystem::path& path,
                               const std::vector<DynamicRunRow>& rows) {
  AtomicOutputFile file(path);
  std::ostream& out = file.stream();
  out << "kind,dataset,planner,runs,success,valid,mean_steps,mean_replans,mean_total_expansions,"
         "mean_total_time_us,mean_reprepare_us,mean_replan_time_us,max_replan_time_us\n";
  for (const Group& g : group_rows(rows)) {
    const double n = static_cast<double>(g.runs);
    out << fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{}\n", csv_escape(g.kind),
                       csv_escape(g.dataset), csv_escape(g.planner), g.runs, g.success, g.valid,
                       g.steps / n, static_cast<double>(g.replans) / n, g.expansions / n,
                       g.time_us / n, g.reprepare_us / n, g.mean_replan_time_us(),
                       g.max_replan_time_us);
  }
  file.commit();
}

void print_dynamic_summary(std::ostream& out, const std::vector<DynamicRunRow>& rows) {
  const std::vector<Group> groups = group_rows(rows);
  out << fmt::format(
      "{:<16} {:<12} {:<14} {:>5} {:>7} {:>6} {:>8} {:>8} {:>12} {:>10} {:>10} "
      "{:>10} {:>10}\n",
      "kind", "dataset", "planner", "runs", "success", "valid", "steps", "replans", "expansions",
      "time_ms", "reprep_ms", "replan_us", "max_rp_us");
  for (const Group& g : groups) {
    const double n = static_cast<double>(g.runs);
    out << fmt::format(
        "{:<16} {:<12} {:<14} {:>5} {:>6.0f}% {:>6} {:>8.0f} {:>8.1f} {:>12.0f} {:>10.1f} "
        "{:>10.1f} {:>10.1f} {:>10.0f}\n",
        g.kind, g.dataset, g.planner, g.runs, 100.0 * static_cast<double>(g.success) / n, g.valid,
        g.steps / n, static_cast<double>(g.replans) / n, g.expansions / n, g.time_us / n / 1000.0,
        g.reprepare_us / n / 1000.0, g.mean_replan_time_us(), g.max_replan_time_us);
  }
  out << "(means per run; expansions and time_ms: all plans of a run incl. the first; reprep_ms: "
         "part of time_ms spent in prepare() after changes; replan_us: mean per replan, first "
         "plan excluded; max_rp_us: largest single replan; expansions are each planner's own unit: "
         "JPS counts jump points, so compare its time, not its expansions)\n";
  print_ratios(out, groups);
}

}  // namespace pathbench
