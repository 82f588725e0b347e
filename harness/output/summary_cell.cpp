#include "harness/output/summary_cell.h"

#include <Eigen/Dense>
#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>
#include <limits>
#include <vector>

#include "harness/output/summary_significance.h"
#include "harness/stats/statistics.h"

namespace pathbench {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The samples of a cell. The first four have a value for every solved row.
enum class Sample {
  Expansions,
  Generated,
  TimeUs,
  Optimal,          // reference length (NaN without one)
  Suboptimality,    // rows with a reference and a suboptimality
  Speedups,         // baseline time / time, rows paired with the baseline, both times > 0
  ExpansionRatios,  // baseline expansions / expansions, likewise with expansions > 0
  Spreads,          // time_spread, rows that have one
  PathUs,           // path_us, rows that have one
  TotalUs,          // time_us + path_us, likewise
};
constexpr int kSamples = 10;

// Per sample: which solved rows are in it (`has`) and the value each gives. Indexed by Sample,
// which the tags let the static_asserts check: no sample missing, none out of place.
struct SampleRule {
  Sample sample;
  bool (*has)(const SolvedRow& r);
  double (*value)(const SolvedRow& r);
};
constexpr bool every_row(const SolvedRow&) { return true; }
constexpr SampleRule kSampleRules[] = {
    {Sample::Expansions, every_row, [](const SolvedRow& r) { return r.expansions; }},
    {Sample::Generated, every_row, [](const SolvedRow& r) { return r.generated; }},
    {Sample::TimeUs, every_row, [](const SolvedRow& r) { return r.time_us; }},
    {Sample::Optimal, every_row, [](const SolvedRow& r) { return r.optimal; }},
    {Sample::Suboptimality,
     [](const SolvedRow& r) { return std::isfinite(r.optimal) && !std::isnan(r.suboptimality); },
     [](const SolvedRow& r) { return r.suboptimality; }},
    {Sample::Speedups,
     [](const SolvedRow& r) { return r.paired && r.base_time_us > 0 && r.time_us > 0; },
     [](const SolvedRow& r) { return r.base_time_us / r.time_us; }},
    {Sample::ExpansionRatios,
     [](const SolvedRow& r) { return r.paired && r.base_expansions > 0 && r.expansions > 0; },
     [](const SolvedRow& r) { return r.base_expansions / r.expansions; }},
    {Sample::Spreads, [](const SolvedRow& r) { return !std::isnan(r.time_spread); },
     [](const SolvedRow& r) { return r.time_spread; }},
    {Sample::PathUs, [](const SolvedRow& r) { return !std::isnan(r.path_us); },
     [](const SolvedRow& r) { return r.path_us; }},
    {Sample::TotalUs, [](const SolvedRow& r) { return !std::isnan(r.path_us); },
     [](const SolvedRow& r) { return r.time_us + r.path_us; }},
};
static_assert(std::size(kSampleRules) == kSamples);
static_assert([] {
  for (std::size_t k = 0; k < std::size(kSampleRules); ++k) {
    if (kSampleRules[k].sample != static_cast<Sample>(k)) {
      return false;
    }
  }
  return true;
}());
const SampleRule& rule_of(Sample k) { return kSampleRules[static_cast<std::size_t>(k)]; }

// One sample in memory, placed where the former all-in-memory layout had it. The first four
// samples were the columns of one n x 4 Eigen matrix, and the rest std::vectors; Eigen's
// vectorized sums (mean, sum) start their packets at the first aligned element, so the offset of
// a column from an aligned address decides the order of the additions, hence the last bits of a
// mean. Each column is kept at its former offset from an aligned allocation, so the means and sums
// are bit-for-bit those of before (and of the reports already written).
class SampleValues {
 public:
  SampleValues(Sample k, std::size_t size, std::size_t solved) {
    const auto c = static_cast<std::size_t>(k);
    if (c < 4) {
      constexpr std::size_t kAlign =
          EIGEN_MAX_ALIGN_BYTES > 0 ? EIGEN_MAX_ALIGN_BYTES / sizeof(double) : 1;
      const std::size_t pad = c * solved % kAlign;
      column_.resize(static_cast<Eigen::Index>(pad + size));
      data_ = column_.data() + pad;
    } else {
      vector_.resize(size);
      data_ = vector_.data();
    }
    size_ = size;
  }
  SampleValues(SampleValues&&) = default;  // the buffers move, so data_ stays valid
  SampleValues(const SampleValues&) = delete;
  SampleValues& operator=(const SampleValues&) = delete;
  double* data() { return data_; }
  std::span<const double> values() const { return {data_, size_}; }
  double sum() const {
    return Eigen::Map<const Eigen::VectorXd>(data_, static_cast<Eigen::Index>(size_)).sum();
  }

 private:
  Eigen::VectorXd column_;
  std::vector<double> vector_;
  double* data_ = nullptr;
  std::size_t size_ = 0;
};

bool needs_baseline(Sample k) { return k == Sample::Speedups || k == Sample::ExpansionRatios; }

// Reads the cell's samples one at a time (a pass over its rows each, after one that counts them).
// The samples paired with the baseline are counted in their own pass: the source need not look
// the baseline up until they are asked for.
class Samples {
 public:
  explicit Samples(const CellRows& rows) : rows_(rows) {
    rows_.for_each_chunk(false, [this](std::span<const SolvedRow> chunk) {
      for (const SolvedRow& r : chunk) {
        for (std::size_t k = 0; k < sizes_.size(); ++k) {
          sizes_[k] += kSampleRules[k].has(r);
        }
      }
    });
  }
  SampleValues read(Sample k) const {
    const bool with_baseline = needs_baseline(k);
    const SampleRule& rule = rule_of(k);
    std::size_t size = sizes_[static_cast<std::size_t>(k)];
    if (with_baseline) {
      rows_.for_each_chunk(true, [&rule, &size](std::span<const SolvedRow> chunk) {
        for (const SolvedRow& r : chunk) size += rule.has(r);
      });
    }
    SampleValues out(k, size, sizes_[static_cast<std::size_t>(Sample::Expansions)]);
    double* p = out.data();
    rows_.for_each_chunk(with_baseline, [&rule, &p](std::span<const SolvedRow> chunk) {
      for (const SolvedRow& r : chunk) {
        if (rule.has(r)) {
          *p++ = rule.value(r);
        }
      }
    });
    return out;
  }

 private:
  const CellRows& rows_;
  std::array<std::size_t, kSamples> sizes_{};  // 0 for those paired with the baseline
};

// The three figures summary.csv gives of expansions, generated and time.
void mean_median_p95(std::span<const double> v, double& mean, double& median, double& p95) {
  mean = stats::mean(v);
  median = stats::median(v);
  p95 = stats::quantile(v, 0.95);
}

}  // namespace

RowMeasures measures_of(const RunRow& r) {
  return {.expansions = static_cast<double>(r.counters.expansions),
          .generated = static_cast<double>(r.counters.generated),
          .time_us = r.time_us,
          .path_us = r.path_us,
          .optimal = r.optimal,
          .suboptimality = r.suboptimality,
          .time_spread = r.time_spread};
}

void fill_cell_statistics(const CellRows& rows, const SummaryOptions& opt, SummaryRow& s) {
  const Samples samples(rows);
  double total_exp = 0, total_time = 0;
  {
    // The growth exponents pair each of expansions and time with the reference length.
    const SampleValues optimal = samples.read(Sample::Optimal);
    {
      const SampleValues e = samples.read(Sample::Expansions);
      mean_median_p95(e.values(), s.mean_expansions, s.median_expansions, s.p95_expansions);
      total_exp = e.sum();
      s.expansions_exponent = stats::fit_power_law(optimal.values(), e.values()).exponent;
    }
    const SampleValues t = samples.read(Sample::TimeUs);
    mean_median_p95(t.values(), s.mean_time_us, s.median_time_us, s.p95_time_us);
    total_time = t.sum();
    s.time_exponent = stats::fit_power_law(optimal.values(), t.values()).exponent;
  }
  s.ns_per_expansion = total_exp > 0 ? total_time * 1000.0 / total_exp : kNaN;
  mean_median_p95(samples.read(Sample::Generated).values(), s.mean_generated, s.median_generated,
                  s.p95_generated);
  {
    const SampleValues p = samples.read(Sample::PathUs);
    s.mean_path_us = stats::mean(p.values());
    s.median_path_us = stats::median(p.values());
  }
  s.mean_total_us = stats::mean(samples.read(Sample::TotalUs).values());
  {
    const SampleValues sub = samples.read(Sample::Suboptimality);
    const std::span<const double> v = sub.values();
    s.mean_suboptimality = stats::mean(v);
    s.max_suboptimality = v.empty() ? kNaN : *std::max_element(v.begin(), v.end());
  }
  s.median_time_spread = stats::median(samples.read(Sample::Spreads).values());

  // Last, the samples paired with the baseline: a source may load the baseline only now.
  s.speedup = s.speedup_lo = s.speedup_hi = s.expansion_ratio = kNaN;
  {
    const SampleValues speedups = samples.read(Sample::Speedups);
    s.speedup_pairs = speedups.values().size();
    if (!opt.baseline.empty()) {
      const stats::ConfidenceInterval ci = stats::bootstrap_geomean_ci(
          speedups.values(),
          stats::derive_seed(opt.seed, s.group + '\n' + s.planner + '\n' + s.length_class),
          opt.bootstrap_resamples);
      s.speedup = ci.estimate;
      s.speedup_lo = ci.lower;
      s.speedup_hi = ci.upper;
    }
    fill_time_tests(speedups.values(), s);
  }
  const SampleValues exp_ratios = samples.read(Sample::ExpansionRatios);
  if (!opt.baseline.empty()) s.expansion_ratio = stats::geometric_mean(exp_ratios.values());
  fill_expansions_test(exp_ratios.values(), s);
}

}  // namespace pathbench
