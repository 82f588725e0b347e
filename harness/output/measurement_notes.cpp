#include "harness/output/measurement_notes.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <set>
#include <stdexcept>

namespace pathbench {
namespace {

// How each row's time was taken: repetitions, their order and batching (meta.json "experiment").
std::string timing_note(const nlohmann::json& exp) {
  const auto order = exp.find("repetition_order");
  const auto reps = exp.find("repetitions");
  if (order == exp.end() || !order->is_string() || reps == exp.end() || !reps->is_number_integer())
    return "";
  const long long r = reps->get<long long>();
  std::string note =
      r == 1 ? "one repetition per query"
      : order->get<std::string>() == "sweep"
          ? fmt::format(
                "{} repetitions per query, swept (repetition_order: sweep): each "
                "repetition solves the whole query list in scen order, so a query's "
                "repetitions are far apart; time_us is their median",
                r)
          : fmt::format(
                "{} repetitions per query back to back (repetition_order: back_to_back): "
                "a repeated query finds its search state in cache, which flatters "
                "JPS-like planners against one solve per query; time_us is their median",
                r);
  const auto min_us = exp.find("batch_min_us");
  if (min_us != exp.end() && min_us->is_number() && min_us->get<double>() > 0)
    note += fmt::format(
        "; solves under {:g} us were timed in batches (the same query k times in one clock pair, "
        "k in the batch column, at most {}), time_us is per call",
        min_us->get<double>(), exp.value("batch_max", 0));
  else if (min_us != exp.end())
    note += "; every solve timed on its own (batch_min_us: 0)";
  if (exp.value("warm_up", std::string()) == "last_query")
    note +=
        "; before timing a map's queries each planner except external ones solved the last of "
        "them once untimed, so the first timed solve, like every other, follows a solve";
  return "timing: " + note + ".";
}

std::string load_text(const nlohmann::json& v) {
  return v.is_number() ? fmt::format("{:.2f}", v.get<double>()) : "unknown";
}

// Pinning, governor and load (meta.json "cpu", written by the runner).
std::string cpu_note(const nlohmann::json& cpu) {
  if (!cpu.is_object()) return "";
  const nlohmann::json pinned = cpu.value("pinned", nlohmann::json());
  std::string note = pinned.is_number_integer()
                         ? fmt::format("pinned to core {}", pinned.get<int>())
                         : std::string("not pinned to a core (cpu: N pins one)");
  note += fmt::format(", frequency governor {}, 1-minute load average {} at start and {} at end",
                      cpu.value("governor", std::string("unknown")),
                      load_text(cpu.value("load_avg_1m_start", nlohmann::json())),
                      load_text(cpu.value("load_avg_1m_end", nlohmann::json())));
  const nlohmann::json start = cpu.value("load_avg_1m_start", nlohmann::json());
  const nlohmann::json cores = cpu.value("online_cores", nlohmann::json());
  if (start.is_number() && cores.is_number() && start.get<double>() >= cores.get<double>() - 0.5)
    note += fmt::format(" on {} cores: the machine was busy, times are noisy", cores.get<int>());
  return "cpu: " + note + ".";
}

// The distinct values of a text field over meta.json's merged.shards (cpu_model, git_commit).
std::set<std::string> shard_texts(const nlohmann::json& shards, const char* key) {
  std::set<std::string> out;
  if (shards.is_array())
    for (const nlohmann::json& shard : shards)
      if (shard.is_object() && shard.contains(key) && shard[key].is_string())
        out.insert(shard[key].get<std::string>());
  return out;
}

}  // namespace

std::vector<std::string> measurement_notes(const nlohmann::json& meta) {
  std::vector<std::string> notes;
  if (!meta.is_object()) return notes;
  if (const auto e = meta.find("experiment"); e != meta.end() && e->is_object())
    if (std::string n = timing_note(*e); !n.empty()) notes.push_back(std::move(n));
  if (const auto c = meta.find("cpu"); c != meta.end() && !meta.contains("merged"))
    if (std::string n = cpu_note(*c); !n.empty()) notes.push_back(std::move(n));
  if (const auto m = meta.find("merged"); m != meta.end() && m->is_object()) {
    const nlohmann::json shards = m->value("shards", nlohmann::json::array());
    std::set<int> pinned;
    for (const nlohmann::json& shard : shards)
      if (shard.is_object() && shard.value("cpu", nlohmann::json()).is_object())
        if (const nlohmann::json p = shard["cpu"].value("pinned", nlohmann::json());
            p.is_number_integer())
          pinned.insert(p.get<int>());
    if (!pinned.empty())
      notes.push_back(
          fmt::format("cpu: shards pinned to cores {} (each shard's governor and load "
                      "average are in meta.json merged.shards).",
                      fmt::join(pinned, ", ")));
    if (const std::set<std::string> cpus = shard_texts(shards, "cpu_model"); cpus.size() > 1)
      notes.push_back(fmt::format(
          "the shards ran on {} CPU models ({}); absolute times mix machines, per-query ratios "
          "(speedups) do not.",
          cpus.size(), fmt::join(cpus, "; ")));
    if (const std::set<std::string> commits = shard_texts(shards, "git_commit"); commits.size() > 1)
      notes.push_back(fmt::format(
          "the shards were built from {} commits ({}; merged with --allow-mixed-commits): the "
          "planners' code may differ between rows.",
          commits.size(), fmt::join(commits, "; ")));
  }
  if (const auto j = meta.find("jobs"); j != meta.end() && j->is_number_integer())
    notes.push_back(fmt::format(
        "timed in {} parallel processes on one machine (`run --jobs {}`); they share caches and "
        "memory bandwidth, so times are noisier than a single process's.",
        j->get<long long>(), j->get<long long>()));
  return notes;
}

std::string measurement_notes_text(const nlohmann::json& meta) {
  std::string text;
  for (const std::string& n : measurement_notes(meta)) text += "\nNote: " + n + "\n";
  return text;
}

}  // namespace pathbench
