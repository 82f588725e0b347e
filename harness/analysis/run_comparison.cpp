#include "harness/analysis/run_comparison.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <map>
#include <set>
#include <tuple>

#include "algorithms/core/input_error.h"
#include "algorithms/core/moves.h"
#include "harness/output/spill_files.h"
#include "harness/output/summary_significance.h"
#include "harness/runner/experiment_fingerprint.h"
#include "harness/stats/paired_tests.h"
#include "harness/stats/statistics.h"

namespace pathbench {
namespace {

using RowKey = std::tuple<std::string, std::string, int, std::string>;  // dataset, map, query,
                                                                        // planner

std::string text_of(const nlohmann::json& meta, const char* key) {
  const nlohmann::json exp = meta.value("experiment", nlohmann::json::object());
  return exp.contains(key) && exp[key].is_string() ? exp[key].get<std::string>() : "";
}

// Records one differing field of a matched row.
void note_change(PlannerComparison& pc, const RunRow& a, std::size_t& counter, std::string what) {
  ++counter;
  if (pc.examples.size() < 3)
    pc.examples.push_back({fmt::format("{}/{} query {}", a.dataset, a.map, a.query), what});
}

void compare_results(const RunRow& a, const RunRow& b, PlannerComparison& pc) {
  if (a.status != b.status)
    note_change(pc, a, pc.status_changes,
                fmt::format("status {} -> {}", to_string(a.status), to_string(b.status)));
  if (a.valid != b.valid || a.validated != b.validated)
    note_change(pc, a, pc.validity_changes,
                fmt::format("valid {} -> {}", a.valid ? 1 : 0, b.valid ? 1 : 0));
  if (a.status == Status::Solved && b.status == Status::Solved && !costs_equal(a.cost, b.cost))
    note_change(pc, a, pc.cost_changes, fmt::format("cost {} -> {}", a.cost, b.cost));
  if (a.counters.expansions != b.counters.expansions)
    note_change(pc, a, pc.expansion_changes,
                fmt::format("expansions {} -> {}", a.counters.expansions, b.counters.expansions));
}

std::string num3(double v) {
  if (std::isnan(v)) return "-";
  return fmt::format("{:#.3g}", v);  // # keeps the zeros: 1.00, not 1
}

std::string change_text(const PlannerComparison& r, double threshold) {
  if (r.time_pairs == 0) return "-";
  if (r.test.n == 0) return "identical";
  if (!(r.test.p_holm < kSignificanceLevel)) return "no detectable difference";
  const double pct = 100 * std::fabs(r.ratio - 1);
  // Significant and past the threshold, yet not past the session's A/A noise (overall or in
  // some round): said, so the reader sees why it is not a regression.
  const bool within_noise = !r.regression && r.ratio > 1 + threshold && !std::isnan(r.noise);
  return fmt::format("{} by {:.1f}%, {}{}", r.ratio > 1 ? "slower" : "faster", pct,
                     p_text(r.test.p_holm),
                     r.regression   ? " REGRESSION"
                     : within_noise ? " (within A/A noise)"
                                    : "");
}

}  // namespace

bool RunComparison::any_regression() const {
  return std::any_of(rows.begin(), rows.end(), [](const auto& r) { return r.regression; });
}

bool RunComparison::has_noise_floor() const {
  return std::any_of(rows.begin(), rows.end(), [](const auto& r) { return !std::isnan(r.noise); });
}

std::size_t RunComparison::result_changes() const {
  std::size_t n = 0;
  for (const auto& r : rows) n += r.changes();
  return n;
}

double parse_threshold(const std::string& text) {
  std::string s = text;
  const bool percent = !s.empty() && s.back() == '%';
  if (percent) s.pop_back();
  double v = 0;
  const auto res = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || res.ec != std::errc() || res.ptr != s.data() + s.size() || !(v >= 0) ||
      !std::isfinite(v))
    throw InputError::expected("command line", 0, "--threshold",
                               "a non-negative fraction (0.05) or percentage (5%)", text);
  return percent ? v / 100 : v;
}

namespace {

// The experiment part of a comparison: the fingerprints, and what differs when they do.
RunComparison start_comparison(const nlohmann::json& meta_a, const nlohmann::json& meta_b,
                               const CompareOptions& opt) {
  RunComparison c;
  c.threshold = opt.threshold;
  c.fingerprint_a = text_of(meta_a, "fingerprint");
  c.fingerprint_b = text_of(meta_b, "fingerprint");
  if (c.fingerprint_a != c.fingerprint_b || c.fingerprint_a.empty()) {
    const nlohmann::json null_json;
    const auto effective = [&](const nlohmann::json& m) {
      const nlohmann::json exp = m.value("experiment", nlohmann::json::object());
      return exp.value("effective", null_json);
    };
    c.experiment_differences = experiment_differences(effective(meta_a), effective(meta_b), 10);
    if (c.experiment_differences.empty())
      c.experiment_differences.push_back(
          c.fingerprint_a.empty() || c.fingerprint_b.empty()
              ? "a meta.json records no experiment fingerprint; cannot check the experiments match"
              : "the experiment fingerprints differ");
  }
  return c;
}

// The timing statistics of every row of `c` from its per-query log ratios, then Holm.
void finish_comparison(RunComparison& c, const std::vector<std::vector<double>>& log_ratios,
                       const CompareOptions& opt);

}  // namespace

RunComparison compare_runs(const RunsCsv& a, const nlohmann::json& meta_a, const RunsCsv& b,
                           const nlohmann::json& meta_b, const CompareOptions& opt) {
  RunComparison c = start_comparison(meta_a, meta_b, opt);
  std::map<RowKey, const RunRow*> in_b;
  for (const RunRow& r : b.rows) in_b[{r.dataset, r.map, r.query, r.planner}] = &r;
  std::map<std::pair<std::string, std::string>, std::size_t> index;  // (group, planner) -> row
  std::vector<std::vector<double>> log_ratios;
  std::size_t found_in_b = 0;
  for (const RunRow& ra : a.rows) {
    const auto it = in_b.find({ra.dataset, ra.map, ra.query, ra.planner});
    if (it == in_b.end()) {
      ++c.only_in_a;
      continue;
    }
    ++found_in_b;
    const RunRow& rb = *it->second;
    const std::string group = opt.by == GroupBy::Map ? ra.dataset + "/" + ra.map : ra.dataset;
    const auto [slot, fresh] = index.try_emplace({group, ra.planner}, c.rows.size());
    if (fresh) {
      c.rows.emplace_back();
      c.rows.back().group = group;
      c.rows.back().planner = ra.planner;
      log_ratios.emplace_back();
    }
    PlannerComparison& pc = c.rows[slot->second];
    ++pc.matched;
    compare_results(ra, rb, pc);
    if (ra.status == Status::Solved && rb.status == Status::Solved && ra.time_us > 0 &&
        rb.time_us > 0)
      log_ratios[slot->second].push_back(std::log(rb.time_us / ra.time_us));
  }
  c.matched = found_in_b;
  c.only_in_b = b.rows.size() - found_in_b;
  finish_comparison(c, log_ratios, opt);
  return c;
}

namespace {

void finish_comparison(RunComparison& c, const std::vector<std::vector<double>>& log_ratios,
                       const CompareOptions& opt) {
  for (std::size_t i = 0; i < c.rows.size(); ++i) {
    PlannerComparison& pc = c.rows[i];
    const std::vector<double>& logs = log_ratios[i];
    std::vector<double> ratios;
    for (double l : logs) ratios.push_back(std::exp(l));
    pc.time_pairs = logs.size();
    const stats::ConfidenceInterval ci = stats::bootstrap_geomean_ci(
        ratios, stats::derive_seed(opt.seed, "compare\n" + pc.group + '\n' + pc.planner),
        opt.bootstrap_resamples);
    pc.ratio = ci.estimate;
    pc.ratio_lo = ci.lower;
    pc.ratio_hi = ci.upper;
    const stats::WilcoxonResult w = stats::wilcoxon_signed_rank(logs);
    pc.test.pairs = logs.size();
    pc.test.n = w.n;
    pc.test.statistic = w.statistic;
    pc.test.p = w.p_value;
    pc.test.rank_biserial = w.rank_biserial;
  }
  std::vector<double> p;
  for (const auto& r : c.rows) p.push_back(r.test.p);
  const std::vector<double> adjusted = stats::holm_adjust(p);
  for (std::size_t i = 0; i < c.rows.size(); ++i) {
    PlannerComparison& pc = c.rows[i];
    pc.test.p_holm = adjusted[i];
    pc.regression = pc.test.p_holm < kSignificanceLevel && pc.ratio > 1 + opt.threshold;
  }
}

}  // namespace

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

namespace {

// What a run holds, for the "no rows match" error.
struct SeenInRun {
  std::set<std::string> planners, maps, queries;
  std::size_t rows = 0;
  void add(const RunRow& r) {
    ++rows;
    planners.insert(r.planner);
    maps.insert(r.dataset + "/" + r.map);
    queries.insert(std::to_string(r.query));
  }
};

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

// One row of a run as a comparison needs it (spilled to disk as raw bytes).
struct CompareRecord {
  double cost = 0, time_us = 0;
  std::uint64_t expansions = 0;
  std::uint64_t line = 0;
  std::int32_t map = 0, query = 0;
  std::uint8_t status = 0, valid = 0, validated = 0;
};

std::uint64_t record_key(const CompareRecord& r) {
  return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(r.map)) << 32) |
         static_cast<std::uint32_t>(r.query);
}

// Interns strings to dense indices in first-seen order.
class Interned {
 public:
  int id(const std::string& name) {
    const auto [it, fresh] = ids_.try_emplace(name, static_cast<int>(names_.size()));
    if (fresh) names_.push_back(name);
    return it->second;
  }
  const std::string& name(int id) const { return names_[static_cast<std::size_t>(id)]; }

 private:
  std::map<std::string, int, std::less<>> ids_;
  std::vector<std::string> names_;
};

}  // namespace

std::string why_no_rows_matched(const RunsCsv& a, const RunsCsv& b, const RunComparison& c) {
  SeenInRun seen_a, seen_b;
  for (const RunRow& r : a.rows) seen_a.add(r);
  for (const RunRow& r : b.rows) seen_b.add(r);
  return why_none_matched(seen_a, seen_b, c);
}

RunComparison compare_runs_files(const std::filesystem::path& runs_a, const nlohmann::json& meta_a,
                                 const std::filesystem::path& runs_b, const nlohmann::json& meta_b,
                                 const CompareOptions& opt,
                                 const std::filesystem::path& scratch_dir, std::string* why_none,
                                 std::size_t spill_buffer_rows) {
  RunComparison c = start_comparison(meta_a, meta_b, opt);
  const ScratchFolder scratch(scratch_dir);
  Interned maps, groups, planners;                             // maps: "dataset\nmap"
  std::vector<std::pair<std::string, std::string>> map_names;  // (dataset, map) per map id
  std::map<std::pair<int, int>, std::size_t> cell_of;          // (group, planner) -> cell
  std::vector<std::pair<int, int>> cells;
  std::vector<std::array<std::size_t, 2>> counts;  // rows of A and B per cell
  SeenInRun seen[2];
  const char* kind[2] = {"a", "b"};

  // Both files, row by row, into per-cell scratch files.
  for (int side = 0; side < 2; ++side) {
    RunsCsvStream in(side == 0 ? runs_a : runs_b);
    std::vector<std::vector<CompareRecord>> buffers(cells.size());
    std::size_t buffered = 0;
    const auto flush = [&] {
      for (std::size_t i = 0; i < buffers.size(); ++i) {
        append_records(scratch.file(kind[side], i), buffers[i]);
        buffers[i] = {};
      }
      buffered = 0;
    };
    RunRow r;
    std::string key;
    while (in.next(r)) {
      seen[side].add(r);
      key.assign(r.dataset).append(1, '\n').append(r.map);
      const int map = maps.id(key);
      if (static_cast<std::size_t>(map) == map_names.size())
        map_names.emplace_back(r.dataset, r.map);
      const int group = groups.id(opt.by == GroupBy::Map ? r.dataset + "/" + r.map : r.dataset);
      const auto [it, fresh] = cell_of.try_emplace({group, planners.id(r.planner)}, cells.size());
      if (fresh) {
        cells.emplace_back(group, planners.id(r.planner));
        counts.push_back({0, 0});
      }
      if (buffers.size() < cells.size()) buffers.resize(cells.size());
      CompareRecord rec;
      rec.cost = r.cost;
      rec.time_us = r.time_us;
      rec.expansions = r.counters.expansions;
      rec.line = static_cast<std::uint64_t>(in.line());
      rec.map = map;
      rec.query = r.query;
      rec.status = static_cast<std::uint8_t>(r.status);
      rec.valid = r.valid ? 1 : 0;
      rec.validated = r.validated ? 1 : 0;
      buffers[it->second].push_back(rec);
      ++counts[it->second][static_cast<std::size_t>(side)];
      if (++buffered >= spill_buffer_rows) flush();
    }
    flush();
  }

  // Each cell alone: A's rows in file order, each paired with B's row of the same query.
  struct Found {
    std::uint64_t first_line;  // A's first matched row: the cells' order in compare_runs
    PlannerComparison pc;
    std::vector<double> logs;
  };
  std::vector<Found> found;
  std::size_t matched = 0;
  const auto to_row = [&](const CompareRecord& x, RunRow& row) {
    const auto& [dataset, map] = map_names[static_cast<std::size_t>(x.map)];
    row.dataset = dataset;
    row.map = map;
    row.query = x.query;
    row.status = static_cast<Status>(x.status);
    row.valid = x.valid != 0;
    row.validated = x.validated != 0;
    row.cost = x.cost;
    row.time_us = x.time_us;
    row.counters.expansions = x.expansions;
  };
  for (std::size_t ci = 0; ci < cells.size(); ++ci) {
    const std::vector<CompareRecord> a =
        load_records<CompareRecord>(scratch.file("a", ci), counts[ci][0]);
    std::vector<CompareRecord> b =
        load_records<CompareRecord>(scratch.file("b", ci), counts[ci][1]);
    // A duplicate run is refused, as read_runs_csv refuses it.
    for (int side = 0; side < 2; ++side) {
      std::vector<std::pair<std::uint64_t, std::uint64_t>> keys;
      for (const CompareRecord& x : side == 0 ? a : b) keys.emplace_back(record_key(x), x.line);
      std::sort(keys.begin(), keys.end());
      for (std::size_t i = 1; i < keys.size(); ++i)
        if (keys[i].first == keys[i - 1].first) {
          const auto& [dataset, map] = map_names[keys[i].first >> 32];
          throw InputError(
              (side == 0 ? runs_a : runs_b).string(), static_cast<int>(keys[i].second), "",
              fmt::format("duplicate run: {}/{} planner '{}' query {} is also on line {}", dataset,
                          map, planners.name(cells[ci].second),
                          static_cast<std::int32_t>(keys[i].first & 0xffffffffu),
                          keys[i - 1].second));
        }
    }
    std::sort(b.begin(), b.end(), [](const CompareRecord& x, const CompareRecord& y) {
      return record_key(x) < record_key(y);
    });
    Found f{0, {}, {}};
    f.pc.group = groups.name(cells[ci].first);
    f.pc.planner = planners.name(cells[ci].second);
    RunRow ra, rb;
    for (const CompareRecord& x : a) {
      const auto it = std::lower_bound(
          b.begin(), b.end(), record_key(x),
          [](const CompareRecord& y, std::uint64_t k) { return record_key(y) < k; });
      if (it == b.end() || record_key(*it) != record_key(x)) continue;
      if (f.pc.matched == 0) f.first_line = x.line;
      ++matched;
      ++f.pc.matched;
      to_row(x, ra);
      to_row(*it, rb);
      compare_results(ra, rb, f.pc);
      if (ra.status == Status::Solved && rb.status == Status::Solved && ra.time_us > 0 &&
          rb.time_us > 0)
        f.logs.push_back(std::log(rb.time_us / ra.time_us));
    }
    if (f.pc.matched > 0) found.push_back(std::move(f));
  }
  std::sort(found.begin(), found.end(),
            [](const Found& x, const Found& y) { return x.first_line < y.first_line; });
  std::vector<std::vector<double>> log_ratios;
  for (Found& f : found) {
    c.rows.push_back(std::move(f.pc));
    log_ratios.push_back(std::move(f.logs));
  }
  c.matched = matched;
  c.only_in_a = seen[0].rows - matched;
  c.only_in_b = seen[1].rows - matched;
  if (why_none && matched == 0) *why_none = why_none_matched(seen[0], seen[1], c);
  finish_comparison(c, log_ratios, opt);
  return c;
}

void print_comparison(std::ostream& out, const RunComparison& c, bool md) {
  const char* h2 = md ? "### " : "";
  // Markdown needs two trailing spaces for a line break inside a paragraph.
  const char* br = md ? "  \n" : "\n";
  out << (md ? "## pathbench compare\n\n" : "") << "A: " << c.dir_a << br << "B: " << c.dir_b << br;
  if (c.experiment_differences.empty()) {
    out << fmt::format("Same experiment (fingerprint {}).{}", c.fingerprint_a, br);
  } else {
    out << fmt::format("\n{}WARNING: the runs are not the same experiment:\n", h2);
    for (const auto& d : c.experiment_differences) out << "- " << d << '\n';
    out << '\n';
  }
  out << fmt::format("Rows: {} matched, {} only in A, {} only in B.\n", c.matched, c.only_in_a,
                     c.only_in_b);

  // Changed results first: for deterministic planners they mean the code changed behaviour.
  if (c.result_changes() > 0) {
    out << fmt::format(
        "\n{}RESULTS CHANGED ({} differences; deterministic planners should have none):\n", h2,
        c.result_changes());
    for (const auto& r : c.rows) {
      if (r.changes() == 0) continue;
      out << fmt::format(
          "- {} / {}: {} of {} rows: expansions {}, cost {}, status {}, validity {}\n", r.group,
          r.planner, r.changes(), r.matched, r.expansion_changes, r.cost_changes, r.status_changes,
          r.validity_changes);
      for (const auto& e : r.examples)
        out << fmt::format("  {}- {}: {}\n", md ? "  " : "", e.where, e.what);
    }
  } else {
    out << "\nNo result changed (status, validity, cost and expansions are equal on every matched "
           "row).\n";
  }

  const bool noise = c.has_noise_floor();
  out << fmt::format(
      "\n{}Time ratio B / A per query (geometric mean, 95% bootstrap CI; two-sided Wilcoxon "
      "signed-rank on log ratios, Holm-adjusted; regression: slower by more than {:.1f}%{} with "
      "p < 0.05):\n\n",
      h2, 100 * c.threshold,
      noise ? " and by more than the A/A noise floor (largest change between two rounds of "
              "the same binary)"
            : "");
  std::size_t gw = 5, pw = 7;
  for (const auto& r : c.rows) {
    gw = std::max(gw, r.group.size());
    pw = std::max(pw, r.planner.size());
  }
  // The noise column exists only when measured, so a plain `compare`'s output is unchanged.
  const auto noise_cell = [&](const PlannerComparison& r) -> std::string {
    if (!noise) return "";
    const std::string v = std::isnan(r.noise) ? "-" : fmt::format("{:.1f}%", 100 * r.noise);
    return md ? v + " | " : fmt::format("{:>9}  ", v);
  };
  if (md)
    out << "| group | planner | pairs | ratio [95% CI] | r_rb | " << (noise ? "A/A noise | " : "")
        << "change |\n|---|---|---:|---:|---:|" << (noise ? "---:|" : "") << "---|\n";
  else
    out << fmt::format("{:<{}}  {:<{}} {:>6}  {:<24} {:>6}  {}{}\n", "group", gw, "planner", pw,
                       "pairs", "ratio [95% CI]", "r_rb", noise ? "A/A noise  " : "", "change");
  for (const auto& r : c.rows) {
    const std::string ci = std::isnan(r.ratio) ? "-"
                                               : fmt::format("{} [{}, {}]", num3(r.ratio),
                                                             num3(r.ratio_lo), num3(r.ratio_hi));
    if (md)
      out << fmt::format(
          "| {} | {} | {} | {} | {} | {}{} |\n", r.group, r.planner, r.time_pairs, ci,
          num3(r.test.rank_biserial), noise_cell(r),
          r.regression ? "**" + change_text(r, c.threshold) + "**" : change_text(r, c.threshold));
    else
      out << fmt::format("{:<{}}  {:<{}} {:>6}  {:<24} {:>6}  {}{}\n", r.group, gw, r.planner, pw,
                         r.time_pairs, ci, num3(r.test.rank_biserial), noise_cell(r),
                         change_text(r, c.threshold));
  }
  out << '\n'
      << (c.any_regression()
              ? noise ? "Verdict: REGRESSION (some planner got significantly slower than both the "
                        "threshold and the A/A noise floor)."
                      : "Verdict: REGRESSION (some planner got significantly slower than the "
                        "threshold)."
          : noise
              ? "Verdict: no significant slow-down beyond the threshold and the A/A noise floor."
              : "Verdict: no significant slow-down beyond the threshold.")
      << '\n';
}

}  // namespace pathbench
