#include "harness/runner/shard_merge.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <tuple>

#include "algorithms/core/input_error.h"
#include "datasets/input_file.h"
#include "datasets/output_file.h"
#include "harness/output/csv_writer.h"
#include "harness/output/measurement_notes.h"
#include "harness/output/run_manifest.h"
#include "harness/output/runs_csv_reader.h"
#include "harness/runner/dynamic_merge.h"
#include "harness/runner/experiment_fingerprint.h"
#include "harness/runner/experiment_manifest.h"
#include "harness/runner/merge_output.h"
#include "harness/runner/resume_state.h"
#include "harness/runner/run_summaries.h"
#include "harness/runner/shard.h"
#include "harness/runner/shard_audit.h"
#include "harness/runner/shard_inputs.h"
#include "harness/runner/staged_run.h"

namespace pathbench {
namespace fs = std::filesystem;

namespace {

// The output may not be, hold or lie inside any input: replacing it would destroy what is read.
void check_output_apart(const MergeOptions& opt, const std::vector<fs::path>& shards) {
  const fs::path out = opt.dirs ? opt.dirs->dir : resolve_dir_path(opt.out, "--out");
  const fs::path staging = out.string() + ".partial";
  std::vector<fs::path> inputs = shards;
  inputs.insert(inputs.end(), opt.inputs.begin(), opt.inputs.end());
  for (const fs::path& given : inputs) {
    const fs::path in = resolve_dir_path(given, "shards");
    for (const fs::path& o : {out, staging})
      if (path_is_within(o, in) || path_is_within(in, o))
        throw InputError(out.string(), 0, "--out",
                         fmt::format("{} the input {}: write the merge to a folder apart from "
                                     "its shards",
                                     o == in                 ? "is"
                                     : path_is_within(o, in) ? "lies inside"
                                                             : "holds",
                                     in.string()));
  }
}

}  // namespace

MergeOutcome merge_shards(const MergeOptions& opt, std::ostream& log) {
  // 1. Every shard's meta.json is read and checked before the output directory exists. The
  // inputs are locked (shared) until the merge is published, so no run, resume or report changes
  // them.
  const std::vector<fs::path> dirs = shard_dirs(opt.inputs);
  check_output_apart(opt, dirs);
  std::vector<RunLock> input_locks;
  for (const fs::path& d : dirs)
    input_locks.push_back(RunLock::acquire(d, "shard directory", RunLock::Mode::Shared));
  std::vector<ShardRun> shards;
  shards.reserve(dirs.size());
  for (const fs::path& d : dirs) shards.push_back(read_shard(d));
  check_same_experiment_and_build(shards, opt.allow_mixed_commits);
  const nlohmann::json& effective = shards.front().meta["experiment"]["effective"];
  if (effective.contains("dynamic")) return merge_dynamic_shards(opt, shards, log);

  // 2. The single run's order: maps as listed, then planners as listed, then queries.
  std::map<std::pair<std::string, std::string>, std::size_t> map_pos;
  std::vector<std::size_t> map_queries, first_ordinal;
  for (const nlohmann::json& m : effective["maps"]) {
    map_pos[{m["dataset"].get<std::string>(), m["map"].get<std::string>()}] = map_queries.size();
    first_ordinal.push_back(first_ordinal.empty() ? 0 : first_ordinal.back() + map_queries.back());
    map_queries.push_back(m["queries"].get<std::size_t>());
  }
  std::map<std::string, std::size_t> planner_pos;
  for (const nlohmann::json& p : effective["planners"])
    planner_pos[p["label"].get<std::string>()] = planner_pos.size();
  const std::size_t planners = planner_pos.size();
  const auto advance = [&](ShardRun& s) {
    s.has_row = s.csv->next(s.row);
    if (!s.has_row) return;
    const auto m = map_pos.find({s.row.dataset, s.row.map});
    const auto p = planner_pos.find(s.row.planner);
    if (m == map_pos.end() || p == planner_pos.end())
      throw InputError(s.csv->file(), s.csv->line(), "",
                       fmt::format("row {}/{} planner '{}' is not in the experiment", s.row.dataset,
                                   s.row.map, s.row.planner));
    const RowKey key{m->second, p->second, s.row.query};
    if (s.rows > 0 && !(s.key < key))
      throw InputError(
          s.csv->file(), s.csv->line(), "",
          key == s.key ? fmt::format("query {} of {}/{} planner '{}' is in this shard twice",
                                     s.row.query, s.row.dataset, s.row.map, s.row.planner)
                       : std::string("rows out of the run's order (maps as listed, then planners, "
                                     "then queries): not a runs.csv that pathbench run wrote"));
    s.key = key;
    ++s.rows;
  };

  // 3. Write like a run: staging beside the final directory, published complete or not at all.
  const std::string name = effective["name"].get<std::string>();
  StagedRun run = create_merge_output(opt, name);
  RemoveStagingOnFailure cleanup(run.staging());

  // 4. The k-way merge: the shard with the smallest key gives the next row, checked as it goes
  // by what the experiment says: no run twice, each query in the shard the split deals it to.
  MergeOutcome out;
  std::vector<std::size_t> per_map_planner(map_queries.size() * planners, 0);
  std::vector<int> ids;  // the current map's queries, as planner 0's rows give them (sorted)
  std::size_t ids_map = map_queries.size();
  std::optional<InputError> misdealt;
  {
    const std::vector<std::string> extras(*shards.front().csv->extra_columns());
    RunCsvWriter csv(run.staging() / "runs.csv", extras);
    std::unique_ptr<AtomicOutputFile> paths;
    if (shards.front().has_paths)
      paths = std::make_unique<AtomicOutputFile>(run.staging() / "paths.jsonl");
    const auto later = [&](std::size_t a, std::size_t b) { return shards[b].key < shards[a].key; };
    std::vector<std::size_t> heap;
    for (std::size_t i = 0; i < shards.size(); ++i) {
      advance(shards[i]);
      if (shards[i].has_row) heap.push_back(i);
    }
    std::make_heap(heap.begin(), heap.end(), later);
    const ShardRun* previous = nullptr;
    RowKey previous_key;
    while (!heap.empty()) {
      std::pop_heap(heap.begin(), heap.end(), later);
      ShardRun& s = shards[heap.back()];
      const RunRow& r = s.row;
      const auto [m, p, query] = s.key;
      if (previous && s.key == previous_key)
        throw InputError(s.dir.string(), 0, "",
                         fmt::format("query {} of {}/{} planner '{}' is also in {}: overlapping "
                                     "shards",
                                     query, r.dataset, r.map, r.planner, previous->dir.string()));
      previous = &s;
      previous_key = s.key;
      const std::size_t rank = per_map_planner[m * planners + p]++;
      if (m != ids_map) {
        ids.clear();
        ids_map = m;
      }
      std::size_t ordinal = first_ordinal[m] + rank;
      if (p == 0) {
        ids.push_back(query);
      } else {
        ordinal =
            first_ordinal[m] +
            static_cast<std::size_t>(std::lower_bound(ids.begin(), ids.end(), query) - ids.begin());
      }
      // A meta.json whose shard number was edited (or two shards' folders swapped) would
      // otherwise pass every count. Kept for the end: a missing or extra row shifts the ranks,
      // and then the counts below are the truer message.
      if (const int owner = shard_of(ordinal, Shard{0, s.shard.n}); owner != s.shard.k && !misdealt)
        misdealt = InputError(
            s.csv->file(), s.csv->line(), "",
            fmt::format("holds query {} of {}/{}, which the split deals to "
                        "shard {}/{}, not to this shard {}/{}: its meta.json's "
                        "shard is wrong",
                        query, r.dataset, r.map, owner, s.shard.n, s.shard.k, s.shard.n));
      if (paths) copy_path_line(s, paths->stream());
      csv.write(r);
      ++out.rows;
      if (failed_validation(r)) ++out.invalid;
      advance(s);
      if (s.has_row) {
        std::push_heap(heap.begin(), heap.end(), later);
      } else {
        heap.pop_back();
      }
    }
    for (ShardRun& s : shards) {
      check_shard_rows(s.dir, s.expected, s.rows);
      std::string extra;
      if (s.has_paths && std::getline(s.paths, extra))
        throw InputError((s.dir / "paths.jsonl").string(), static_cast<int>(s.rows + 1), "",
                         fmt::format("holds more lines than the {} rows of runs.csv: the shard's "
                                     "paths are damaged; rerun it",
                                     s.rows));
    }
    for (std::size_t m = 0; m < map_queries.size(); ++m)
      for (std::size_t p = 0; p < planners; ++p)
        if (per_map_planner[m * planners + p] != map_queries[m])
          throw InputError(
              "command line", 0, "",
              fmt::format("the shards hold {} rows for {}/{} planner {}, the experiment "
                          "has {} queries there",
                          per_map_planner[m * planners + p],
                          effective["maps"][m]["dataset"].get<std::string>(),
                          effective["maps"][m]["map"].get<std::string>(),
                          effective["planners"][p]["label"].get<std::string>(), map_queries[m]));
    if (misdealt) throw *misdealt;
    if (paths) paths->commit();
  }

  // 5. meta.json, then the summaries streamed back from the merged runs.csv.
  run.meta() = merged_meta(shards, opt);

  SummaryOptions so;
  so.seed = effective.value("seed", std::uint64_t{1});
  so.baseline = effective.value("baseline", std::string());
  so.by = recorded_summary_by(run.meta());
  out.summary = write_run_summaries(run, name, so);
  log << measurement_notes_text(run.meta());
  run.publish(log);
  cleanup.published();
  out.dir = run.dir();
  out.shards = shards.size();
  return out;
}

}  // namespace pathbench
