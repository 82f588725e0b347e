#include "harness/runner/shard_audit.h"

#include <fmt/format.h>

#include <algorithm>

#include "algorithms/core/input_error.h"
#include "harness/runner/experiment_fingerprint.h"

namespace pathbench {
namespace fs = std::filesystem;

ShardExpectation audit_shard_meta(const fs::path& dir, const nlohmann::json& meta,
                                  const Shard& shard) {
  const fs::path meta_path = dir / "meta.json";
  const nlohmann::json& exp = meta["experiment"];
  const nlohmann::json& effective = exp["effective"];
  const std::string recomputed = experiment_fingerprint(effective);
  const auto recorded = exp.find("fingerprint");
  if (recorded == exp.end() || !recorded->is_string() || *recorded != recomputed)
    throw InputError(meta_path.string(), 0, "experiment.fingerprint",
                     fmt::format("shard {}/{} records fingerprint {}, but the experiment it stores "
                                 "(experiment.effective) hashes to {}: its meta.json was edited "
                                 "or damaged; rerun the shard",
                                 shard.k, shard.n,
                                 recorded == exp.end() ? "none" : recorded->dump(), recomputed));
  std::size_t queries = 0, planners = 0;
  try {
    for (const nlohmann::json& m : effective.at("maps"))
      queries += m.at("queries").get<std::size_t>();
    planners = effective.at("planners").size();
  } catch (const nlohmann::json::exception& e) {
    throw InputError(meta_path.string(), 0, "experiment.effective",
                     std::string("not an experiment pathbench wrote: ") + e.what());
  }
  // Round robin over one ordinal: shard k gets the ordinals k, k + n, k + 2n, ...
  const std::size_t n = static_cast<std::size_t>(shard.n), k = static_cast<std::size_t>(shard.k);
  const std::size_t expected = (queries / n + (k < queries % n ? 1 : 0)) * planners;
  const std::string split = fmt::format(
      "shard {}/{} of this experiment ({} queries dealt round-robin, {} planners) holds {} rows",
      shard.k, shard.n, queries, planners, expected);
  const nlohmann::json& rows = meta["shard"]["rows"];
  if (!rows.is_number_unsigned() || rows.get<std::size_t>() != expected)
    throw InputError(meta_path.string(), 0, "shard.rows",
                     fmt::format("says {}, but {}: its meta.json was edited or damaged; rerun it",
                                 rows.dump(), split));
  return {expected, split};
}

void check_shard_rows(const fs::path& dir, const ShardExpectation& expected, std::size_t rows) {
  if (rows != expected.rows)
    throw InputError((dir / "runs.csv").string(), 0, "",
                     fmt::format("holds {} rows, but {}: rerun it", rows, expected.split));
}

}  // namespace pathbench
