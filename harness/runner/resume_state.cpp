#include "harness/runner/resume_state.h"

#include <fmt/format.h>
#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "algorithms/core/input_error.h"
#include "datasets/output_file.h"
#include "harness/output/csv_writer.h"
#include "harness/output/run_manifest.h"
#include "harness/runner/cpu_pinning.h"
#include "harness/runner/experiment_fingerprint.h"
#include "harness/runner/experiment_manifest.h"
#include "harness/runner/staged_run.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;

std::string read_whole_file(const fs::path& path, const char* field) {
  std::error_code ec;
  if (!fs::is_regular_file(fs::symlink_status(path, ec)))
    throw InputError(path.string(), 0, field, "missing or not a regular file; cannot resume");
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  if (!in && !in.eof()) throw InputError(path.string(), 0, field, "cannot be read");
  return ss.str();
}

}  // namespace

void prepare_interrupted_csv(const fs::path& csv_path, const std::vector<std::string>& header) {
  std::error_code ec;
  if (!fs::is_regular_file(fs::symlink_status(csv_path, ec)))
    throw InputError(csv_path.string(), 0, "--resume",
                     "missing or not a regular file; cannot resume");
  std::ifstream in(csv_path, std::ios::binary | std::ios::ate);
  const auto size = static_cast<std::uint64_t>(std::max<std::streamoff>(0, in.tellg()));
  // Back from the end to the last newline, a block at a time (the file may be gigabytes).
  std::uint64_t end = size;
  std::string block;
  bool found_newline = false;
  while (end > 0 && !found_newline) {
    const std::uint64_t begin = end > 65536 ? end - 65536 : 0;
    block.resize(static_cast<std::size_t>(end - begin));
    in.seekg(static_cast<std::streamoff>(begin));
    in.read(block.data(), static_cast<std::streamsize>(block.size()));
    if (!in) throw InputError(csv_path.string(), 0, "--resume", "cannot be read");
    const std::size_t nl = block.rfind('\n');
    if (nl != std::string::npos) {
      end = begin + nl + 1;
      found_newline = true;
    } else {
      end = begin;
    }
  }
  if (!found_newline)
    throw InputError(csv_path.string(), 1, "--resume", "has no complete header line");
  in.close();
  if (end != size) fs::resize_file(csv_path, end);
  std::ifstream text(csv_path, std::ios::binary);
  CsvRecordReader reader(text);
  std::vector<std::string> found;
  if (!reader.next(found) || found != header)
    throw InputError(csv_path.string(), 1, "--resume",
                     "its columns do not match this config's; cannot resume");
}

void record_resumption(StagedRun& run, std::size_t rows_kept) {
  nlohmann::json& meta = run.meta();
  try {
    if (meta.value("run_dir", nlohmann::json::object()).value("default", false))
      run.follow_latest();
  } catch (const nlohmann::json::exception& e) {
    throw InputError(run.meta_path().string(), 0, "--resume", e.what());
  }
  const nlohmann::json now = build_and_machine_info();
  meta["resumed"].push_back(
      {{"date_utc", now["date_utc"]}, {"git_commit", now["git_commit"]}, {"rows_kept", rows_kept}});
  run.write_meta();
}

// paths.jsonl holds one line per runs.csv row, written before the row. After a kill at any
// moment the two may disagree at the tail (a path without its row, a cut line). Keeps the rows
// that have a path and exactly one path per kept row, in row order; rows without a path are run
// again. Rewrites the files only when something changes, and says so.
void align_paths_with_rows(const fs::path& staging, RunsCsv& previous,
                           const std::vector<std::string>& extra_columns, std::ostream& log) {
  const fs::path paths_path = staging / "paths.jsonl";
  const std::string text = read_whole_file(paths_path, "--resume");
  std::map<RunKey, std::string> path_of;
  std::size_t complete_lines = 0;
  for (std::size_t pos = 0; pos < text.size();) {
    const std::size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) break;  // a line cut by the crash
    const std::string line = text.substr(pos, nl - pos);
    pos = nl + 1;
    ++complete_lines;
    const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) continue;
    try {
      path_of.try_emplace({j.at("dataset").get<std::string>(), j.at("map").get<std::string>(),
                           j.at("planner").get<std::string>(), j.at("query").get<int>()},
                          line);
    } catch (const nlohmann::json::exception&) {
      // Not a line of ours: its row, if any, is run again.
    }
  }
  std::vector<RunRow> kept;
  std::string aligned;
  for (RunRow& r : previous.rows) {
    const auto it = path_of.find({r.dataset, r.map, r.planner, r.query});
    if (it == path_of.end()) continue;
    aligned += it->second + '\n';
    kept.push_back(std::move(r));
  }
  const std::size_t dropped_rows = previous.rows.size() - kept.size();
  previous.rows = std::move(kept);
  if (aligned == text) return;
  write_file_atomically(paths_path, aligned);
  if (dropped_rows > 0) {
    const fs::path tmp = staging / "runs.csv.tmp";
    {
      RunCsvWriter w(tmp, extra_columns);
      for (const RunRow& r : previous.rows) w.write(r);
    }
    fs::rename(tmp, staging / "runs.csv");
  }
  log << fmt::format(
      "repaired the tail of paths.jsonl: {} rows without a saved path will run again, {} "
      "extra path lines dropped\n",
      dropped_rows, complete_lines - previous.rows.size());
}

void DoneRuns::add(const RunRow& row) {
  by_cell_[{row.dataset, row.map, row.planner}].push_back(row.query);
  ++size_;
}

std::optional<RunKey> DoneRuns::seal() {
  std::optional<RunKey> twice;
  for (auto& [cell, ids] : by_cell_) {
    std::sort(ids.begin(), ids.end());
    const auto it = std::adjacent_find(ids.begin(), ids.end());
    if (it != ids.end() && !twice)
      twice = RunKey{std::get<0>(cell), std::get<1>(cell), std::get<2>(cell), *it};
  }
  return twice;
}

const std::vector<int>& DoneRuns::of(const std::string& dataset, const std::string& map,
                                     const std::string& planner) const {
  static const std::vector<int> kNone;
  const auto it = by_cell_.find({dataset, map, planner});
  return it == by_cell_.end() ? kNone : it->second;
}

nlohmann::json read_meta(const fs::path& path) {
  const std::string text = read_whole_file(path, "--resume");
  nlohmann::json meta = nlohmann::json::parse(text, nullptr, false);
  if (meta.is_discarded() || !meta.is_object() || !meta.contains("experiment") ||
      !meta["experiment"].is_object())
    throw InputError(path.string(), 0, "--resume", "not a meta.json written by pathbench");
  return meta;
}

// Refuses to resume with anything but the experiment that was started.
void check_same_experiment(const fs::path& meta_path, const nlohmann::json& meta,
                           const nlohmann::json& effective) {
  const nlohmann::json& exp = meta["experiment"];
  if (!exp.contains("fingerprint") || !exp["fingerprint"].is_string() || !exp.contains("effective"))
    throw InputError(meta_path.string(), 0, "experiment.fingerprint",
                     "this run records no experiment fingerprint (written by an older "
                     "pathbench), so resuming cannot be checked; start it again");
  if (exp["fingerprint"].get<std::string>() == experiment_fingerprint(effective)) return;
  std::vector<std::string> diffs = experiment_differences(exp["effective"], effective);
  if (diffs.empty()) diffs.push_back("the recorded fingerprint does not match");
  throw InputError(meta_path.string(), 0, "--resume",
                   fmt::format("this is not the experiment that was started ({}); run it as a "
                               "new experiment instead",
                               fmt::join(diffs, "; ")));
}

ExperimentConfig config_of_interrupted_run(const fs::path& resume_dir) {
  const StagedRun run = StagedRun::reopen(resume_dir);
  const nlohmann::json& meta = run.meta();
  if (!meta.contains("config_text") || !meta["config_text"].is_string())
    throw InputError(run.meta_path().string(), 0, "config_text",
                     "no recorded config; pass the config file");
  std::string config_file;
  if (const auto it = meta["experiment"].find("config_file");
      it != meta["experiment"].end() && it->is_string())
    config_file = it->get<std::string>();
  return parse_experiment(meta["config_text"].get<std::string>(), config_file, default_repo_root());
}

Shard resumed_shard(const StagedRun& run, const Shard& requested) {
  const Shard was = shard_from_meta(run.meta(), run.meta_path().string());
  if (requested.active() && requested != was)
    throw InputError("command line", 0, "--shard",
                     fmt::format("the interrupted run is shard {}/{}, not {}/{}", was.k, was.n,
                                 requested.k, requested.n));
  return was;
}

RunStart reopen_if_resuming(const RunOptions& opt) {
  RunStart start;
  start.shard = opt.shard;
  if (!opt.resume_dir.empty()) {
    start.run = StagedRun::reopen(opt.resume_dir);
    start.shard = resumed_shard(*start.run, opt.shard);
  }
  return start;
}

StagedRun& open_for_rows(RunStart& start, const std::string& name, const RunOptions& options,
                         int pinned_cpu, const std::function<nlohmann::json()>& new_manifest) {
  nlohmann::json cpu = cpu_facts_at_start(pinned_cpu);
  if (start.resuming()) {
    start.run->meta()["resumed"].back()["cpu"] = std::move(cpu);
  } else {
    start.run = StagedRun::create(name, options);
    start.run->meta() = new_manifest();
    start.run->meta()["cpu"] = std::move(cpu);
  }
  start.run->write_meta();
  return *start.run;
}

ResumePoint resume_point(StagedRun& run, const nlohmann::json& effective,
                         const std::vector<ActivePlanner>& planners,
                         const std::vector<MapInstance>& maps,
                         const std::vector<std::string>& extra_columns, bool save_paths,
                         std::ostream& log) {
  const fs::path meta_path = run.meta_path();
  const fs::path& staging = run.staging();
  nlohmann::json& meta = run.meta();
  check_same_experiment(meta_path, meta, effective);
  ResumePoint point;
  const fs::path csv_path = staging / "runs.csv";
  std::vector<std::string> header(kRunColumns.begin(), kRunColumns.end());
  header.insert(header.end(), extra_columns.begin(), extra_columns.end());
  prepare_interrupted_csv(csv_path, header);
  std::set<std::tuple<std::string, std::string, std::string>> known;
  for (const MapInstance& m : maps)
    for (const ActivePlanner& p : planners) known.emplace(m.dataset, m.map_name, p.config->label);
  const auto keep = [&](const RunRow& r) {
    if (!known.count({r.dataset, r.map, r.planner}))
      throw InputError(csv_path.string(), 0, "--resume",
                       fmt::format("row for {}/{} planner '{}' is not in this config; "
                                   "cannot resume",
                                   r.dataset, r.map, r.planner));
    point.done.add(r);
    if (failed_validation(r)) ++point.previous_invalid;
  };
  // Paths: one per row, always. A run that saved them goes on saving them; one that did not
  // cannot start now (its earlier rows would have none).
  std::error_code ec;
  const bool had_paths = fs::exists(fs::symlink_status(staging / "paths.jsonl", ec));
  if (had_paths) {
    // Aligning rows with their paths needs both in memory (only runs that save paths).
    RunsCsv previous = read_runs_csv(csv_path);
    align_paths_with_rows(staging, previous, extra_columns, log);
    for (const RunRow& r : previous.rows) keep(r);
  } else {
    RunsCsvStream in(csv_path);
    RunRow r;
    while (in.next(r)) keep(r);
  }
  if (const std::optional<RunKey> twice = point.done.seal()) {
    // Found after the fact (the ids are kept without their lines): the file is read again for
    // the two lines, to name them as read_runs_csv does.
    RunsCsvStream in(csv_path);
    RunRow r;
    int first = 0;
    while (in.next(r)) {
      if (RunKey{r.dataset, r.map, r.planner, r.query} != *twice) continue;
      if (first == 0) {
        first = in.line();
        continue;
      }
      throw InputError(csv_path.string(), in.line(), "",
                       fmt::format("duplicate run: {}/{} planner '{}' query {} is also on line {}",
                                   r.dataset, r.map, r.planner, r.query, first));
    }
  }
  if (save_paths && !had_paths && point.done.size() > 0)
    throw InputError(staging.string(), 0, "--save-paths",
                     "the interrupted run did not save paths; resume it without --save-paths");
  if (had_paths && !save_paths)
    log << "the interrupted run saved paths: paths.jsonl is continued\n";
  point.save_paths = save_paths || had_paths;
  try {
    point.summary_by = recorded_summary_by(meta);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(meta_path.string(), 0, "--resume", e.what());
  }
  record_resumption(run, point.done.size());
  return point;
}

}  // namespace pathbench
