#include "harness/output/summary.h"

#include <fmt/format.h>
#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>
#include <tuple>

#include "algorithms/core/moves.h"
#include "harness/output/csv_writer.h"
#include "harness/output/summary_significance.h"
#include "harness/stats/statistics.h"
#include "harness/text/number_format.h"

namespace pathbench {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr const char* kLengthClasses[] = {"short", "medium", "long"};

using QueryKey = std::tuple<std::string, std::string, int>;  // dataset, map, query

// Length class of each row's query: its bucket's third of the map's bucket range.
class LengthClasses {
 public:
  explicit LengthClasses(const std::vector<RunRow>& rows) {
    for (const RunRow& r : rows) {
      auto [it, fresh] = range_.try_emplace({r.dataset, r.map}, r.bucket, r.bucket);
      if (!fresh) {
        it->second.first = std::min(it->second.first, r.bucket);
        it->second.second = std::max(it->second.second, r.bucket);
      }
    }
  }
  int of(const RunRow& r) const {
    const auto& [lo, hi] = range_.at({r.dataset, r.map});
    return std::clamp(3 * (r.bucket - lo) / (hi - lo + 1), 0, 2);
  }

 private:
  std::map<std::pair<std::string, std::string>, std::pair<int, int>> range_;
};

struct BaselineResult {
  double time_us;
  double expansions;
};

std::map<QueryKey, BaselineResult> baseline_index(const std::vector<RunRow>& rows,
                                                  const std::string& baseline) {
  std::map<QueryKey, BaselineResult> index;
  if (baseline.empty()) return index;
  for (const RunRow& r : rows)
    if (r.planner == baseline && r.status == Status::Solved)
      index[{r.dataset, r.map, r.query}] = {r.time_us, static_cast<double>(r.counters.expansions)};
  return index;
}

// Aggregates `members` (all rows of one table cell) into `s`.
void aggregate(const std::vector<const RunRow*>& members,
               const std::map<QueryKey, BaselineResult>& base, const SummaryOptions& opt,
               SummaryRow& s) {
  std::set<std::string> maps_seen;
  std::vector<const RunRow*> solved;
  std::vector<double> sub, speedups, exp_ratios, lengths, spreads;
  for (const RunRow* r : members) {
    ++s.queries;
    if (r->validated) ++s.validated;
    if (r->valid) ++s.valid;
    if (maps_seen.insert(r->dataset + "/" + r->map).second) {
      if (std::isfinite(r->prep_ms)) s.prep_ms += r->prep_ms;
      s.prep_bytes = std::max(s.prep_bytes, r->prep_bytes);
    }
    if (r->status != Status::Solved) continue;
    ++s.solved;
    solved.push_back(r);
    if (!std::isnan(r->time_spread)) spreads.push_back(r->time_spread);
    if (std::isfinite(r->optimal)) {
      ++s.with_reference;
      if (costs_equal(r->cost, r->optimal)) ++s.optimal;
      if (!std::isnan(r->suboptimality)) sub.push_back(r->suboptimality);
    }
    const auto b = base.find({r->dataset, r->map, r->query});
    if (b != base.end()) {
      if (b->second.time_us > 0 && r->time_us > 0)
        speedups.push_back(b->second.time_us / r->time_us);
      const double e = static_cast<double>(r->counters.expansions);
      if (b->second.expansions > 0 && e > 0) exp_ratios.push_back(b->second.expansions / e);
    }
  }
  // One row per solved query, columns expansions, generated, time_us, optimal length.
  const auto n = static_cast<Eigen::Index>(solved.size());
  Eigen::MatrixXd m(n, 4);
  for (Eigen::Index i = 0; i < n; ++i) {
    const RunRow& r = *solved[static_cast<std::size_t>(i)];
    m(i, 0) = static_cast<double>(r.counters.expansions);
    m(i, 1) = static_cast<double>(r.counters.generated);
    m(i, 2) = r.time_us;
    m(i, 3) = r.optimal;
  }
  const auto col = [&](Eigen::Index c) {
    return std::span<const double>(m.col(c).data(), static_cast<std::size_t>(n));
  };
  s.mean_expansions = stats::mean(col(0));
  s.median_expansions = stats::median(col(0));
  s.p95_expansions = stats::quantile(col(0), 0.95);
  s.mean_generated = stats::mean(col(1));
  s.median_generated = stats::median(col(1));
  s.p95_generated = stats::quantile(col(1), 0.95);
  s.mean_time_us = stats::mean(col(2));
  s.median_time_us = stats::median(col(2));
  s.p95_time_us = stats::quantile(col(2), 0.95);
  const double total_exp = n ? m.col(0).sum() : 0.0;
  s.ns_per_expansion = total_exp > 0 ? m.col(2).sum() * 1000.0 / total_exp : kNaN;
  s.mean_suboptimality = stats::mean(sub);
  s.max_suboptimality = sub.empty() ? kNaN : *std::max_element(sub.begin(), sub.end());
  s.time_exponent = stats::fit_power_law(col(3), col(2)).exponent;
  s.expansions_exponent = stats::fit_power_law(col(3), col(0)).exponent;

  s.speedup_pairs = speedups.size();
  s.speedup = s.speedup_lo = s.speedup_hi = s.expansion_ratio = kNaN;
  if (!opt.baseline.empty()) {
    const stats::ConfidenceInterval ci = stats::bootstrap_geomean_ci(
        speedups, stats::derive_seed(opt.seed, s.group + '\n' + s.planner + '\n' + s.length_class),
        opt.bootstrap_resamples);
    s.speedup = ci.estimate;
    s.speedup_lo = ci.lower;
    s.speedup_hi = ci.upper;
    s.expansion_ratio = stats::geometric_mean(exp_ratios);
  }
  fill_paired_tests(speedups, exp_ratios, s);
  s.median_time_spread = stats::median(spreads);
}

std::vector<SummaryRow> summarize_impl(const std::vector<RunRow>& rows, const SummaryOptions& opt,
                                       bool by_length) {
  using Key = std::tuple<std::string, std::string, int>;  // group, planner, length class
  std::vector<Key> order;
  std::map<Key, std::vector<const RunRow*>> groups;
  const LengthClasses classes(rows);
  for (const RunRow& r : rows) {
    Key key{opt.by == GroupBy::Map ? r.dataset + "/" + r.map : r.dataset, r.planner,
            by_length ? classes.of(r) : -1};
    auto [it, fresh] = groups.try_emplace(key);
    if (fresh) order.push_back(key);
    it->second.push_back(&r);
  }
  // Overall: first-seen order. By length: the same, with classes short -> long within each
  // (group, planner).
  if (by_length) {
    std::map<std::pair<std::string, std::string>, std::size_t> first;  // (group, planner) -> rank
    for (const Key& k : order) first.try_emplace({std::get<0>(k), std::get<1>(k)}, first.size());
    std::stable_sort(order.begin(), order.end(), [&](const Key& a, const Key& b) {
      return std::pair(first.at({std::get<0>(a), std::get<1>(a)}), std::get<2>(a)) <
             std::pair(first.at({std::get<0>(b), std::get<1>(b)}), std::get<2>(b));
    });
  }
  const auto base = baseline_index(rows, opt.baseline);
  std::vector<SummaryRow> out;
  for (const Key& key : order) {
    SummaryRow s;
    s.group = std::get<0>(key);
    s.planner = std::get<1>(key);
    if (std::get<2>(key) >= 0) s.length_class = kLengthClasses[std::get<2>(key)];
    aggregate(groups[key], base, opt, s);
    out.push_back(std::move(s));
  }
  adjust_for_multiple_comparisons(out);
  return out;
}

// Compact human-readable number: integers for large values, 3 significant digits for small ones.
std::string num(double v) {
  if (std::isnan(v)) return "-";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  const double a = std::fabs(v);
  // Thresholds just below the powers of ten so rounding never drops a digit (0.9999 -> 1.00).
  if (a >= 999.5) return fmt::format("{:.0f}", v);
  if (a >= 99.95) return fmt::format("{:.1f}", v);
  if (a >= 0.995 || a == 0) return fmt::format("{:.2f}", v);
  return fmt::format("{:.3g}", v);
}

std::string pct(std::size_t part, std::size_t whole) { return percent(part, whole, "-"); }

std::string speedup_text(const SummaryRow& r) {
  if (std::isnan(r.speedup)) return "-";
  return fmt::format("{} [{}, {}]", num(r.speedup), num(r.speedup_lo), num(r.speedup_hi));
}

// CSV numbers: shortest round-trip, NaN empty (as in runs.csv).
std::string csv_num(double v) {
  if (std::isnan(v)) return {};
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return fmt::format("{}", v);
}

bool has_baseline(const std::vector<SummaryRow>& rows) {
  return std::any_of(rows.begin(), rows.end(),
                     [](const SummaryRow& r) { return !std::isnan(r.speedup); });
}

bool has_spread(const std::vector<SummaryRow>& rows) {
  return std::any_of(rows.begin(), rows.end(),
                     [](const SummaryRow& r) { return !std::isnan(r.median_time_spread); });
}

// Median time ratio with its CI, the two verdicts and the effect size (see summary_notes).
void append_test_cells(const SummaryRow& r, std::vector<std::string>& c) {
  c.push_back(std::isnan(r.median_speedup)
                  ? "-"
                  : fmt::format("{} [{}, {}]", num(r.median_speedup), num(r.median_speedup_lo),
                                num(r.median_speedup_hi)));
  c.push_back(verdict(r.time_test, "faster", "slower"));
  c.push_back(num(r.time_test.rank_biserial));
  c.push_back(verdict(r.expansions_test, "fewer", "more"));
}

}  // namespace

std::vector<SummaryRow> summarize(const std::vector<RunRow>& rows, const SummaryOptions& options) {
  return summarize_impl(rows, options, false);
}

std::vector<SummaryRow> summarize(const std::vector<RunRow>& rows, GroupBy by) {
  SummaryOptions opt;
  opt.by = by;
  return summarize_impl(rows, opt, false);
}

std::vector<SummaryRow> summarize_by_length(const std::vector<RunRow>& rows,
                                            const SummaryOptions& options) {
  return summarize_impl(rows, options, true);
}

void print_summary_table(std::ostream& out, const std::vector<SummaryRow>& rows) {
  std::size_t gw = 5, pw = 7;
  for (const auto& r : rows) {
    gw = std::max(gw, r.group.size());
    pw = std::max(pw, r.planner.size());
  }
  const bool speed = has_baseline(rows);
  out << fmt::format("{:<{}}  {:<{}} {:>6} {:>6} {:>6} {:>6} {:>9} {:>9} {:>9} {:>9} {:>6} {:>7}",
                     "group", gw, "planner", pw, "n", "solv%", "valid%", "opt%", "mean_exp",
                     "med_exp", "mean_us", "med_us", "ns/exp", "max_sub");
  if (speed) out << "  speedup [95% CI]";
  out << '\n';
  for (const auto& r : rows) {
    out << fmt::format("{:<{}}  {:<{}} {:>6} {:>6} {:>6} {:>6} {:>9} {:>9} {:>9} {:>9} {:>6} {:>7}",
                       r.group, gw, r.planner, pw, r.queries, pct(r.solved, r.queries),
                       pct(r.valid, r.validated), pct(r.optimal, r.with_reference),
                       num(r.mean_expansions), num(r.median_expansions), num(r.mean_time_us),
                       num(r.median_time_us), num(r.ns_per_expansion), num(r.max_suboptimality));
    if (speed) out << "  " << speedup_text(r) << significance_mark(r.time_test);
    out << '\n';
  }
  if (speed)
    out << "(* / ** / ***: Holm-adjusted Wilcoxon p < 0.05 / 0.01 / 0.001 against the baseline)\n";
  if (const std::size_t noisy = noise_warnings(rows).size(); noisy > 0)
    out << fmt::format(
        "warning: on {} row(s) the repetitions of a query spread more than the difference from "
        "the baseline (summary.md lists them)\n",
        noisy);
}

void write_summary_csv(const std::filesystem::path& path, const std::vector<SummaryRow>& rows) {
  std::ofstream f(path);
  if (!f) throw std::runtime_error("cannot write " + path.string());
  const bool by_length = std::any_of(rows.begin(), rows.end(),
                                     [](const SummaryRow& r) { return !r.length_class.empty(); });
  f << "group,planner," << (by_length ? "length_class," : "")
    << "queries,solved,valid,optimal,with_reference,mean_expansions,median_expansions,"
       "p95_expansions,mean_generated,median_generated,p95_generated,mean_time_us,"
       "median_time_us,p95_time_us,ns_per_expansion,mean_suboptimality,max_suboptimality,"
       "prep_ms,prep_bytes,speedup_pairs,speedup_geomean,speedup_ci_lo,speedup_ci_hi,"
       "expansion_ratio_geomean,time_exponent,expansions_exponent,"
    << significance_csv_header() << '\n';
  for (const auto& r : rows) {
    f << csv_escape(r.group) << ',' << csv_escape(r.planner) << ','
      << (by_length ? r.length_class + "," : "");
    f << fmt::format(
        "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n",
        r.queries, r.solved, r.valid, r.optimal, r.with_reference, csv_num(r.mean_expansions),
        csv_num(r.median_expansions), csv_num(r.p95_expansions), csv_num(r.mean_generated),
        csv_num(r.median_generated), csv_num(r.p95_generated), csv_num(r.mean_time_us),
        csv_num(r.median_time_us), csv_num(r.p95_time_us), csv_num(r.ns_per_expansion),
        csv_num(r.mean_suboptimality), csv_num(r.max_suboptimality), csv_num(r.prep_ms),
        r.prep_bytes, r.speedup_pairs, csv_num(r.speedup), csv_num(r.speedup_lo),
        csv_num(r.speedup_hi), csv_num(r.expansion_ratio), csv_num(r.time_exponent),
        csv_num(r.expansions_exponent), significance_csv_fields(r));
  }
  if (!f) throw std::runtime_error("write failed: " + path.string());
}

TextTable overall_table(const std::vector<SummaryRow>& rows) {
  const bool speed = has_baseline(rows);
  const bool prep = std::any_of(rows.begin(), rows.end(), [](const SummaryRow& r) {
    return r.prep_ms > 0 || r.prep_bytes > 0;
  });
  TextTable t;
  t.header = {"group",      "planner",  "queries",    "solved %",  "valid %",
              "optimal %",  "mean exp", "median exp", "p95 exp",   "mean gen",
              "median gen", "p95 gen",  "mean us",    "median us", "p95 us",
              "ns/exp",     "mean sub", "max sub",    "time L^k",  "exp L^k"};
  if (prep) t.header.insert(t.header.end(), {"prep ms", "prep MB"});
  if (speed)
    t.header.insert(t.header.end(), {"speedup [95% CI]", "exp ratio", "median ratio [95% CI]",
                                     "time vs baseline", "r_rb", "expansions vs baseline"});
  const bool spread = has_spread(rows);
  if (spread) t.header.emplace_back("rep spread %");
  for (const SummaryRow& r : rows) {
    std::vector<std::string> c = {r.group,
                                  r.planner,
                                  std::to_string(r.queries),
                                  pct(r.solved, r.queries),
                                  pct(r.valid, r.validated),
                                  pct(r.optimal, r.with_reference),
                                  num(r.mean_expansions),
                                  num(r.median_expansions),
                                  num(r.p95_expansions),
                                  num(r.mean_generated),
                                  num(r.median_generated),
                                  num(r.p95_generated),
                                  num(r.mean_time_us),
                                  num(r.median_time_us),
                                  num(r.p95_time_us),
                                  num(r.ns_per_expansion),
                                  num(r.mean_suboptimality),
                                  num(r.max_suboptimality),
                                  num(r.time_exponent),
                                  num(r.expansions_exponent)};
    if (prep) {
      c.push_back(num(r.prep_ms));
      c.push_back(num(static_cast<double>(r.prep_bytes) / (1024.0 * 1024.0)));
    }
    if (speed) {
      c.push_back(speedup_text(r));
      c.push_back(num(r.expansion_ratio));
      append_test_cells(r, c);
    }
    if (spread) c.push_back(num(100 * r.median_time_spread));
    t.rows.push_back(std::move(c));
  }
  return t;
}

TextTable length_table(const std::vector<SummaryRow>& rows) {
  const bool speed = has_baseline(rows);
  TextTable t;
  t.label_columns = 3;
  t.header = {"group",      "planner", "length",    "queries", "solved %", "optimal %",
              "median exp", "p95 exp", "median us", "p95 us",  "mean sub"};
  if (speed)
    t.header.insert(t.header.end(), {"speedup [95% CI]", "median ratio [95% CI]",
                                     "time vs baseline", "r_rb", "expansions vs baseline"});
  for (const SummaryRow& r : rows) {
    std::vector<std::string> c = {r.group,
                                  r.planner,
                                  r.length_class,
                                  std::to_string(r.queries),
                                  pct(r.solved, r.queries),
                                  pct(r.optimal, r.with_reference),
                                  num(r.median_expansions),
                                  num(r.p95_expansions),
                                  num(r.median_time_us),
                                  num(r.p95_time_us),
                                  num(r.mean_suboptimality)};
    if (speed) {
      c.push_back(speedup_text(r));
      append_test_cells(r, c);
    }
    t.rows.push_back(std::move(c));
  }
  return t;
}

std::string summary_notes(const std::vector<SummaryRow>& rows, const SummaryOptions& options) {
  std::string text = fmt::format(
      "Per {} and planner. Expansions, generated nodes and times (microseconds; each the median "
      "over repetitions) are over solved queries; p95 is the linearly interpolated 95th "
      "percentile; ns/exp is total time / total expansions; sub is cost / optimal; L^k is the "
      "least-squares exponent k of time (or expansions) ~ optimal length^k. Length classes cut "
      "each map's bucket range (optimal length / 4) into thirds.",
      options.by == GroupBy::Map ? "map" : "dataset");
  if (has_baseline(rows))
    text += fmt::format(
        " Speedup is the geometric mean over queries of {0} time / planner time (queries solved "
        "by both) with a 95% percentile-bootstrap interval ({1} resamples, seed {2}); exp ratio is "
        "the same for expansions. Median ratio is the median of the same per-query ratios with a "
        "distribution-free 95% interval (order statistics). 'time vs baseline' and 'expansions "
        "vs baseline' are two-sided Wilcoxon signed-rank tests on log({0} / planner) per query "
        "(zero differences dropped; exact null distribution up to 50 pairs without ties, else "
        "the normal approximation with tie correction), p-values Holm-adjusted over the rows of "
        "each table, one family per metric; 'faster, p < 0.001' means significant at 5% after "
        "adjustment, 'identical' that every pair was equal. r_rb is the matched-pairs "
        "rank-biserial correlation (+1: faster on every query, -1: slower on every query).",
        options.baseline, options.bootstrap_resamples, options.seed);
  if (has_spread(rows))
    text +=
        " rep spread % is the median over solved queries of (max - min) / median of the "
        "repetitions' times: the run-to-run noise of one measurement.";
  if (!has_baseline(rows) && !options.baseline.empty())
    text += fmt::format(" No planner is labelled exactly '{}', so there are no speedups.",
                        options.baseline);
  return text;
}

namespace {

void markdown_table(std::ostream& out, const TextTable& t) {
  // Markdown cells must not contain a bare '|'.
  const auto cell = [](std::string s) {
    for (std::size_t i = 0; (i = s.find('|', i)) != std::string::npos; i += 2)
      s.replace(i, 1, "\\|");
    return s;
  };
  out << '|';
  for (const std::string& h : t.header) out << ' ' << h << " |";
  out << "\n|";
  for (std::size_t i = 0; i < t.header.size(); ++i) out << (i < t.label_columns ? "---|" : "---:|");
  out << '\n';
  for (const auto& row : t.rows) {
    out << '|';
    for (const std::string& c : row) out << ' ' << cell(c) << " |";
    out << '\n';
  }
}

}  // namespace

void write_summary_markdown(std::ostream& out, const std::string& title,
                            const std::vector<SummaryRow>& overall,
                            const std::vector<SummaryRow>& by_length,
                            const SummaryOptions& options) {
  out << "# " << title << "\n\n" << summary_notes(overall, options) << "\n\n## Overall\n\n";
  markdown_table(out, overall_table(overall));
  out << "\n## By path length (short / medium / long third of each map's buckets)\n\n";
  markdown_table(out, length_table(by_length));
  std::vector<std::string> warnings = noise_warnings(overall);
  for (std::string& w : noise_warnings(by_length)) warnings.push_back(std::move(w));
  if (!warnings.empty()) {
    out << "\n## Warnings: repetition noise\n\n";
    for (const std::string& w : warnings) out << "- " << w << '\n';
  }
}

std::vector<SummaryRow> write_summaries(const std::filesystem::path& dir, const std::string& title,
                                        const std::vector<RunRow>& rows,
                                        const SummaryOptions& options) {
  std::vector<SummaryRow> overall = summarize(rows, options);
  const std::vector<SummaryRow> by_length = summarize_by_length(rows, options);
  write_summary_csv(dir / "summary.csv", overall);
  write_summary_csv(dir / "summary_buckets.csv", by_length);
  std::ofstream md(dir / "summary.md");
  if (!md) throw std::runtime_error("cannot write " + (dir / "summary.md").string());
  write_summary_markdown(md, title, overall, by_length, options);
  if (!md) throw std::runtime_error("write failed: " + (dir / "summary.md").string());
  return overall;
}

}  // namespace pathbench
