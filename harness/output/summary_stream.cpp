#include "harness/output/summary_stream.h"

#include <fmt/format.h>

#include <malloc.h>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>

#include <map>
#include <memory>
#include <set>
#include <span>
#include <string_view>
#include <system_error>
#include <utility>

#include "algorithms/core/input_error.h"
#include "algorithms/core/moves.h"
#include "harness/output/interned_names.h"
#include "harness/output/runs_csv_reader.h"
#include "harness/output/spill_files.h"
#include "harness/output/summary_cell.h"
#include "harness/output/summary_significance.h"
#include "harness/stats/statistics.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;

// What the summaries need of one row, without strings: spilled to disk as raw bytes.
struct CompactRow {
  RowMeasures measures;
  double prep_ms = 0;
  std::uint64_t prep_bytes = 0;
  std::uint64_t line = 0;  // in runs.csv, for the duplicate-run message
  std::int32_t map = 0;    // interned (dataset, map)
  std::int32_t query = 0;
  std::int32_t bucket = 0;
  std::uint8_t status = 0;
  std::uint8_t flags = 0;  // kValidated | kValid | kOptimal
};
static_assert(sizeof(CompactRow) == 96, "a spilled row's size bounds report's disk and memory");
constexpr std::uint8_t kValidated = 1, kValid = 2, kOptimal = 4;

struct Cell {
  int group = 0;  // interned group name
  int planner = 0;
  std::size_t rows = 0;
  std::vector<CompactRow> buffer;
};

// The baseline's solved rows of one group, by query key.
using BaselineIndex = std::vector<std::pair<std::uint64_t, BaselineResult>>;

const BaselineResult* find_baseline(const BaselineIndex& index, std::uint64_t key) {
  const auto it = std::lower_bound(index.begin(), index.end(), key,
                                   [](const auto& e, std::uint64_t k) { return e.first < k; });
  return it != index.end() && it->first == key ? &it->second : nullptr;
}

// Most records read back from a cell's spill file at a time (1.5 MB of them).
constexpr std::size_t kMaxChunkRecords = std::size_t{1} << 14;

// The baseline's index of the cell's group, loaded when first called (empty: no baseline).
using BaselineLoader = std::function<const BaselineIndex*()>;

// A cell's spill file: its path and record count, and how many records are read at a time.
struct CellFile {
  fs::path path;
  std::size_t rows;
  std::size_t chunk;
  template <typename F>
  void for_each_chunk(F&& f) const {
    for_each_record_chunk<CompactRow>(path, rows, chunk, f);
  }
};

// The solved members of a cell (the records for which member(r) holds), read from its spill file
// a chunk at a time, each time fill_cell_statistics asks.
template <typename Member>
class SpilledCellRows : public CellRows {
 public:
  SpilledCellRows(const CellFile& file, Member member, const BaselineLoader& base)
      : file_(file), member_(member), base_(base) {}
  void for_each_chunk(bool with_baseline,
                      const std::function<void(std::span<const SolvedRow>)>& f) const override {
    constexpr auto kSolved = static_cast<std::uint8_t>(Status::Solved);
    const BaselineIndex* index = with_baseline && base_ ? base_() : nullptr;
    std::vector<SolvedRow> solved;
    solved.reserve(std::min(file_.chunk, file_.rows));
    file_.for_each_chunk([&](std::span<const CompactRow> chunk) {
      solved.clear();
      for (const CompactRow& r : chunk) {
        if (!member_(r) || r.status != kSolved) continue;
        SolvedRow& o = solved.emplace_back(SolvedRow{r.measures});
        if (const BaselineResult* b =
                index ? find_baseline(*index, map_query_key(r.map, r.query)) : nullptr) {
          o.paired = true;
          o.base_time_us = b->time_us;
          o.base_expansions = b->expansions;
        }
      }
      if (!solved.empty()) f(solved);
    });
  }

 private:
  const CellFile& file_;
  Member member_;
  const BaselineLoader& base_;
};

// summarize()'s aggregate() on compact rows: the same values in the same order through the same
// functions, hence the same numbers. The members of the cell are the records for which
// `member(row)` holds. Returns false when the cell has none.
template <typename Member>
bool aggregate(const CellFile& file, Member member, const BaselineLoader& base,
               const SummaryOptions& opt, SummaryRow& s) {
  constexpr auto kSolved = static_cast<std::uint8_t>(Status::Solved);
  std::set<std::int32_t> maps_seen;
  file.for_each_chunk([&](std::span<const CompactRow> chunk) {
    for (const CompactRow& r : chunk) {
      if (!member(r)) continue;
      ++s.queries;
      if (r.flags & kValidated) ++s.validated;
      if (r.flags & kValid) ++s.valid;
      if (maps_seen.insert(r.map).second) {
        if (std::isfinite(r.prep_ms)) s.prep_ms += r.prep_ms;
        s.prep_bytes = std::max<std::size_t>(s.prep_bytes, r.prep_bytes);
      }
      if (r.status != kSolved) continue;
      ++s.solved;
      if (std::isfinite(r.measures.optimal)) {
        ++s.with_reference;
        if (r.flags & kOptimal) ++s.optimal;
      }
    }
  });
  if (s.queries == 0) return false;
  fill_cell_statistics(SpilledCellRows<Member>(file, member, base), opt, s);
  return true;
}

// "dataset/map" from an interned "dataset\nmap" key.
std::string map_label(const std::string& key) {
  std::string label = key;
  label[label.find('\n')] = '/';
  return label;
}

// Gives freed heap memory back to the system: a cell's arrays are freed before the next cell's
// are allocated, and without this glibc keeps the pages of the largest one resident.
void release_freed_memory() { malloc_trim(0); }

}  // namespace

StreamedSummaries summarize_runs_csv(const fs::path& runs_csv, const SummaryOptions& opt,
                                     const fs::path& scratch_dir, const RowObserver& observe,
                                     std::size_t spill_buffer_rows) {
  RunsCsvStream in(runs_csv);
  const ScratchFolder scratch(scratch_dir);
  StreamedSummaries out;

  // Maps are (dataset, map): the key is "dataset\nmap" (neither holds a newline in a runs.csv
  // written by pathbench; a quoted one would only merge two maps' names here, not their rows'
  // validity).
  InternedNames maps, groups, planners;
  std::vector<std::pair<int, int>> bucket_range;       // per map id
  std::map<std::pair<int, int>, std::size_t> cell_of;  // (group, planner) -> index in cells
  std::vector<Cell> cells;
  std::set<std::uint64_t> bad_seen;
  std::size_t buffered = 0;

  const auto flush = [&] {
    for (std::size_t c = 0; c < cells.size(); ++c) {
      append_records(scratch.file("cell", c), cells[c].buffer);
      cells[c].buffer.clear();
      cells[c].buffer.shrink_to_fit();
    }
    buffered = 0;
  };

  RunRow row;
  std::string key;
  while (in.next(row)) {
    if (observe) observe(row, in.fields());
    ++out.rows;
    key.assign(row.dataset).append(1, '\n').append(row.map);
    const int map = maps.id(key);
    if (static_cast<std::size_t>(map) == bucket_range.size())
      bucket_range.emplace_back(row.bucket, row.bucket);
    auto& range = bucket_range[static_cast<std::size_t>(map)];
    range.first = std::min(range.first, row.bucket);
    range.second = std::max(range.second, row.bucket);
    const int group = groups.id(opt.by == GroupBy::Map ? map_label(key) : row.dataset);
    const int planner = planners.id(row.planner);
    const auto [it, fresh] = cell_of.try_emplace({group, planner}, cells.size());
    if (fresh) cells.push_back(Cell{group, planner, 0, {}});
    Cell& cell = cells[it->second];

    if (is_any_angle_row(row)) out.any_angle_planners.insert(row.planner);
    if (row.status == Status::BadQuery) {
      ++out.bad.rows;
      if (bad_seen.insert(map_query_key(map, row.query)).second) {
        ++out.bad.lines;
        ++out.bad.per_map[map_label(key)];
      }
    }

    CompactRow c;
    c.measures = measures_of(row);
    c.prep_ms = row.prep_ms;
    c.prep_bytes = row.prep_bytes;
    c.line = static_cast<std::uint64_t>(in.line());
    c.map = map;
    c.query = row.query;
    c.bucket = row.bucket;
    c.status = static_cast<std::uint8_t>(row.status);
    c.flags = static_cast<std::uint8_t>(
        (row.validated ? kValidated : 0) | (row.valid ? kValid : 0) |
        (matches_published(row.cost, row.optimal, row.optimal_decimals) ? kOptimal : 0));
    cell.buffer.push_back(c);
    ++cell.rows;
    if (++buffered >= spill_buffer_rows) flush();
  }
  flush();
  release_freed_memory();

  // A run (dataset, map, planner, query) appears once; like read_runs_csv, the error names the
  // first line (in file order) that repeats an earlier one.
  std::uint64_t dup_line = 0, dup_first = 0;
  std::int32_t dup_map = 0, dup_query = 0;
  int dup_planner = 0;

  const int baseline = opt.baseline.empty() ? -1 : [&] {
    // The baseline's id, or -1 when no row has that planner.
    for (const Cell& c : cells)
      if (planners.name(c.planner) == opt.baseline) return c.planner;
    return -1;
  }();
  // The spill buffer's size also bounds the read-back chunks, so that a test with a small buffer
  // reads cells back in many chunks.
  const std::size_t read_chunk = std::clamp<std::size_t>(spill_buffer_rows, 1, kMaxChunkRecords);
  int base_group = -1;  // whose baseline `base` holds (-1: none)
  BaselineIndex base;
  const auto drop_baseline = [&] {
    base_group = -1;
    base.clear();
    base.shrink_to_fit();
  };
  const auto load_baseline = [&](int group) -> const BaselineIndex* {
    if (group == base_group) return &base;
    drop_baseline();
    base_group = group;
    const auto it = cell_of.find({group, baseline});
    if (it == cell_of.end()) return &base;
    const CellFile file{scratch.file("cell", it->second), cells[it->second].rows, read_chunk};
    base.reserve(file.rows);
    file.for_each_chunk([&](std::span<const CompactRow> chunk) {
      for (const CompactRow& r : chunk)
        if (r.status == static_cast<std::uint8_t>(Status::Solved))
          base.emplace_back(map_query_key(r.map, r.query),
                            BaselineResult{r.measures.time_us, r.measures.expansions});
    });
    // A duplicated baseline run is reported as an error below; which of its values is found here
    // does not matter.
    std::sort(base.begin(), base.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    return &base;
  };

  for (std::size_t ci = 0; ci < cells.size(); ++ci) {
    const Cell& cell = cells[ci];
    out.largest_cell = std::max(out.largest_cell, cell.rows);
    const CellFile file{scratch.file("cell", ci), cell.rows, read_chunk};
    {
      std::vector<std::pair<std::uint64_t, std::uint64_t>> keys;  // (query key, line)
      keys.reserve(cell.rows);
      file.for_each_chunk([&](std::span<const CompactRow> chunk) {
        for (const CompactRow& r : chunk) keys.emplace_back(map_query_key(r.map, r.query), r.line);
      });
      std::sort(keys.begin(), keys.end());
      for (std::size_t i = 1; i < keys.size(); ++i)
        if (keys[i].first == keys[i - 1].first && (dup_line == 0 || keys[i].second < dup_line)) {
          dup_line = keys[i].second;
          dup_first = keys[i - 1].second;
          dup_map = static_cast<std::int32_t>(keys[i].first >> 32);
          dup_query = static_cast<std::int32_t>(keys[i].first & 0xffffffffu);
          dup_planner = cell.planner;
        }
    }
    release_freed_memory();
    if (dup_line != 0) continue;  // the whole summary fails: no need to aggregate
    // The baseline is loaded when the samples paired with it are read, after the growth-exponent
    // fit, and dropped after each summary, so that no fit holds it too (the two are the peaks of a
    // cell): reloading it (a read of its cell and a sort) costs little beside the bootstrap.
    const BaselineLoader b =
        baseline >= 0
            ? BaselineLoader([&load_baseline, group = cell.group] { return load_baseline(group); })
            : BaselineLoader();
    SummaryRow s;
    s.group = groups.name(cell.group);
    s.planner = planners.name(cell.planner);
    aggregate(
        file, [](const CompactRow&) { return true; }, b, opt, s);
    drop_baseline();
    out.overall.push_back(std::move(s));
    // Length classes: each row's bucket in thirds of its map's bucket range.
    for (int k = 0; k < 3; ++k) {
      const auto in_class = [&bucket_range, k](const CompactRow& r) {
        const std::pair<int, int>& range = bucket_range[static_cast<std::size_t>(r.map)];
        return std::clamp(3 * (r.bucket - range.first) / (range.second - range.first + 1), 0, 2) ==
               k;
      };
      SummaryRow l;
      l.group = groups.name(cell.group);
      l.planner = planners.name(cell.planner);
      l.length_class = kLengthClasses[k];
      if (aggregate(file, in_class, b, opt, l)) out.by_length.push_back(std::move(l));
      drop_baseline();
    }
    release_freed_memory();
  }
  if (dup_line != 0) {
    const std::string& m = maps.name(dup_map);
    const std::size_t nl = m.find('\n');
    throw InputError(runs_csv.string(), static_cast<int>(dup_line), "",
                     fmt::format("duplicate run: {}/{} planner '{}' query {} is also on line {}",
                                 m.substr(0, nl), m.substr(nl + 1), planners.name(dup_planner),
                                 dup_query, dup_first));
  }
  adjust_for_multiple_comparisons(out.overall);
  adjust_for_multiple_comparisons(out.by_length);
  return out;
}

}  // namespace pathbench
