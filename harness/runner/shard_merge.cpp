#include "harness/runner/shard_merge.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <map>
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
#include "harness/runner/shard.h"
#include "harness/runner/shard_audit.h"
#include "harness/runner/staged_run.h"

namespace pathbench {
namespace fs = std::filesystem;

namespace {

struct ShardRun {
  fs::path dir;
  nlohmann::json meta;
  Shard shard;
  RunsCsv runs;
  // paths.jsonl when the shard saved paths: where each row's line starts (one more entry: the
  // end), so the merge copies lines in the merged order without holding the paths in memory.
  bool has_paths = false;
  std::vector<std::uint64_t> path_offsets;
};

// Indexes a shard's paths.jsonl: one complete line per runs.csv row (a resumed shard realigns
// it, harness/runner/resume_state.h), so any other count is a damaged shard.
void index_paths(ShardRun& s) {
  const fs::path file = s.dir / "paths.jsonl";
  std::error_code ec;
  s.has_paths = fs::exists(fs::symlink_status(file, ec));
  if (!s.has_paths) return;
  std::ifstream in = open_input_file(file, "paths of a shard");
  s.path_offsets.assign(1, 0);
  std::uint64_t offset = 0;
  char buf[1 << 16];
  while (in.read(buf, sizeof buf), in.gcount() > 0) {
    for (std::streamsize i = 0; i < in.gcount(); ++i)
      if (buf[i] == '\n') s.path_offsets.push_back(offset + static_cast<std::uint64_t>(i) + 1);
    offset += static_cast<std::uint64_t>(in.gcount());
  }
  const std::size_t lines = s.path_offsets.size() - 1;
  if (lines != s.runs.rows.size() || s.path_offsets.back() != offset)
    throw InputError(file.string(), static_cast<int>(lines + 1), "",
                     fmt::format("holds {} complete lines for {} rows of runs.csv: the shard's "
                                 "paths are damaged; rerun it",
                                 lines, s.runs.rows.size()));
}

// Copies the path line of `row` (row `i` of shard `s`), checking it is that row's path.
void copy_path_line(const ShardRun& s, std::ifstream& in, std::size_t i, const RunRow& row,
                    std::ostream& out) {
  const std::uint64_t begin = s.path_offsets[i], end = s.path_offsets[i + 1];
  std::string line(static_cast<std::size_t>(end - begin), '\0');
  in.seekg(static_cast<std::streamoff>(begin));
  in.read(line.data(), static_cast<std::streamsize>(line.size()));
  const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
  const bool same = !j.is_discarded() && j.is_object() && j.value("dataset", "") == row.dataset &&
                    j.value("map", "") == row.map && j.value("planner", "") == row.planner &&
                    j.value("query", -1) == row.query;
  if (!same)
    throw InputError((s.dir / "paths.jsonl").string(), static_cast<int>(i + 1), "",
                     fmt::format("is not the path of runs.csv row {} ({}/{} query {} planner {})",
                                 i + 2, row.dataset, row.map, row.query, row.planner));
  out.write(line.data(), static_cast<std::streamsize>(line.size()));
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
  s.runs = read_runs_csv(dir / "runs.csv");
  audit_shard_files(dir, s.meta, s.shard, s.runs);
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
    if (b.runs.header != a.runs.header)
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
  // 1. Everything is read and checked before the output directory exists. The inputs are
  // locked (shared) until the merge is published, so no run, resume or report changes them.
  const std::vector<fs::path> dirs = shard_dirs(opt.inputs);
  check_output_apart(opt, dirs);
  std::vector<RunLock> input_locks;
  for (const fs::path& d : dirs)
    input_locks.push_back(RunLock::acquire(d, "shard directory", RunLock::Mode::Shared));
  std::vector<ShardRun> shards;
  for (const fs::path& d : dirs) {
    shards.push_back(read_shard(d));
    index_paths(shards.back());
  }
  check_same_experiment_and_build(shards, opt.allow_mixed_commits);
  const nlohmann::json& effective = shards.front().meta["experiment"]["effective"];

  // 2. The single run's order: maps as listed, then planners as listed, then queries.
  std::map<std::pair<std::string, std::string>, std::size_t> map_pos;
  std::vector<std::size_t> map_queries;
  for (const nlohmann::json& m : effective["maps"]) {
    map_pos[{m["dataset"].get<std::string>(), m["map"].get<std::string>()}] = map_queries.size();
    map_queries.push_back(m["queries"].get<std::size_t>());
  }
  std::map<std::string, std::size_t> planner_pos;
  for (const nlohmann::json& p : effective["planners"])
    planner_pos[p["label"].get<std::string>()] = planner_pos.size();
  struct Keyed {
    std::tuple<std::size_t, std::size_t, int> key;
    const RunRow* row;
    const ShardRun* shard;
  };
  std::vector<Keyed> all;
  for (const ShardRun& s : shards)
    for (const RunRow& r : s.runs.rows) {
      const auto m = map_pos.find({r.dataset, r.map});
      const auto p = planner_pos.find(r.planner);
      if (m == map_pos.end() || p == planner_pos.end())
        throw InputError((s.dir / "runs.csv").string(), 0, "",
                         fmt::format("row {}/{} planner '{}' is not in the experiment", r.dataset,
                                     r.map, r.planner));
      all.push_back({{m->second, p->second, r.query}, &r, &s});
    }
  std::stable_sort(all.begin(), all.end(),
                   [](const Keyed& a, const Keyed& b) { return a.key < b.key; });
  std::vector<std::size_t> per_map_planner(map_queries.size() * planner_pos.size(), 0);
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (i > 0 && all[i].key == all[i - 1].key)
      throw InputError(
          all[i].shard->dir.string(), 0, "",
          fmt::format("query {} of {}/{} planner '{}' is also in {}: overlapping shards",
                      all[i].row->query, all[i].row->dataset, all[i].row->map, all[i].row->planner,
                      all[i - 1].shard->dir.string()));
    ++per_map_planner[std::get<0>(all[i].key) * planner_pos.size() + std::get<1>(all[i].key)];
  }
  for (std::size_t m = 0; m < map_queries.size(); ++m)
    for (std::size_t p = 0; p < planner_pos.size(); ++p)
      if (per_map_planner[m * planner_pos.size() + p] != map_queries[m])
        throw InputError(
            "command line", 0, "",
            fmt::format("the shards hold {} rows for {}/{} planner {}, the experiment "
                        "has {} queries there",
                        per_map_planner[m * planner_pos.size() + p],
                        effective["maps"][m]["dataset"].get<std::string>(),
                        effective["maps"][m]["map"].get<std::string>(),
                        effective["planners"][p]["label"].get<std::string>(), map_queries[m]));
  // Each shard must hold the queries the split deals it: a meta.json whose shard number was
  // edited (or two shards' folders swapped) would otherwise pass every count above.
  std::vector<std::vector<int>> ids(map_queries.size());
  for (const Keyed& k : all)
    if (std::get<1>(k.key) == 0) ids[std::get<0>(k.key)].push_back(k.row->query);
  const ShardSplit split(std::move(ids), shards.front().shard.n);
  for (const Keyed& k : all)
    if (const int owner = split.shard_of_query(std::get<0>(k.key), k.row->query);
        owner != k.shard->shard.k)
      throw InputError((k.shard->dir / "runs.csv").string(), 0, "",
                       fmt::format("holds query {} of {}/{}, which the split deals to shard {}/{}, "
                                   "not to this shard {}/{}: its meta.json's shard is wrong",
                                   k.row->query, k.row->dataset, k.row->map, owner,
                                   k.shard->shard.n, k.shard->shard.k, k.shard->shard.n));

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
  std::vector<std::string> extras(shards.front().runs.extra_columns->begin(),
                                  shards.front().runs.extra_columns->end());
  std::vector<RunRow> rows;
  rows.reserve(all.size());
  {
    RunCsvWriter csv(run.staging() / "runs.csv", extras);
    for (const Keyed& k : all) {
      csv.write(*k.row);
      rows.push_back(*k.row);
    }
  }
  if (shards.front().has_paths) {
    const fs::path file = run.staging() / "paths.jsonl";
    AtomicOutputFile out(file);
    std::map<const ShardRun*, std::ifstream> in;
    for (const ShardRun& s : shards) in[&s] = open_input_file(s.dir / "paths.jsonl", "paths");
    for (const Keyed& k : all)
      copy_path_line(*k.shard, in[k.shard],
                     static_cast<std::size_t>(k.row - k.shard->runs.rows.data()), *k.row,
                     out.stream());
    out.commit();
  }
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
                    {"rows", s.runs.rows.size()},
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
  meta["bad_queries"] = bad_query_counts(rows);
  run.meta() = meta;
  run.write_meta();

  SummaryOptions so;
  so.seed = effective.value("seed", std::uint64_t{1});
  so.baseline = effective.value("baseline", std::string());
  so.by = recorded_summary_by(run.meta());
  MergeOutcome out;
  const std::string notes = measurement_notes_text(meta);
  out.summary = write_summaries(run.staging(), name, rows, so, notes);
  log << notes;
  run.publish(log);
  cleanup.published = true;
  out.dir = run.dir();
  out.rows = rows.size();
  out.shards = shards.size();
  for (const RunRow& r : rows)
    if (failed_validation(r)) ++out.invalid;
  return out;
}

}  // namespace pathbench
