// The planner behind `external` (external_planner.h), open to variants that run another kind of
// program over the same protocol: `gppc` (gppc_planner.h) runs a competition entry built with a
// driver of ours. One process runner, one protocol, one fault handling for both.
//
// A variant sets its command with set_command() (before the base do_prepare starts it) and may
// declare numeric answer fields to copy into extra columns (ExternalSetup::answer_columns) and
// that answers carry waypoints rather than cells (ExternalSetup::waypoints).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/core/params.h"
#include "algorithms/core/planner.h"
#include "algorithms/core/planner_info.h"
#include "algorithms/planners/external/child_process.h"

namespace pathbench::external {

struct Fault {
  Status status;
  std::string message;
};

struct ExternalSetup {
  std::vector<std::string> argv;          // the command (a variant may set it later: set_command)
  std::string name;                       // used in messages; empty = the label
  std::string kind = "external planner";  // how messages call it ("gppc entry")
  double timeout_s = 0.0;
  double grace_s = 1.0;
  // Seconds to wait for `ready` at start-up; 0 = as for an answer (wait_s). gppc sets it: an
  // entry's PrepareForSearch may load or even build its index there (2013-Dao: tens of seconds
  // on a 512x512 map).
  double ready_timeout_s = 0.0;
  std::string ready_timeout_name;  // the parameter named in the timeout message
  // Numeric fields of a `result` copied into extra columns after ext_time_us and ext_prep_ms
  // (NaN when absent).
  std::vector<std::string> answer_columns;
  // Answers' paths are waypoints whose segments run along one of the 8 directions (jump-point
  // paths): expanded to cells here; any other segment is a protocol error naming it.
  bool waypoints = false;
};

// Expands a waypoint path into cells, in place. Empty when every segment runs along one of the 8
// directions and is not empty; otherwise what is wrong, naming the segment.
std::string expand_waypoints(std::vector<Point>& path);

// What a program's parameters claim (`optimal`, `suboptimality_bound`) and what the protocol can
// carry: uniform costs only (the map message has no terrain), no expansion budget, no warm-up.
// A variant narrows it further (gppc: the competition's movement rules, preprocessing).
Capabilities program_capabilities(const ParamSet& p);

// The description every program run as a planner starts from, so `external` and `gppc` claim,
// document and wait alike: `locator`, the required text parameter naming what to run (the
// command, the entry folder), then the claims `optimal` (default `optimal_by_default`) and
// `suboptimality_bound`, which program_capabilities reads, and `name`, `timeout_s` and `grace_s`,
// which program_setup reads. The caller appends its own parameters and sets the factory.
PlannerInfo program_planner_info(std::string name, std::string summary, ParamSpec locator,
                                 bool optimal_by_default);
ExternalSetup program_setup(const ParamSet& p);

// In the factory, where the error names the config line: refuses an empty `locator` (`what`: what
// it names) and a `suboptimality_bound` below 1 (0: no claim).
void check_program_params(const ParamSet& p, const std::string& locator, const std::string& what);

class ExternalProcessPlanner : public Planner {
 public:
  ExternalProcessPlanner(const Capabilities& caps, ExternalSetup setup);
  ~ExternalProcessPlanner() override;

  std::vector<std::string> extra_columns() const override;
  void set_context(const PlannerContext& context) override;

 protected:
  void do_prepare(const Grid& grid) override;
  void do_solve(CellId start_id, CellId goal_id, const Budget& budget,
                SearchResult& result) override;

  const PlannerContext& context() const { return context_; }
  // The running program's peak resident set (VmHWM of /proc/<pid>/status) in KiB; NaN when not
  // running or unreadable.
  double program_peak_rss_kib() const;
  // The program to run and its folder (empty = the experiment file's folder).
  void set_command(std::vector<std::string> argv, std::filesystem::path cwd);
  std::string who() const;
  // <run dir>/<prefix>-<label>.stderr.log, or empty without a run directory.
  std::string log_path(const std::string& prefix = "external") const;
  std::string log_hint() const;
  double grace_s() const { return setup_.grace_s; }
  double wait_s(double time_limit_s) const;
  std::string wait_reason(double time_limit_s) const;

 private:
  void report(SearchResult& result, const Fault& f) const;
  void fail(SearchResult& result, const Fault& f);
  std::optional<Fault> start();
  std::optional<Fault> try_start();
  void shutdown();

  ExternalSetup setup_;
  std::filesystem::path cwd_;
  PlannerContext context_;
  ChildProcess child_;
  std::string map_line_;
  std::optional<Fault> pending_fault_;  // a failed (re)start no row has reported yet
  Fault last_start_fault_{Status::Crashed, {}};
  int failed_starts_ = 0;
  std::uint64_t next_id_ = 1;
  double prep_ms_;  // self-reported by the last `ready`
};

}  // namespace pathbench::external
