#include "algorithms/planners/external/external_planner.h"

#include <fmt/format.h>
#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/core/moves.h"
#include "algorithms/planners/external/child_process.h"
#include "algorithms/planners/external/command_words.h"
#include "algorithms/planners/external/external_process_planner.h"
#include "algorithms/planners/external/protocol.h"

namespace pathbench {
namespace {

using external::ExternalProcessPlanner;
using external::ExternalSetup;
using external::Fault;
using Clock = ChildProcess::Clock;
constexpr double kDefaultWaitS = 10.0;
constexpr int kMaxFailedStarts = 3;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

Clock::duration seconds(double s) {
  return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}

// A label made safe for a file name.
std::string file_stem(const std::string& label) {
  std::string s = label.empty() ? "external" : label;
  for (char& c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.')) c = '_';
  return s;
}

// The checked argv of the `command` parameter (the factory has refused what does not split).
std::vector<std::string> command_argv(const ParamSet& p) {
  std::string why;
  std::vector<std::string> argv = external::split_command(p.get_string("command"), &why);
  if (argv.empty())
    throw ParamError("command", "parameter 'command': " + why + " (docs/external-planners.md)");
  return argv;
}

}  // namespace

namespace external {

Capabilities program_capabilities(const ParamSet& p) {
  const bool optimal = p.get_bool("optimal");
  const double bound = p.get_real("suboptimality_bound");
  return {.optimal = optimal,
          .suboptimality_bound =
              optimal ? 1.0 : (bound > 0 ? bound : std::numeric_limits<double>::infinity()),
          .uniform_cost_only = true,  // the map message carries no terrain costs
          // The solve message carries the time limit (also enforced from outside), not an
          // expansion budget: the program's search is its own.
          .honours_max_expansions = false,
          .warm_up = false};
}

PlannerInfo program_planner_info(std::string name, std::string summary, ParamSpec locator,
                                 bool optimal_by_default) {
  PlannerInfo info;
  info.name = std::move(name);
  info.summary = std::move(summary);
  info.params = {
      std::move(locator),
      Param::boolean("optimal")
          .defaults_to(optimal_by_default)
          .doc("the program claims optimal costs (the validator then checks them)"),
      Param::real("suboptimality_bound")
          .range(0.0, 1e9)
          .doc("claimed bound on cost / optimal (>= 1; 0 = no claim) when optimal is false"),
      Param::text("name").doc("name used in messages (default: the planner's label)"),
      Param::real("timeout_s")
          .range(0.0, 1e6)
          .doc("seconds to wait for each answer; 0 = time limit + grace_s, or 10 without a limit"),
      Param::real("grace_s")
          .range(0.0, 600.0)
          .defaults_to(1.0)
          .doc("extra seconds past the time limit, and for the program to exit at the end"),
  };
  return info;
}

ExternalSetup program_setup(const ParamSet& p) {
  ExternalSetup s;
  s.name = p.get_string("name");
  s.timeout_s = p.get_real("timeout_s");
  s.grace_s = p.get_real("grace_s");
  return s;
}

void check_program_params(const ParamSet& p, const std::string& locator, const std::string& what) {
  if (p.get_string(locator).empty()) {
    throw ParamError(locator, fmt::format("parameter '{}' is required ({})", locator, what));
  }
  const double b = p.get_real("suboptimality_bound");
  if (b != 0.0 && b < 1.0)
    throw ParamError("suboptimality_bound",
                     fmt::format("parameter 'suboptimality_bound': {} is below 1", b));
}

std::string expand_waypoints(std::vector<Point>& path) {
  std::vector<Point> cells;
  if (!path.empty()) cells.push_back(path.front());
  for (std::size_t i = 1; i < path.size(); ++i) {
    const Point a = path[i - 1], b = path[i];
    const int dx = b.x - a.x, dy = b.y - a.y;
    const std::string seg = fmt::format("segment {} ({},{})->({},{})", i, a.x, a.y, b.x, b.y);
    if (dx == 0 && dy == 0) return seg + " has length zero (a repeated waypoint)";
    if (dx != 0 && dy != 0 && std::abs(dx) != std::abs(dy))
      return seg + " does not run along one of the 8 directions";
    const int n = std::max(std::abs(dx), std::abs(dy));
    const int sx = (dx > 0) - (dx < 0), sy = (dy > 0) - (dy < 0);
    for (int k = 1; k <= n; ++k) cells.push_back({a.x + k * sx, a.y + k * sy});
  }
  path = std::move(cells);
  return {};
}

ExternalProcessPlanner::ExternalProcessPlanner(const Capabilities& caps, ExternalSetup setup)
    : Planner(caps), setup_(std::move(setup)), prep_ms_(kNaN) {}

ExternalProcessPlanner::~ExternalProcessPlanner() { shutdown(); }

std::vector<std::string> ExternalProcessPlanner::extra_columns() const {
  std::vector<std::string> c = {"ext_time_us", "ext_prep_ms"};
  c.insert(c.end(), setup_.answer_columns.begin(), setup_.answer_columns.end());
  return c;
}

void ExternalProcessPlanner::set_context(const PlannerContext& context) { context_ = context; }

void ExternalProcessPlanner::set_command(std::vector<std::string> argv, std::filesystem::path cwd) {
  setup_.argv = std::move(argv);
  cwd_ = std::move(cwd);
}

void ExternalProcessPlanner::do_prepare(const Grid& grid) {
  shutdown();
  map_line_ = external::map_message(grid, context_.map_file);
  failed_starts_ = 0;
  pending_fault_ = start();
}

void ExternalProcessPlanner::do_solve(CellId start_id, CellId goal_id, const Budget& budget,
                                      SearchResult& result) {
  const Grid& g = grid();
  result.extras.assign(2 + setup_.answer_columns.size(), kNaN);
  result.extras[1] = prep_ms_;
  if (!child_.running()) {
    // A start-up that failed after the previous fault (or in prepare) is reported here, at no
    // cost to this row; then up to kMaxFailedStarts attempts, then no more.
    if (pending_fault_) {
      report(result, *pending_fault_);
      pending_fault_.reset();
      return;
    }
    if (failed_starts_ >= kMaxFailedStarts) {
      report(result, {last_start_fault_.status,
                      fmt::format("not restarted after {} failed start-ups in a row (last: {})",
                                  failed_starts_, last_start_fault_.message)});
      return;
    }
    if (std::optional<Fault> f = start()) {
      report(result, *f);
      return;
    }
  }
  const std::uint64_t id = next_id_++;
  const double wait = wait_s(budget.time_limit_s);
  const auto deadline = Clock::now() + seconds(wait);
  const auto timeout = [&] {
    child_.kill();
    return Fault{Status::Timeout,
                 fmt::format("{}: no answer to query {} within {:g} s{}; process killed", who(), id,
                             wait, wait_reason(budget.time_limit_s))};
  };
  const std::string msg =
      external::solve_message(id, g.point(start_id), g.point(goal_id), budget.time_limit_s);
  std::string line;
  ChildProcess::Io io = child_.write_all(msg, deadline);
  if (io == ChildProcess::Io::Timeout) return fail(result, timeout());
  if (io == ChildProcess::Io::Ok) {
    bool too_long = false;
    io = child_.read_line(line, deadline, &too_long);
    if (io == ChildProcess::Io::Timeout) return fail(result, timeout());
    if (too_long) {
      child_.kill();
      return fail(result,
                  {Status::ProtocolError, fmt::format("{}: answer to query {} longer than {} bytes",
                                                      who(), id, ChildProcess::kMaxLine)});
    }
  }
  if (io == ChildProcess::Io::Closed)
    return fail(result, {Status::Crashed,
                         fmt::format("{} {} before answering query {}{}", who(),
                                     child_.reap(seconds(setup_.grace_s)), id, log_hint())});
  // The program's answer has arrived: the search is over (its own time is the extras' column);
  // parsing the answer and pricing its path is path writing (path_us).
  result.mark_search_end();
  external::Answer answer;
  if (std::string e = external::parse_result(line, id, g.width(), g.height(), answer); !e.empty()) {
    child_.kill();
    return fail(result, {Status::ProtocolError, fmt::format("{}: {}", who(), e)});
  }
  if (setup_.waypoints && answer.status == Status::Solved) {
    if (std::string e = expand_waypoints(answer.path); !e.empty()) {
      // The program is in a sound state (it answered); only this answer is bad.
      report(result, {Status::ProtocolError, fmt::format("{}: query {}: {}", who(), id, e)});
      return;
    }
  }
  result.status = answer.status;
  result.message = answer.message;
  result.counters.expansions = answer.expansions;
  result.counters.generated = answer.generated;
  result.extras[0] = answer.time_us;
  for (std::size_t c = 0; c < setup_.answer_columns.size(); ++c)
    for (const auto& [key, value] : answer.numbers)
      if (key == setup_.answer_columns[c]) result.extras[2 + c] = value;
  if (answer.status != Status::Solved) return;
  result.path.reserve(answer.path.size());
  double cost = 0.0;
  for (std::size_t i = 0; i < answer.path.size(); ++i) {
    result.path.push_back(g.id(answer.path[i]));
    if (i == 0) continue;
    // An illegal step is priced as a straight line here; the validator rejects the path.
    const Point a = answer.path[i - 1], b = answer.path[i];
    double step = 0.0;
    if (!legal_move(g, a, b, &step)) step = std::hypot(b.x - a.x, b.y - a.y);
    cost += step;
  }
  result.cost = answer.cost ? *answer.cost : cost;
}

double ExternalProcessPlanner::program_peak_rss_kib() const {
  const pid_t pid = child_.program_pid();
  if (pid <= 0) return kNaN;
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("VmHWM:", 0) == 0) return std::strtod(line.c_str() + 6, nullptr);
  return kNaN;
}

double ExternalProcessPlanner::wait_s(double time_limit_s) const {
  if (setup_.timeout_s > 0) return setup_.timeout_s;
  return time_limit_s > 0 ? time_limit_s + setup_.grace_s : kDefaultWaitS;
}

std::string ExternalProcessPlanner::wait_reason(double time_limit_s) const {
  if (setup_.timeout_s > 0) return " (timeout_s)";
  if (time_limit_s > 0)
    return fmt::format(" (time limit {:g} s + grace {:g} s)", time_limit_s, setup_.grace_s);
  return " (no time limit: default)";
}

std::string ExternalProcessPlanner::who() const {
  const std::string n = !setup_.name.empty() ? setup_.name : context_.label;
  return n.empty() ? setup_.kind : setup_.kind + " '" + n + "'";
}

std::string ExternalProcessPlanner::log_path(const std::string& prefix) const {
  if (context_.log_dir.empty()) return {};
  return (context_.log_dir / (prefix + "-" + file_stem(context_.label) + ".stderr.log")).string();
}

// The error column outlives the staging folder the log is written in: it names the log where it
// will be once the run completes.
std::string ExternalProcessPlanner::log_hint() const {
  if (context_.log_dir.empty()) return {};
  const std::filesystem::path& dir =
      context_.published_log_dir.empty() ? context_.log_dir : context_.published_log_dir;
  return "; its stderr is in " + (dir / std::filesystem::path(log_path()).filename()).string();
}

void ExternalProcessPlanner::report(SearchResult& result, const Fault& f) const {
  result.status = f.status;
  result.message = f.message;
}

// A fault during a query: report it, then restart the process for the next query now, so the
// restart is timed with this row.
void ExternalProcessPlanner::fail(SearchResult& result, const Fault& f) {
  report(result, f);
  pending_fault_ = start();
}

// Starts the process and exchanges map/ready. nullopt on success; otherwise the process is gone
// and the fault says why.
std::optional<Fault> ExternalProcessPlanner::start() {
  prep_ms_ = kNaN;
  std::optional<Fault> f = try_start();
  if (f) {
    child_.kill();
    ++failed_starts_;
    f->message = "start-up: " + f->message;
    last_start_fault_ = *f;
  } else {
    failed_starts_ = 0;
  }
  return f;
}

std::optional<Fault> ExternalProcessPlanner::try_start() {
  const std::filesystem::path cwd = cwd_.empty() ? context_.config_dir : cwd_;
  if (std::string e = child_.start(setup_.argv, cwd, log_path()); !e.empty())
    return Fault{Status::Crashed, fmt::format("{} could not be started: {}", who(), e)};
  const bool own_wait = setup_.ready_timeout_s > 0;
  const double wait = own_wait ? setup_.ready_timeout_s : wait_s(context_.time_limit_s);
  const auto deadline = Clock::now() + seconds(wait);
  const auto timeout = [&] {
    return Fault{Status::Timeout,
                 fmt::format("{}: no \"ready\" within {:g} s{}; process killed", who(), wait,
                             own_wait ? " (" + setup_.ready_timeout_name + ")"
                                      : wait_reason(context_.time_limit_s))};
  };
  std::string line;
  ChildProcess::Io io = child_.write_all(map_line_, deadline);
  if (io == ChildProcess::Io::Timeout) return timeout();
  bool too_long = false;
  if (io == ChildProcess::Io::Ok) {
    io = child_.read_line(line, deadline, &too_long);
    if (io == ChildProcess::Io::Timeout) return timeout();
  }
  if (too_long) return Fault{Status::ProtocolError, who() + ": \"ready\" line too long"};
  if (io == ChildProcess::Io::Closed)
    return Fault{Status::Crashed, fmt::format("{} {} before \"ready\"{}", who(),
                                              child_.reap(seconds(setup_.grace_s)), log_hint())};
  external::Ready ready;
  if (std::string e = external::parse_ready(line, ready); !e.empty())
    return Fault{Status::ProtocolError, fmt::format("{}: {}", who(), e)};
  prep_ms_ = ready.prep_ms;
  return std::nullopt;
}

// Asks the program to quit, closes its stdin, waits grace_s, then kills it and all it started.
void ExternalProcessPlanner::shutdown() {
  if (!child_.running()) return;
  const auto deadline = Clock::now() + seconds(setup_.grace_s);
  child_.write_all(external::quit_message(), deadline);
  child_.finish(seconds(setup_.grace_s));
}

}  // namespace external

namespace {

ExternalSetup external_setup(const ParamSet& p) {
  ExternalSetup s = external::program_setup(p);
  s.argv = command_argv(p);
  return s;
}

}  // namespace

PlannerInfo external_planner_info() {
  PlannerInfo info = external::program_planner_info(
      "external",
      "any program as a planner, over JSON lines on stdin/stdout (docs/external-planners.md)",
      Param::text("command").doc(
          "the program and its arguments, as a YAML list or one string split into words "
          "(quotes for spaces; no shell runs it, shell syntax is refused), run in the config's "
          "folder; required"),
      /*optimal_by_default=*/false);
  info.factory = [](const ParamSet& p) -> std::unique_ptr<Planner> {
    external::check_program_params(p, "command", "the program to run");
    command_argv(p);  // refused here, where the error names the config line
    return std::make_unique<ExternalProcessPlanner>(external::program_capabilities(p),
                                                    external_setup(p));
  };
  return info;
}

}  // namespace pathbench
