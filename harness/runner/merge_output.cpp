#include "harness/runner/merge_output.h"

#include <algorithm>
#include <set>

#include "harness/output/run_manifest.h"

namespace pathbench {
namespace fs = std::filesystem;

StagedRun create_merge_output(const MergeOptions& opt, const std::string& name) {
  if (opt.dirs) return StagedRun::create_at(*opt.dirs, opt.overwrite);
  RunOptions target;
  target.out_dir = opt.out;
  target.results_root = "";
  target.overwrite = opt.overwrite;
  return StagedRun::create(name, target);
}

RemoveStagingOnFailure::~RemoveStagingOnFailure() {
  std::error_code ec;
  if (!published_) fs::remove_all(dir_, ec);
}

nlohmann::json merged_meta(const std::vector<ShardRun>& shards, const MergeOptions& opt) {
  nlohmann::json meta = shards.front().meta;
  meta.erase("shard");
  meta.erase("resumed");
  meta.erase("cpu");  // each shard's is in merged.shards
  nlohmann::json list = nlohmann::json::array();
  std::set<std::string> cpus, commits;
  for (const ShardRun& s : shards) {
    list.push_back({{"k", s.shard.k},
                    {"dir", fs::absolute(s.dir).lexically_normal().string()},
                    {"host", meta_text(s.meta, "host")},
                    {"cpu_model", meta_text(s.meta, "cpu_model")},
                    {"git_commit", meta_text(s.meta, "git_commit")},
                    {"date_utc", meta_text(s.meta, "date_utc")},
                    {"rows", s.expected.rows},
                    {"cpu", s.meta.value("cpu", nlohmann::json())}});
    cpus.insert(meta_text(s.meta, "cpu_model"));
    commits.insert(meta_text(s.meta, "git_commit"));
  }
  std::sort(list.begin(), list.end(),
            [](const nlohmann::json& a, const nlohmann::json& b) { return a["k"] < b["k"]; });
  meta["merged"] = {{"shards", list},
                    {"date_utc", build_and_machine_info()["date_utc"]},
                    {"mixed_cpu_models", cpus.size() > 1},
                    {"mixed_commits", commits.size() > 1}};
  if (opt.jobs > 0) meta["jobs"] = opt.jobs;
  return meta;
}

}  // namespace pathbench
