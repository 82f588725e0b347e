#include "harness/runner/parallel_run.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <thread>

#include "algorithms/core/input_error.h"
#include "datasets/input_file.h"
#include "harness/output/run_directory.h"
#include "harness/output/run_lock.h"
#include "harness/output/run_manifest.h"
#include "harness/runner/cpu_pinning.h"
#include "harness/runner/dynamic_plan.h"
#include "harness/runner/exit_codes.h"
#include "harness/runner/run_progress.h"
#include "harness/runner/run_setup.h"
#include "harness/runner/shard.h"
#include "harness/runner/shard_merge.h"
#include "harness/runner/shard_process.h"
#include "harness/runner/stop_signal.h"

namespace pathbench {
namespace fs = std::filesystem;

namespace {

// What `--resume <dir>.jobs` needs: written once before the first child starts.
struct WorkPlan {
  int jobs = 0;
  fs::path config_file;
  RunDirs dirs;
  bool save_paths = false, overwrite = false;
  std::vector<std::size_t> shard_rows;  // expected rows of each shard (progress)
  std::string rows_file = "runs.csv";   // dynamic.csv for a dynamic experiment
  int cpu = -1;  // `cpu: N` / --cpu N: shard k on core N + k (-1: one allowed core each)
};

fs::path work_dir_of(const RunDirs& dirs) { return dirs.dir.string() + ".jobs"; }
fs::path shard_dir(const fs::path& work, int k) { return work / fmt::format("shard-{}", k); }
fs::path shard_log(const fs::path& work, int k) { return work / fmt::format("shard-{}.log", k); }

void write_plan(const fs::path& work, const WorkPlan& p) {
  write_json_file(work / "jobs.json", {{"jobs", p.jobs},
                                       {"config_file", p.config_file.string()},
                                       {"dir", p.dirs.dir.string()},
                                       {"latest", p.dirs.latest.string()},
                                       {"save_paths", p.save_paths},
                                       {"overwrite", p.overwrite},
                                       {"shard_rows", p.shard_rows},
                                       {"rows_file", p.rows_file},
                                       {"cpu", p.cpu}});
}

WorkPlan read_plan(const fs::path& work) {
  const std::string file = (work / "jobs.json").string();
  std::ifstream in = open_input_file(work / "jobs.json", "parallel run plan");
  const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.is_object())
    throw InputError(file, 0, "", "not a parallel run's plan (unreadable JSON)");
  WorkPlan p;
  try {
    p.jobs = j.at("jobs").get<int>();
    p.config_file = j.at("config_file").get<std::string>();
    p.dirs.dir = j.at("dir").get<std::string>();
    p.dirs.staging = p.dirs.dir.string() + ".partial";
    p.dirs.latest = j.at("latest").get<std::string>();
    p.save_paths = j.at("save_paths").get<bool>();
    p.overwrite = j.at("overwrite").get<bool>();
    p.shard_rows = j.at("shard_rows").get<std::vector<std::size_t>>();
    p.cpu = j.value("cpu", -1);  // absent in plans of older versions
    p.rows_file = j.value("rows_file", std::string("runs.csv"));
  } catch (const nlohmann::json::exception& e) {
    throw InputError(file, 0, "", std::string("not a parallel run's plan: ") + e.what());
  }
  if (p.jobs < 2 || p.shard_rows.size() != static_cast<std::size_t>(p.jobs) ||
      work_dir_of(p.dirs) != work || (p.rows_file != "runs.csv" && p.rows_file != "dynamic.csv"))
    throw InputError(file, 0, "jobs", "does not describe this folder's shards");
  return p;
}

// Rows finished so far in a shard's results file (staging or published), counted incrementally.
class RowCounter {
 public:
  std::size_t count(const fs::path& shard, const std::string& rows_file) {
    for (const fs::path& f :
         {fs::path(shard.string() + ".partial") / rows_file, shard / rows_file}) {
      std::ifstream in(f, std::ios::binary);
      if (!in) continue;
      if (f != file_) file_ = f, offset_ = 0, lines_ = 0;
      in.seekg(static_cast<std::streamoff>(offset_));
      char buf[1 << 16];
      while (in.read(buf, sizeof buf), in.gcount() > 0) {
        for (std::streamsize i = 0; i < in.gcount(); ++i) lines_ += buf[i] == '\n';
        offset_ += static_cast<std::size_t>(in.gcount());
      }
      return lines_ > 0 ? lines_ - 1 : 0;  // the header
    }
    return 0;
  }

 private:
  fs::path file_;
  std::size_t offset_ = 0, lines_ = 0;
};

bool shard_finished(const fs::path& work, int k) {
  std::error_code ec;
  return fs::exists(shard_dir(work, k) / "meta.json", ec);
}

// How to (re)start shard k: resume its rows, or start it anew when it was stopped while setting
// up (a run writes meta.json, then runs.csv's header). Mirrors scripts/slurm/shard_task.sh.
std::vector<std::string> shard_mode(const fs::path& shard, int k, const WorkPlan& p) {
  const fs::path staging = shard.string() + ".partial";
  std::error_code ec;
  const bool has_meta = fs::exists(staging / "meta.json", ec);
  if (has_meta && fs::exists(staging / p.rows_file, ec)) return {"--resume", shard.string()};
  std::vector<std::string> mode{p.config_file.string(), "--shard", fmt::format("{}/{}", k, p.jobs),
                                "--out", shard.string()};
  if (p.save_paths) mode.push_back("--save-paths");
  if (has_meta) {
    mode.push_back("--overwrite");  // pathbench checks the staging folder is a run of its own
  } else if (fs::is_directory(staging, ec)) {
    // Stopped before meta.json was renamed into place: its lock file and at most meta.json's
    // temporary file are there. Taking the lock refuses while a shard still holds it; letting it
    // go removes the lock file, so that the empty folder can go too.
    RunLock setup = RunLock::acquire(staging, "--resume");
    fs::remove(staging / "meta.json.tmp", ec);
    setup.release();
    fs::remove(staging, ec);  // only if empty; else the child names what is in the way
  }
  return mode;
}

// Starts the unfinished shards, waits for all, passes signals on. Returns the signal that
// stopped the run (0 when every child ended on its own) and fills `failed` with bad exits.
int run_children(const fs::path& work, const WorkPlan& p, std::ostream* progress, std::ostream& log,
                 std::vector<std::pair<int, int>>& failed, std::size_t& rows_done) {
  const fs::path exe = self_executable();
  const std::vector<int> cpus = allowed_cpus();
  if (p.cpu < 0 && static_cast<std::size_t>(p.jobs) > cpus.size())
    log << fmt::format("warning: {} jobs on {} usable cores: shards share cores, timings suffer\n",
                       p.jobs, cpus.size());
  std::map<pid_t, int> running;  // pid -> shard
  // The run's one stop-signal handler (stop_signal.h): the first SIGINT / SIGTERM is passed on to
  // every child, which stops after its row in progress; a second ends this process at once, and
  // the kernel then stops the children (PR_SET_PDEATHSIG, shard_process.h).
  const StopSignalGuard stop_signals;
  for (int k = 0; k < p.jobs; ++k) {
    if (shard_finished(work, k)) continue;
    // The child records its core in its meta.json, and --cpu overrides the config's `cpu:`.
    const int cpu = p.cpu >= 0
                        ? p.cpu + k
                        : (cpus.empty() ? -1 : cpus[static_cast<std::size_t>(k) % cpus.size()]);
    std::vector<std::string> argv{exe.string(), "run"};
    if (p.cpu >= 0) argv.insert(argv.end(), {"--cpu", std::to_string(cpu)});
    const std::vector<std::string> mode = shard_mode(shard_dir(work, k), k, p);
    argv.insert(argv.end(), mode.begin(), mode.end());
    running[start_shard_process(argv, cpu, shard_log(work, k))] = k;
  }
  std::vector<RowCounter> counters(static_cast<std::size_t>(p.jobs));
  std::size_t total = 0;
  for (std::size_t r : p.shard_rows) total += r;
  RunProgress progress_line(progress, total, fmt::format("rows ({} jobs)", p.jobs));
  int forwarded = 0;
  auto show = [&] {
    std::size_t done = 0;
    for (int k = 0; k < p.jobs; ++k)
      done += counters[static_cast<std::size_t>(k)].count(shard_dir(work, k), p.rows_file);
    rows_done = done;
    progress_line.tick(done);
  };
  int ticks = 0;
  while (!running.empty()) {
    if (stop_signal() != 0 && forwarded == 0) {
      forwarded = stop_signal();
      for (const auto& [pid, k] : running) kill(pid, forwarded);
    }
    int status = 0;
    const pid_t pid = waitpid(-1, &status, WNOHANG);
    if (pid > 0) {
      const auto it = running.find(pid);
      if (it == running.end()) continue;
      const int code = exit_code_of(status);
      // The shard finished with rows that failed validation: the merge reports them.
      if (code != kExitOk && code != kExitInvalidResults && forwarded == 0)
        failed.emplace_back(it->second, code);
      running.erase(it);
      continue;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    if (++ticks % 20 == 0) show();
  }
  show();
  return forwarded;
}

// A shard's last log lines, indented under the line that names it.
std::string indented_log_tail(const fs::path& file) {
  std::string out;
  for (const std::string& l : log_tail(file)) out += "    " + l + "\n";
  return out;
}

// Removes the work folder after a merge, entry by entry: only what run_parallel wrote. Its lock
// goes last, so no resume can start in a half-removed folder.
void remove_work_dir(const fs::path& work, int jobs, RunLock& lock, std::ostream& log) {
  std::error_code ec;
  fs::remove(work / "jobs.json", ec);
  for (int k = 0; k < jobs; ++k) {
    fs::remove_all(shard_dir(work, k), ec);
    fs::remove(shard_log(work, k), ec);
  }
  lock.release();
  if (!fs::remove(work, ec))
    log << fmt::format("note: {} holds other files and was kept\n", work.string());
}

RunOutcome finish(const fs::path& work, RunLock& lock, const WorkPlan& p, const RunOptions& opt,
                  std::ostream& log) {
  std::vector<std::pair<int, int>> failed;
  std::size_t rows_done = 0;
  const int sig = run_children(work, p, opt.progress, log, failed, rows_done);
  RunOutcome out;
  if (sig != 0) {
    // The shards keep their finished rows; the command prints how to resume (the work folder).
    out.dir = work;
    out.rows = rows_done;
    for (std::size_t r : p.shard_rows) out.total += r;
    out.interrupted = true;
    out.signal = sig;
    return out;
  }
  if (!failed.empty()) {
    std::string what;
    for (const auto& [k, code] : failed)
      what += fmt::format("  shard {}/{} exited with {}; its log {} ends:\n{}", k, p.jobs, code,
                          shard_log(work, k).string(), indented_log_tail(shard_log(work, k)));
    throw std::runtime_error(fmt::format(
        "{} of {} shard processes failed:\n{}finished shards are kept; after fixing the cause: "
        "pathbench run --resume {}",
        failed.size(), p.jobs, what, work.string()));
  }
  MergeOptions mo;
  for (int k = 0; k < p.jobs; ++k) mo.inputs.push_back(shard_dir(work, k));
  mo.dirs = p.dirs;
  mo.overwrite = p.overwrite;
  mo.jobs = p.jobs;
  std::ostringstream merge_log;
  const MergeOutcome m = merge_shards(mo, merge_log);
  remove_work_dir(work, p.jobs, lock, log);
  out.dir = m.dir;
  out.dynamic = m.dynamic;
  out.summary = m.summary;
  out.rows = m.rows;
  out.invalid = m.invalid;
  return out;
}

// The same checks as a single run, once, before any process starts; then the rows each shard
// will write (its progress), dealt as the shards deal them (shard.h, dynamic_plan.h).
std::vector<std::size_t> rows_per_shard(const ExperimentConfig& cfg, int jobs) {
  std::vector<ActivePlanner> planners = build_planners(cfg);
  std::vector<MapInstance> maps = load_instances(cfg);
  check_combinations(cfg, planners, maps);
  std::vector<std::size_t> rows(static_cast<std::size_t>(jobs), 0);
  std::size_t units = 0, rows_per_unit = planners.size();
  if (cfg.dynamic) {
    check_dynamic_planners(cfg, planners);
    units = pick_dynamic_queries(maps, cfg.dynamic->runs_per_map).size();
    rows_per_unit *= cfg.dynamic->kinds.size();
  } else {
    for (const MapInstance& m : maps) units += m.queries.size();
  }
  for (std::size_t u = 0; u < units; ++u)
    rows[static_cast<std::size_t>(shard_of(u, {0, jobs}))] += rows_per_unit;
  if (units < static_cast<std::size_t>(jobs))
    throw InputError("command line", 0, "--jobs",
                     fmt::format("{} jobs for {} {}: use at most {}", jobs, units,
                                 cfg.dynamic ? "picked queries" : "queries", units));
  return rows;
}

}  // namespace

bool is_parallel_work_dir(const fs::path& dir) {
  std::error_code ec;
  return fs::is_regular_file(dir / "jobs.json", ec);
}

RunOutcome run_parallel(const ExperimentConfig& cfg, const RunOptions& opt, int jobs,
                        std::ostream& log) {
  if (jobs < 2 || jobs > 1024)
    throw InputError("command line", 0, "--jobs", fmt::format("must be 2..1024, got {}", jobs));
  if (opt.shard.active())
    throw InputError("command line", 0, "--jobs", "runs its own shards; drop --shard");
  WorkPlan p;
  p.jobs = jobs;
  p.config_file = cfg.source_file;
  p.save_paths = opt.save_paths;
  p.overwrite = opt.overwrite;
  // `cpu: N` with J jobs: shard k runs on core N + k, all of them checked now.
  const CpuRequest cpu = requested_cpu(cfg, opt.cpu);
  p.cpu = cpu.cpu;
  for (int k = 0; cpu.cpu >= 0 && k < jobs; ++k) {
    CpuRequest shard = cpu;
    shard.cpu = cpu.cpu + k;
    try {
      check_cpu_allowed(shard);
    } catch (const InputError&) {
      throw InputError(cpu.file, cpu.line, cpu.field,
                       fmt::format("with --jobs {} shard k runs on core {} + k, and core {} is "
                                   "not one this process may run on (allowed: {})",
                                   jobs, cpu.cpu, shard.cpu, fmt::join(allowed_cpus(), ", ")));
    }
  }
  p.shard_rows = rows_per_shard(cfg, jobs);
  p.rows_file = cfg.dynamic ? "dynamic.csv" : "runs.csv";
  warn_if_busy(p.cpu, opt.warnings);
  p.dirs = plan_new_run_dirs(cfg.name, opt.out_dir, opt.results_root, opt.tag);
  const fs::path work = work_dir_of(p.dirs);
  std::error_code ec;
  if (fs::exists(fs::symlink_status(work, ec)))
    throw InputError(work.string(), 0, "--jobs",
                     is_parallel_work_dir(work)
                         ? "an interrupted parallel run is here: finish it with pathbench run "
                           "--resume " +
                               work.string()
                         : "exists and is not pathbench's; choose another --out");
  // Refuses an existing result (without --overwrite) now rather than after the run; the empty
  // staging directory this creates is removed again (its lock first), the merge opens its own.
  open_staging(p.dirs, opt.overwrite);
  fs::remove(p.dirs.staging, ec);
  fs::create_directories(work, ec);
  if (ec) throw InputError(work.string(), 0, "--jobs", "cannot create: " + ec.message());
  RunLock lock = RunLock::acquire(work, "--jobs");
  if (is_parallel_work_dir(work))  // another `--jobs` run got here first and has finished
    throw InputError(work.string(), 0, "--jobs",
                     "another parallel run started here meanwhile; choose another --out");
  write_plan(work, p);
  return finish(work, lock, p, opt, log);
}

RunOutcome resume_parallel(const fs::path& work_dir, const RunOptions& opt, std::ostream& log) {
  const fs::path work = resolve_dir_path(work_dir, "--resume");
  RunLock lock = RunLock::acquire(work, "--resume");
  const WorkPlan p = read_plan(work);
  return finish(work, lock, p, opt, log);
}

}  // namespace pathbench
