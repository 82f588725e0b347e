// compare_runs_files (run_comparison.h): two runs.csv files compared without holding either in
// memory. Rows are spilled per (group, planner) cell as fixed-size records, and each cell is read
// back and paired alone, through the same steps as compare_runs (comparison_steps.h).
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/core/input_error.h"
#include "harness/analysis/comparison_steps.h"
#include "harness/analysis/run_comparison.h"
#include "harness/analysis/unmatched_runs.h"
#include "harness/output/interned_names.h"
#include "harness/output/spill_files.h"

namespace pathbench {
namespace {

// One row of a run as a comparison needs it (spilled to disk as raw bytes).
struct CompareRecord {
  double cost = 0, time_us = 0;
  std::uint64_t expansions = 0;
  std::uint64_t line = 0;
  std::int32_t map = 0, query = 0;
  std::uint8_t status = 0, valid = 0, validated = 0;
};

std::uint64_t record_key(const CompareRecord& r) { return map_query_key(r.map, r.query); }

}  // namespace

RunComparison compare_runs_files(const std::filesystem::path& runs_a, const nlohmann::json& meta_a,
                                 const std::filesystem::path& runs_b, const nlohmann::json& meta_b,
                                 const CompareOptions& opt,
                                 const std::filesystem::path& scratch_dir, std::string* why_none,
                                 std::size_t spill_buffer_rows) {
  RunComparison c = start_comparison(meta_a, meta_b, opt);
  const ScratchFolder scratch(scratch_dir);
  InternedNames maps, groups, planners;                        // maps: "dataset\nmap"
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
      to_row(x, ra);
      to_row(*it, rb);
      add_matched_pair(ra, rb, f.pc, f.logs);
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

}  // namespace pathbench
