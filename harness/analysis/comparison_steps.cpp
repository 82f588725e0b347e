#include "harness/analysis/comparison_steps.h"

#include <fmt/format.h>

#include <cmath>
#include <string>

#include "algorithms/core/moves.h"
#include "harness/output/summary_significance.h"
#include "harness/runner/experiment_fingerprint.h"
#include "harness/stats/paired_tests.h"
#include "harness/stats/statistics.h"

namespace pathbench {
namespace {

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

}  // namespace

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

void add_matched_pair(const RunRow& a, const RunRow& b, PlannerComparison& pc,
                      std::vector<double>& log_ratios) {
  ++pc.matched;
  compare_results(a, b, pc);
  if (a.status == Status::Solved && b.status == Status::Solved && a.time_us > 0 && b.time_us > 0)
    log_ratios.push_back(std::log(b.time_us / a.time_us));
}

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

}  // namespace pathbench
