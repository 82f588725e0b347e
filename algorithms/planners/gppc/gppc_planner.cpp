#include "algorithms/planners/gppc/gppc_planner.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <system_error>

#include "algorithms/planners/external/child_process.h"
#include "algorithms/planners/external/external_process_planner.h"
#include "algorithms/planners/external/protocol.h"
#include "algorithms/planners/gppc/gppc_build.h"
#include "algorithms/planners/gppc/gppc_cache_lock.h"

namespace pathbench {
namespace {

namespace fs = std::filesystem;
using external::Fault;
using Clock = ChildProcess::Clock;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

Clock::duration seconds(double s) {
  return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}

// `${NAME}` from the environment; an unset one is an error naming it.
std::string expand_vars(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '$' && i + 1 < text.size() && text[i + 1] == '{') {
      const auto end = text.find('}', i);
      if (end == std::string::npos)
        throw ParamError("entry", "parameter 'entry': unterminated ${ in '" + text + "'");
      const std::string name = text.substr(i + 2, end - i - 2);
      const char* v = std::getenv(name.c_str());
      if (v == nullptr || *v == '\0')
        throw ParamError("entry", "parameter 'entry' uses ${" + name +
                                      "}, which is not set (e.g. export " + name +
                                      "=/path/to/algorithm-archive/classic/2023)");
      out += v;
      i = end;
    } else {
      out += text[i];
    }
  }
  return out;
}

Capabilities gppc_capabilities(const ParamSet& p) {
  Capabilities c = external::program_capabilities(p);
  // The competition's rules: 8-connected, no corner cutting; PreprocessMap once per map.
  c.supports_four_connected = false;
  c.supports_corner_cutting = false;
  c.needs_preprocessing = true;
  return c;
}

external::ExternalSetup gppc_setup(const ParamSet& p) {
  external::ExternalSetup s = external::program_setup(p);
  s.kind = "gppc entry";
  s.answer_columns = {"first20_us", "max_step_us", "getpath_calls"};
  s.waypoints = true;
  // PrepareForSearch (answered by `ready`) may do real work: it gets the preprocessing deadline.
  s.ready_timeout_s = p.get_real("prep_timeout_s");
  s.ready_timeout_name = "prep_timeout_s";
  return s;
}

// Builds are shared by every planner of the process (one per entry folder and content); a
// failed one is not tried again by the next map.
std::mutex build_mutex;
std::map<std::string, gppc::BuildResult>& builds() {
  static std::map<std::string, gppc::BuildResult> b;
  return b;
}
// Indexes rebuilt by this process under --rebuild-index (once each, not once per planner).
std::set<std::string>& rebuilt() {
  static std::set<std::string> r;
  return r;
}

bool rebuild_requested() {
  const char* v = std::getenv("PATHBENCH_GPPC_REBUILD_INDEX");
  return v != nullptr && *v != '\0' && std::string(v) != "0";
}

class GppcPlanner final : public external::ExternalProcessPlanner {
 public:
  explicit GppcPlanner(const ParamSet& p)
      : ExternalProcessPlanner(gppc_capabilities(p), gppc_setup(p)),
        entry_param_(p.get_string("entry")),
        build_timeout_s_(p.get_real("build_timeout_s")),
        prep_timeout_s_(p.get_real("prep_timeout_s")) {}

  std::vector<std::string> extra_columns() const override {
    std::vector<std::string> c = ExternalProcessPlanner::extra_columns();
    c.push_back("preprocess_ms");
    c.push_back("index_reused");
    c.push_back("peak_rss_kib");
    return c;
  }

  std::size_t memory_bytes() const override { return index_bytes_; }

  void set_context(const PlannerContext& context) override {
    ExternalProcessPlanner::set_context(context);
    // The build happens here, before the harness starts the prep_ms clock: a first build is not
    // the map's preparation.
    fs::path entry;
    try {
      entry = expand_vars(entry_param_);
    } catch (const ParamError& e) {
      build_error_ = e.what();
      return;
    }
    if (entry.is_relative()) entry = context.config_dir / entry;
    entry_ = fs::absolute(entry).lexically_normal();
    std::lock_guard<std::mutex> lock(build_mutex);
    // Keyed by the content too: an entry edited between two runs of one process is built anew.
    std::string key = entry_.string();
    try {
      key += "\n" + gppc::entry_hash(entry_);
    } catch (const std::exception&) {
      // An unreadable folder: build_entry says why.
    }
    auto it = builds().find(key);
    if (it == builds().end()) {
      gppc::BuildResult b =
          gppc::build_entry(entry_, PATHBENCH_GPPC_DRIVER_SOURCE, build_timeout_s_);
      it = builds().emplace(key, b).first;
    }
    binary_ = it->second.binary;
    build_error_ = it->second.error;
  }

 protected:
  void do_prepare(const Grid& grid) override {
    index_bytes_ = 0;
    preprocess_ms_ = kNaN;
    reused_ = kNaN;
    if (!build_error_.empty()) {
      fail_map(Status::Crashed, build_error_);
      return;
    }
    if (std::optional<Fault> f = ensure_index(grid)) {
      fail_map(f->status, f->message);
      return;
    }
    set_command({binary_.string(), "--search", index_file_}, index_dir_);
    ExternalProcessPlanner::do_prepare(grid);
  }

  void do_solve(CellId start, CellId goal, const Budget& budget, SearchResult& result) override {
    ExternalProcessPlanner::do_solve(start, goal, budget, result);
    result.extras.push_back(preprocess_ms_);
    result.extras.push_back(reused_);
    // The search process's peak resident set so far on this map (the competition's "Max RAM" is
    // the search process's); read after the answer, so in path_us, not time_us.
    result.extras.push_back(program_peak_rss_kib());
  }

 private:
  // Finds or makes the map's index folder; nullopt when it is ready.
  std::optional<Fault> ensure_index(const Grid& grid) {
    const std::string map_line = external::map_message(grid, context().map_file);
    // The map's content, not its file name, keys the index (rows, size and rules are all in the
    // map message apart from the file path).
    std::string content = fmt::format("{}x{}\n", grid.width(), grid.height());
    for (int y = 0; y < grid.height(); ++y)
      for (int x = 0; x < grid.width(); ++x) content += grid.passable(x, y) ? '.' : '@';
    const std::string key =
        binary_.parent_path().filename().string() + "-" + gppc::hash_bytes(content);
    const fs::path root = gppc::cache_root() / "index";
    index_dir_ = root / key;
    const std::string stem =
        context().map_file.empty() ? "generated" : context().map_file.stem().string();
    index_file_ = "index_data/" + entry_.filename().string() + "-" + stem;
    const fs::path record = index_dir_ / "pathbench-index.txt";
    std::error_code ec;
    if (rebuild_requested() && rebuilt().insert(key).second) fs::remove_all(index_dir_, ec);
    const auto reuse = [&] {
      std::ifstream in(record);
      in >> preprocess_ms_;
      reused_ = 1;
      index_bytes_ = gppc::folder_bytes(index_dir_ / "index_data");
    };
    if (fs::exists(record)) {
      reuse();
      return std::nullopt;
    }
    const double wait = prep_timeout_s_;
    const auto deadline = Clock::now() + seconds(wait);
    const std::string what = who() + " preprocessing";
    const auto stop_requested = [&] {
      return context().stop_requested && context().stop_requested();
    };
    const Fault stopped{Status::Timeout, what + ": stopped, the run was asked to stop"};
    // The other shard of a --jobs run may be making this very index: wait for it (within the
    // same deadline) and use it, rather than running PreprocessMap twice at once.
    const gppc::CacheLock lock =
        gppc::CacheLock::wait(gppc::cache_root() / "locks" / ("index-" + key + ".lock"),
                              [&] { return stop_requested() || Clock::now() >= deadline; });
    if (!lock.held() && stop_requested()) {
      return stopped;
    }
    if (fs::exists(record)) {
      reuse();
      return std::nullopt;
    }
    const fs::path tmp = root / fmt::format("{}.tmp.{}", key, ::getpid());
    fs::remove_all(tmp, ec);
    fs::create_directories(tmp / "index_data", ec);
    if (ec) return Fault{Status::Crashed, "cannot create " + tmp.string() + ": " + ec.message()};
    ChildProcess child;
    if (std::string e = child.start({binary_.string(), "--preprocess", index_file_}, tmp,
                                    log_path("gppc-preprocess"));
        !e.empty())
      return Fault{Status::Crashed, what + " could not be started: " + e};
    std::string line;
    ChildProcess::Io io = child.write_all(map_line, deadline);
    // Read in half-second slices: a stop request (Ctrl-C, SIGTERM) ends a PreprocessMap that
    // takes minutes (2019-SGCH-JPD on random512-10-0: over 12) at once, not at prep_timeout_s.
    while (io == ChildProcess::Io::Ok) {
      io = child.read_line(line, std::min(deadline, Clock::now() + std::chrono::milliseconds(500)));
      if (io != ChildProcess::Io::Timeout || Clock::now() >= deadline) break;
      if (stop_requested()) {
        child.kill();
        return stopped;
      }
      io = ChildProcess::Io::Ok;
    }
    if (io == ChildProcess::Io::Timeout) {
      child.kill();
      return Fault{Status::Timeout,
                   fmt::format("{}: PreprocessMap did not finish within {:g} s (prep_timeout_s); "
                               "process killed",
                               what, wait)};
    }
    if (io == ChildProcess::Io::Closed)
      return Fault{Status::Crashed, fmt::format("{}: {} during PreprocessMap{}", what,
                                                child.reap(seconds(grace_s())), log_hint())};
    external::Ready ready;
    if (std::string e = external::parse_ready(line, ready); !e.empty()) {
      child.kill();
      return Fault{Status::ProtocolError, what + ": " + e};
    }
    const std::string how = child.reap(seconds(std::max(grace_s(), 10.0)));
    if (how != "exited with status 0")
      return Fault{Status::Crashed, what + ": " + how + " after PreprocessMap"};
    preprocess_ms_ = ready.prep_ms;
    reused_ = 0;
    {
      std::ofstream out(tmp / "pathbench-index.txt");
      out << fmt::format("{}\n", preprocess_ms_);
    }
    fs::rename(tmp, index_dir_, ec);
    if (ec) {
      // Another process made it meanwhile: use theirs.
      fs::remove_all(tmp, ec);
    }
    index_bytes_ = gppc::folder_bytes(index_dir_ / "index_data");
    return std::nullopt;
  }

  std::string entry_param_;
  double build_timeout_s_, prep_timeout_s_;
  fs::path entry_, binary_, index_dir_;
  std::string index_file_;
  std::string build_error_;
  std::size_t index_bytes_ = 0;
  double preprocess_ms_ = kNaN, reused_ = kNaN;
};

}  // namespace

PlannerInfo gppc_planner_info() {
  PlannerInfo info = external::program_planner_info(
      "gppc",
      "a GPPC start-kit entry folder, built and run unchanged with pathbench's driver "
      "(docs/gppc.md)",
      Param::text("entry").doc(
          "the entry folder (Entry.cpp, Entry.h, Makefile); ${VAR} from the environment, "
          "relative to the config's folder; required"),
      /*optimal_by_default=*/true);
  info.params.push_back(Param::real("build_timeout_s")
                            .range(1.0, 1e6)
                            .defaults_to(1800.0)
                            .doc("seconds for each compiler command of the entry's build"));
  info.params.push_back(Param::real("prep_timeout_s")
                            .range(1.0, 1e6)
                            .defaults_to(3600.0)
                            .doc("seconds for PreprocessMap on one map, and for PrepareForSearch"));
  info.factory = [](const ParamSet& p) -> std::unique_ptr<Planner> {
    external::check_program_params(p, "entry", "the entry's folder");
    expand_vars(p.get_string("entry"));  // an unset ${VAR} is refused where the config is read
    return std::make_unique<GppcPlanner>(p);
  };
  return info;
}

}  // namespace pathbench
