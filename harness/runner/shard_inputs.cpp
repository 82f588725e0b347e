#include "harness/runner/shard_inputs.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <system_error>

#include "algorithms/core/input_error.h"
#include "datasets/input_file.h"
#include "harness/output/run_manifest.h"
#include "harness/runner/experiment_fingerprint.h"
#include "harness/runner/resume_state.h"

namespace pathbench {
namespace fs = std::filesystem;

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

std::string meta_text(const nlohmann::json& j, const char* key) {
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
  // A dynamic run's agent runs are read whole by its merge (harness/runner/dynamic_merge.h).
  if (s.expected.rows_file != "runs.csv") return s;
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
    if (!mixed_ok && meta_text(b.meta, "git_commit") != meta_text(a.meta, "git_commit"))
      throw InputError(b.dir.string(), 0, "git_commit",
                       fmt::format("built from {}, but {} from {} (--allow-mixed-commits to merge "
                                   "anyway; it is recorded)",
                                   meta_text(b.meta, "git_commit"), a.dir.string(),
                                   meta_text(a.meta, "git_commit")));
    if (a.csv && b.csv && b.csv->header() != a.csv->header())
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

}  // namespace pathbench
