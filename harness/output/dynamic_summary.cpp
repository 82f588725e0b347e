#include "harness/output/dynamic_summary.h"

#include <fmt/format.h>
#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>
#include <string_view>

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

// Each from-scratch planner against the first incremental one of the same (kind, dataset): sums
// over the same runs.
struct Ratio {
  const Group* scratch;
  const Group* incremental;
  double expansions, time, time_without_reprepare, replan_time;
};

std::vector<Ratio> ratios(const std::vector<Group>& groups) {
  std::vector<Ratio> out;
  const auto ratio = [](double a, double b) { return b > 0 ? a / b : 0.0; };
  for (const Group& inc : groups) {
    if (!inc.incremental) continue;
    const bool first_inc = std::none_of(groups.begin(), groups.end(), [&](const Group& g) {
      return g.incremental && g.kind == inc.kind && g.dataset == inc.dataset && &g < &inc;
    });
    if (!first_inc) continue;
    for (const Group& g : groups) {
      if (g.incremental || g.kind != inc.kind || g.dataset != inc.dataset) continue;
      out.push_back({&g, &inc, ratio(g.expansions, inc.expansions), ratio(g.time_us, inc.time_us),
                     ratio(g.time_us - g.reprepare_us, inc.time_us),
                     ratio(g.mean_replan_time_us(), inc.mean_replan_time_us())});
    }
  }
  return out;
}

// dynamic_summary.csv's columns, declared once: the header, each line and the README's table.
struct SummaryColumn {
  std::string_view name, unit, meaning;
  std::string (*field)(const Group&);
};

double per_run(const Group& g, double sum) { return sum / static_cast<double>(g.runs); }

const std::array kSummarySchema = {
    SummaryColumn{"kind", "", "unknown_terrain or changing_map",
                  [](const Group& g) { return csv_escape(g.kind); }},
    SummaryColumn{"dataset", "", "dataset name from the config",
                  [](const Group& g) { return csv_escape(g.dataset); }},
    SummaryColumn{"planner", "", "the planner's label",
                  [](const Group& g) { return csv_escape(g.planner); }},
    SummaryColumn{"runs", "", "agent runs of the group",
                  [](const Group& g) { return std::to_string(g.runs); }},
    SummaryColumn{"success", "", "of those, runs that arrived",
                  [](const Group& g) { return std::to_string(g.success); }},
    SummaryColumn{"valid", "", "of those, runs with every step and plan valid",
                  [](const Group& g) { return std::to_string(g.valid); }},
    SummaryColumn{"mean_steps", "", "moves per run",
                  [](const Group& g) { return fmt::format("{}", per_run(g, g.steps)); }},
    SummaryColumn{"mean_replans", "", "plans after the first, per run",
                  [](const Group& g) {
                    return fmt::format("{}", per_run(g, static_cast<double>(g.replans)));
                  }},
    SummaryColumn{"mean_total_expansions", "", "expansions of all plans of a run",
                  [](const Group& g) { return fmt::format("{}", per_run(g, g.expansions)); }},
    SummaryColumn{"mean_total_time_us", "us", "planning time of all plans of a run",
                  [](const Group& g) { return fmt::format("{}", per_run(g, g.time_us)); }},
    SummaryColumn{"mean_reprepare_us", "us", "part of it spent re-running prepare()",
                  [](const Group& g) { return fmt::format("{}", per_run(g, g.reprepare_us)); }},
    SummaryColumn{"mean_replan_time_us", "us", "time of one replan (the first plans excluded)",
                  [](const Group& g) { return fmt::format("{}", g.mean_replan_time_us()); }},
    SummaryColumn{"max_replan_time_us", "us", "the slowest replan of the group",
                  [](const Group& g) { return fmt::format("{}", g.max_replan_time_us); }},
};

}  // namespace

ColumnTable dynamic_summary_schema_table() {
  ColumnTable t{{"column", "unit", "meaning"}, {}};
  for (const SummaryColumn& c : kSummarySchema)
    t.rows.push_back({std::string(c.name), std::string(c.unit), std::string(c.meaning)});
  return t;
}

void write_dynamic_summary_csv(const std::filesystem::path& path,
                               const std::vector<DynamicRunRow>& rows) {
  AtomicOutputFile file(path);
  std::ostream& out = file.stream();
  for (std::size_t i = 0; i < kSummarySchema.size(); ++i)
    out << (i ? "," : "") << kSummarySchema[i].name;
  out << '\n';
  for (const Group& g : group_rows(rows)) {
    for (std::size_t i = 0; i < kSummarySchema.size(); ++i)
      out << (i ? "," : "") << kSummarySchema[i].field(g);
    out << '\n';
  }
  file.commit();
}

DynamicTables dynamic_summary_tables(const std::vector<DynamicRunRow>& rows) {
  const std::vector<Group> groups = group_rows(rows);
  DynamicTables t;
  t.summary.header = {"kind",         "dataset",   "planner",      "runs",       "success",
                      "valid",        "steps",     "replans",      "expansions", "time ms",
                      "reprepare ms", "replan us", "max replan us"};
  t.summary.label_columns = 3;
  for (const Group& g : groups) {
    const double n = static_cast<double>(g.runs);
    t.summary.rows.push_back({g.kind, g.dataset, g.planner, std::to_string(g.runs),
                              fmt::format("{:.0f}%", 100.0 * static_cast<double>(g.success) / n),
                              std::to_string(g.valid), fmt::format("{:.0f}", g.steps / n),
                              fmt::format("{:.1f}", static_cast<double>(g.replans) / n),
                              fmt::format("{:.0f}", g.expansions / n),
                              fmt::format("{:.1f}", g.time_us / n / 1000.0),
                              fmt::format("{:.1f}", g.reprepare_us / n / 1000.0),
                              fmt::format("{:.1f}", g.mean_replan_time_us()),
                              fmt::format("{:.0f}", g.max_replan_time_us)});
  }
  t.ratios.header = {"kind",           "dataset", "planner / incremental",
                     "expansions",     "time",    "time without re-prepare",
                     "per-replan time"};
  t.ratios.label_columns = 3;
  for (const Ratio& r : ratios(groups))
    t.ratios.rows.push_back(
        {r.scratch->kind, r.scratch->dataset, r.scratch->planner + " / " + r.incremental->planner,
         fmt::format("{:.3g}x", r.expansions), fmt::format("{:.3g}x", r.time),
         fmt::format("{:.3g}x", r.time_without_reprepare), fmt::format("{:.3g}x", r.replan_time)});
  return t;
}

void print_text_table(std::ostream& out, const TextTable& t) {
  std::vector<std::size_t> width(t.header.size());
  for (std::size_t i = 0; i < t.header.size(); ++i) width[i] = t.header[i].size();
  for (const auto& row : t.rows)
    for (std::size_t i = 0; i < row.size() && i < width.size(); ++i)
      width[i] = std::max(width[i], row[i].size());
  const auto line = [&](const std::vector<std::string>& cells) {
    for (std::size_t i = 0; i < cells.size() && i < width.size(); ++i) {
      const std::size_t pad = width[i] - cells[i].size();
      if (i) out << "  ";
      if (i < t.label_columns)
        out << cells[i] << std::string(i + 1 < cells.size() ? pad : 0, ' ');
      else
        out << std::string(pad, ' ') << cells[i];
    }
    out << '\n';
  };
  line(t.header);
  for (const auto& row : t.rows) line(row);
}

void print_dynamic_summary(std::ostream& out, const std::vector<DynamicRunRow>& rows) {
  const DynamicTables t = dynamic_summary_tables(rows);
  print_text_table(out, t.summary);
  out << '(' << kDynamicTableNote << ")\n";
  if (!t.ratios.rows.empty()) {
    out << "\nratios (from-scratch / incremental, sums over the same runs):\n";
    print_text_table(out, t.ratios);
  }
}

const char* const kDynamicTableNote =
    "means per run; expansions and time ms: all plans of a run, the first included; reprepare "
    "ms: the part of time ms spent in prepare() after changes; replan us: mean per replan, the "
    "first plan excluded; max replan us: the largest single replan; expansions are each "
    "planner's own unit (JPS counts jump points), so compare its time, not its expansions";

}  // namespace pathbench
