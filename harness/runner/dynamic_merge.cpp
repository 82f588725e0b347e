#include "harness/runner/dynamic_merge.h"

#include <fmt/format.h>

#include <algorithm>

#include "algorithms/core/input_error.h"
#include "harness/output/csv_writer.h"
#include "harness/output/dynamic_csv.h"
#include "harness/output/dynamic_summary.h"
#include "harness/output/measurement_notes.h"
#include "harness/runner/dynamic_plan.h"
#include "harness/runner/merge_output.h"

namespace pathbench {

MergeOutcome merge_dynamic_shards(const MergeOptions& opt, std::vector<ShardRun>& shards,
                                  std::ostream& log) {
  const nlohmann::json& effective = shards.front().meta["experiment"]["effective"];
  const DynamicOrder order(effective);
  struct Keyed {
    DynamicKey key;
    const ShardRun* shard;
    DynamicRunRow row;
  };
  std::vector<Keyed> rows;
  for (const ShardRun& s : shards) {
    DynamicCsvReader in(s.dir / "dynamic.csv");
    std::size_t n = 0;
    for (DynamicRunRow r; in.next(r); ++n) {
      const DynamicKey key = order.key(r, in.file(), in.line());
      if (const int owner = shard_of(std::get<1>(key), Shard{0, s.shard.n}); owner != s.shard.k)
        throw InputError(
            in.file(), in.line(), "",
            fmt::format("holds agent run {}/{} #{}, which the split deals to shard "
                        "{}/{}, not to this shard {}/{}: its meta.json's shard is "
                        "wrong",
                        r.dataset, r.map, r.run, owner, s.shard.n, s.shard.k, s.shard.n));
      rows.push_back({key, &s, std::move(r)});
    }
    check_shard_rows(s.dir, s.expected, n);
  }
  // The single run's order. Each shard holds its exact count of valid keys, so the shards
  // together hold every agent run once unless one is in two of them.
  std::stable_sort(rows.begin(), rows.end(),
                   [](const Keyed& a, const Keyed& b) { return a.key < b.key; });
  for (std::size_t i = 1; i < rows.size(); ++i)
    if (rows[i].key == rows[i - 1].key)
      throw InputError(
          rows[i].shard->dir.string(), 0, "",
          fmt::format("agent run {} {}/{} #{} planner '{}' is also in {}: "
                      "overlapping shards",
                      rows[i].row.kind, rows[i].row.dataset, rows[i].row.map, rows[i].row.run,
                      rows[i].row.planner, rows[i - 1].shard->dir.string()));

  StagedRun run = create_merge_output(opt, effective["name"].get<std::string>());
  RemoveStagingOnFailure cleanup(run.staging());
  MergeOutcome out;
  out.dynamic = true;
  std::vector<DynamicRunRow> merged;
  merged.reserve(rows.size());
  {
    CsvWriter csv(run.staging() / "dynamic.csv", dynamic_columns());
    for (Keyed& k : rows) {
      csv.write(dynamic_csv_fields(k.row));
      if (!k.row.valid) ++out.invalid;
      merged.push_back(std::move(k.row));
    }
  }
  write_dynamic_summary_csv(run.staging() / "dynamic_summary.csv", merged);
  run.meta() = merged_meta(shards, opt);
  run.write_meta();
  log << measurement_notes_text(run.meta());
  run.publish(log);
  cleanup.published();
  out.dir = run.dir();
  out.rows = merged.size();
  out.shards = shards.size();
  return out;
}

}  // namespace pathbench
