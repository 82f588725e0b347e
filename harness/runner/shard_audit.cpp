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
  // The units dealt round-robin: queries, or a dynamic run's picked queries, each with all its
  // planners (and a dynamic run's kinds).
  std::size_t units = 0, rows_per_unit = 0;
  const bool dynamic = effective.contains("dynamic");
  try {
    for (const nlohmann::json& m : effective.at("maps"))
      units += m.at(dynamic ? "agent_runs" : "queries").get<std::size_t>();
    rows_per_unit = effective.at("planners").size();
    if (dynamic) rows_per_unit *= effective.at("dynamic").at("kinds").size();
  } catch (const nlohmann::json::exception& e) {
    throw InputError(meta_path.string(), 0, "experiment.effective",
                     std::string("not an experiment pathbench wrote: ") + e.what());
  }
  // Round robin over one ordinal: shard k gets the ordinals k, k + n, k + 2n, ...
  const std::size_t n = static_cast<std::size_t>(shard.n), k = static_cast<std::size_t>(shard.k);
  const std::size_t expected = (units / n + (k < units % n ? 1 : 0)) * rows_per_unit;
  const std::string split =
      dynamic ? fmt::format(
                    "shard {}/{} of this experiment ({} picked queries dealt round-robin, "
                    "{} agent runs each) holds {} rows",
                    shard.k, shard.n, units, rows_per_unit, expected)
              : fmt::format(
                    "shard {}/{} of this experiment ({} queries dealt round-robin, {} "
                    "planners) holds {} rows",
                    shard.k, shard.n, units, rows_per_unit, expected);
  const nlohmann::json& rows = meta["shard"]["rows"];
  if (!rows.is_number_unsigned() || rows.get<std::size_t>() != expected)
    throw InputError(meta_path.string(), 0, "shard.rows",
                     fmt::format("says {}, but {}: its meta.json was edited or damaged; rerun it",
                                 rows.dump(), split));
  return {expected, split, dynamic ? "dynamic.csv" : "runs.csv"};
}

void check_shard_rows(const fs::path& dir, const ShardExpectation& expected, std::size_t rows) {
  if (rows != expected.rows)
    throw InputError((dir / expected.rows_file).string(), 0, "",
                     fmt::format("holds {} rows, but {}: rerun it", rows, expected.split));
}

}  // namespace pathbench
