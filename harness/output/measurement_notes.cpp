#include "harness/output/measurement_notes.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <fstream>
#include <set>
#include <stdexcept>

namespace pathbench {

std::vector<std::string> measurement_notes(const nlohmann::json& meta) {
  std::vector<std::string> notes;
  if (!meta.is_object()) return notes;
  if (const auto m = meta.find("merged"); m != meta.end() && m->is_object()) {
    std::set<std::string> cpus;
    if (const auto s = m->find("shards"); s != m->end() && s->is_array())
      for (const nlohmann::json& shard : *s)
        if (shard.is_object() && shard.contains("cpu_model") && shard["cpu_model"].is_string())
          cpus.insert(shard["cpu_model"].get<std::string>());
    if (cpus.size() > 1)
      notes.push_back(fmt::format(
          "the shards ran on {} CPU models ({}); absolute times mix machines, per-query ratios "
          "(speedups) do not.",
          cpus.size(), fmt::join(cpus, "; ")));
  }
  if (const auto j = meta.find("jobs"); j != meta.end() && j->is_number_integer())
    notes.push_back(fmt::format(
        "timed in {} parallel processes on one machine (`run --jobs {}`); they share caches and "
        "memory bandwidth, so times are noisier than a single process's.",
        j->get<long long>(), j->get<long long>()));
  return notes;
}

std::string append_measurement_notes(const std::filesystem::path& dir, const nlohmann::json& meta) {
  std::string text;
  for (const std::string& n : measurement_notes(meta)) text += "\nNote: " + n + "\n";
  if (text.empty()) return text;
  std::ofstream md(dir / "summary.md", std::ios::app);
  md << text;
  if (!md) throw std::runtime_error("write failed: " + (dir / "summary.md").string());
  return text;
}

}  // namespace pathbench
