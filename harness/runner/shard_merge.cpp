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
#include "harness/runner/experiment_fingerprint.h"
#include "harness/runner/experiment_manifest.h"
#include "harness/runner/resume_state.h"
#include "harness/runner/run_summaries.h"
#include "harness/runner/shard.h"
#include "harness/runner/shard_audit.h"
#include "harness/runner/staged_run.h"

namespace pathbench {
namespace fs = std::filesystem;

namespace {

// (map, planner, query): a row's place in the single run's order, maps and planners by their
// position in the experiment.
using RowKey = std::tuple<std::size_t, std::size_t, int>;

// One shard, read a row at a time: every shard's runs.csv is in the single run's order (the run
// writes maps as listed, planners as listed, queries in scen order, and a resume appends the rest
// in that order), so the merge is a k-way merge holding one row per shard.
struct ShardRun {
  fs::path dir;
  nlohmann::json meta;
  Shard shard;
  ShardExpectation expected;
  std::unique_ptr<RunsCsvStream> csv;
  // paths.jsonl when the shard saved paths: one complete line per runs.csv row, in row order
  // (a resumed shard realigns it, harness/runner/resume_state.h), read alongside.
  bool has_paths = false;
  std::ifstream paths;
  std::size_t rows = 0;  // read so far
  RunRow row;            // the current row, when `has_row`
  RowKey key;
  bool has_row = false;
};

// Copies the next path line of shard `s`, checking it is the path of its current row.
void copy_path_line(ShardRun& s, std::ostream& out) {
  const fs::path file = s.dir / "paths.jsonl";
  std::string line;
  if (!std::getline(s.paths, line) || s.paths.eof())
    throw InputError(file.string(), static_cast<int>(s.rows), "",
                     fmt::format("holds {} complete lines for at least {} rows of runs.csv: "
                                 "the shard's paths are damaged; rerun it",
                                 s.rows - 1, s.rows));
  const RunRow& row = s.row;
  const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
  const bool same = !j.is_discarded() && j.is_object() && j.value("dataset", "") == row.dataset &&
                    j.value("map", "") == row.map && j.value("planner", "") == row.planner &&
                    j.value("query", -1) == row.query;
  if (!same)
    throw InputError(file.string(), static_cast<int>(s.rows), "",
                     fmt::format("is not the path of runs.csv row {} ({}/{} query {} planner {})",
                                 s.rows + 1, row.dataset, row.map, row.query, row.planner));
  out << line << '\n';
}

// A directory with a meta.json is a shard; any other directory is searched one level down.
std::vector<fs::path> shard_dirs(const std::vector<fs::path>& inputs) {
  std::vector<fs::path> out;
  for (const fs::path& in : inputs) {
    if (std::string why = input_directory_problem(in, "shard directory"); !why.empty())
      throw InputError(in.string(), 0, "", why);
    std::error_code ec;
    if (fs::exists(in / "meta.json", ec)) {
      out.push_back(in);
      continue;
    }
    std::vector<fs::path> found;
    for (const fs::directory_entry& e : fs::directory_iterator(in, ec)) {
      if (e.is_symlink(ec) || !e.is_directory(ec)) continue;  // `latest` is a symlink
      if (e.path().extension() == ".partial")
        throw InputError(
            e.path().string(), 0, "",
            "an unfinished shard: finish it with pathbench run --resume " + e.path().string());
      if (fs::exists(e.path() / "meta.json", ec)) found.push_back(e.path());
    }
    if (found.empty()) throw InputError(in.string(), 0, "", "holds no shard run directory");
    std::sort(found.begin(), found.end());
    out.insert(out.end(), found.begin(), found.end());
  }
  return out;
}

std::string text_at(const nlohmann::json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>()
                                                                : std::string("unknown");
}

ShardRun read_shard(const fs::path& dir) {
  ShardRun s;
  s.dir = dir;
  const fs::path meta_path = dir / "meta.json";
  s.meta = read_meta(meta_path);
  s.shard = shard_from_meta(s.meta, meta_path.string());
  if (!s.shard.active())
    throw InputError(meta_path.string(), 0, "shard", "not a shard (the run had no --shard)");
  if (!s.meta["experiment"].is_object() || !s.meta["experiment"].contains("effective"))
    throw InputError(meta_path.string(), 0, "experiment.effective",
                     "missing: written by a pathbench without experiment fingerprints");
  s.expected = audit_shard_meta(dir, s.meta, s.shard);
  s.csv = std::make_unique<RunsCsvStream>(dir / "runs.csv");
  std::error_code ec;
  s.has_paths = fs::exists(fs::symlink_status(dir / "paths.jsonl", ec));
  if (s.has_paths) s.paths = open_input_file(dir / "paths.jsonl", "paths of a shard");
  return s;
}

void check_same_experiment_and_build(const std::vector<ShardRun>& shards, bool mixed_ok) {
  const ShardRun& a = shards.front();
  const nlohmann::json& ea = a.meta["experiment"]["effective"];
  for (const ShardRun& b : shards) {
    const nlohmann::json& eb = b.meta["experiment"]["effective"];
    if (eb != ea) {
      std::string what;
      for (const std::string& d : experiment_differences(ea, eb))
        what += (what.empty() ? "" : "; ") + d;
      throw InputError(b.dir.string(), 0, "",
                       "a shard of another experiment than " + a.dir.string() + ": " + what);
    }
    if (b.shard.n != a.shard.n)
      throw InputError(b.dir.string(), 0, "shard",
                       fmt::format("one of {} shards, but {} is one of {}", b.shard.n,
                                   a.dir.string(), a.shard.n));
    if (!mixed_ok && text_at(b.meta, "git_commit") != text_at(a.meta, "git_commit"))
      throw InputError(b.dir.string(), 0, "git_commit",
                       fmt::format("built from {}, but {} from {} (--allow-mixed-commits to merge "
                                   "anyway; it is recorded)",
                                   text_at(b.meta, "git_commit"), a.dir.string(),
                                   text_at(a.meta, "git_commit")));
    if (b.csv->header() != a.csv->header())
      throw InputError((b.dir / "runs.csv").string(), 1, "",
                       "its columns differ from " + (a.dir / "runs.csv").string());
    if (b.has_paths != a.has_paths)
      throw InputError((b.has_paths ? a.dir : b.dir).string(), 0, "paths.jsonl",
                       fmt::format("missing, but {} saved paths: every shard saves them or none "
                                   "(rerun this one with --save-paths)",
                                   (b.has_paths ? b.dir : a.dir).string()));
  }
  std::map<int, const ShardRun*> by_k;
  for (const ShardRun& s : shards) {
    const auto [it, fresh] = by_k.emplace(s.shard.k, &s);
    if (!fresh)
      throw InputError(s.dir.string(), 0, "shard",
                       fmt::format("shard {}/{} is given twice: also {}", s.shard.k, s.shard.n,
                                   it->second->dir.string()));
  }
  std::vector<std::string> missing;
  for (int k = 0; k < a.shard.n; ++k)
    if (!by_k.count(k)) missing.push_back(fmt::format("{}/{}", k, a.shard.n));
  if (!missing.empty())
    throw InputError("command line", 0, "",
                     fmt::format("{} of {} shards missing; run them with --shard {}",
                                 missing.size(), a.shard.n, fmt::join(missing, ", --shard ")));
}

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
  RunOptions target;
  target.out_dir = opt.out;
  target.results_root = "";
  target.overwrite = opt.overwrite;
  StagedRun run =
      opt.dirs ? StagedRun::create_at(*opt.dirs, opt.overwrite) : StagedRun::create(name, target);
  // A merge that fails removes what it staged (still holding its lock): nothing of it can be
  // resumed, and a leftover .partial would block the next merge.
  struct RemoveStagingOnFailure {
    const fs::path dir;
    bool published = false;
    ~RemoveStagingOnFailure() {
      std::error_code ec;
      if (!published) fs::remove_all(dir, ec);
    }
  } cleanup{run.staging()};

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
  nlohmann::json meta = shards.front().meta;
  meta.erase("shard");
  meta.erase("resumed");
  meta.erase("cpu");  // each shard's is in merged.shards
  nlohmann::json list = nlohmann::json::array();
  std::set<std::string> cpus, commits;
  for (const ShardRun& s : shards) {
    list.push_back({{"k", s.shard.k},
                    {"dir", fs::absolute(s.dir).lexically_normal().string()},
                    {"host", text_at(s.meta, "host")},
                    {"cpu_model", text_at(s.meta, "cpu_model")},
                    {"git_commit", text_at(s.meta, "git_commit")},
                    {"date_utc", text_at(s.meta, "date_utc")},
                    {"rows", s.rows},
                    {"cpu", s.meta.value("cpu", nlohmann::json())}});
    cpus.insert(text_at(s.meta, "cpu_model"));
    commits.insert(text_at(s.meta, "git_commit"));
  }
  std::sort(list.begin(), list.end(),
            [](const nlohmann::json& a, const nlohmann::json& b) { return a["k"] < b["k"]; });
  meta["merged"] = {{"shards", list},
                    {"date_utc", build_and_machine_info()["date_utc"]},
                    {"mixed_cpu_models", cpus.size() > 1},
                    {"mixed_commits", commits.size() > 1}};
  if (opt.jobs > 0) meta["jobs"] = opt.jobs;
  run.meta() = meta;

  SummaryOptions so;
  so.seed = effective.value("seed", std::uint64_t{1});
  so.baseline = effective.value("baseline", std::string());
  so.by = recorded_summary_by(run.meta());
  RunSummaries sums = write_run_summaries(run, name, so);
  if (sums.rows != out.rows || sums.invalid != out.invalid)
    throw std::logic_error(fmt::format("merge: {} rows ({} invalid) read back, {} ({}) written",
                                       sums.rows, sums.invalid, out.rows, out.invalid));
  out.summary = std::move(sums.overall);
  log << measurement_notes_text(run.meta());
  run.publish(log);
  cleanup.published = true;
  out.dir = run.dir();
  out.shards = shards.size();
  return out;
}

}  // namespace pathbench
