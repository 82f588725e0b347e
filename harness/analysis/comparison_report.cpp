// print_comparison (run_comparison.h): a RunComparison as plain text for a terminal or as
// Markdown for a pull-request comment.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "harness/analysis/run_comparison.h"
#include "harness/output/summary_significance.h"

namespace pathbench {
namespace {

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
