#include "harness/cli/commands.h"

#include <fmt/format.h>
#include <algorithm>
#include <charconv>
#include <chrono>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "algorithms/core/input_error.h"
#include "algorithms/registry/planner_registry.h"
#include "datasets/map_io.h"
#include "datasets/map_shape.h"
#include "datasets/scen_io.h"
#include "datasets/scenario_generator.h"
#include "harness/config/experiment_config.h"
#include "harness/render/posthoc_trace.h"
#include "harness/runner/dynamic_runner.h"
#include "harness/runner/parallel_run.h"
#include "harness/runner/resume_state.h"

namespace pathbench::cli {
namespace {

Point parse_point(const std::string& text, const char* option) {
  const auto comma = text.find(',');
  Point p;
  auto bad = [&] {
    return InputError("command line", 0, option, "expected X,Y, got '" + text + "'");
  };
  if (comma == std::string::npos) throw bad();
  const char* b = text.data();
  auto r1 = std::from_chars(b, b + comma, p.x);
  auto r2 = std::from_chars(b + comma + 1, b + text.size(), p.y);
  if (r1.ec != std::errc() || r1.ptr != b + comma || r2.ec != std::errc() ||
      r2.ptr != b + text.size())
    throw bad();
  return p;
}

RawParams parse_sets(const std::vector<std::string>& sets) {
  RawParams raw;
  for (const std::string& s : sets) {
    const auto eq = s.find('=');
    if (eq == std::string::npos || eq == 0)
      throw InputError("command line", 0, "--set", "expected key=value, got '" + s + "'");
    raw[s.substr(0, eq)] = s.substr(eq + 1);
  }
  return raw;
}

MoveRules rules_of(int connectivity, bool corner_cutting) {
  return {connectivity == 4 ? Connectivity::Four : Connectivity::Eight, corner_cutting};
}

std::string param_text(const ParamSpec& s) {
  switch (s.type) {
    case ParamType::Bool:
      return "bool";
    case ParamType::Int:
      return fmt::format("int in [{}, {}]", s.min, s.max);
    case ParamType::Real:
      return fmt::format("real in [{}, {}]", s.min, s.max);
    case ParamType::Choice:
      return fmt::format("{{{}}}", fmt::join(s.choices, ", "));
    case ParamType::String:
      return "string";
  }
  return "";
}

// The config to run: the file given, or (resuming without one) the config text recorded in the
// interrupted run's meta.json, anchored at the original config file's folder.
ExperimentConfig load_run_config(const RunArgs& args) {
  if (!args.config.empty()) return load_experiment(args.config);
  if (args.options.resume_dir.empty())
    throw InputError("command line", 0, "config", "a config file is required (or --resume DIR)");
  return config_of_interrupted_run(args.options.resume_dir);
}

}  // namespace

int run_command(const RunArgs& args) {
  const bool parallel_resume =
      !args.options.resume_dir.empty() && is_parallel_work_dir(args.options.resume_dir);
  if (args.jobs > 1 && !args.options.resume_dir.empty())
    throw InputError("command line", 0, "--jobs",
                     "--resume continues with the interrupted run's own number of processes; "
                     "drop --jobs");
  const ExperimentConfig cfg = parallel_resume ? ExperimentConfig{} : load_run_config(args);
  if (!args.options.resume_dir.empty() && cfg.dynamic)
    throw InputError(cfg.source_file.string(), cfg.dynamic->line, "dynamic",
                     "--resume is not supported for dynamic experiments");
  RunOptions opt = args.options;
  if (!args.shard.empty()) {
    opt.shard = parse_shard(args.shard, "--shard");
    if (cfg.dynamic)
      throw InputError(cfg.source_file.string(), cfg.dynamic->line, "dynamic",
                       "--shard is not supported for dynamic experiments");
  }
  if (args.jobs > 1 && cfg.dynamic)
    throw InputError(cfg.source_file.string(), cfg.dynamic->line, "dynamic",
                     "--jobs is not supported for dynamic experiments");
  opt.summary_by = args.by_map ? GroupBy::Map : cfg.summary_by;
  // An experiment with a `dynamic:` section runs agents through changing maps instead of static
  // queries (harness/runner/dynamic_runner.h).
  if (cfg.dynamic) {
    const DynamicOutcome out = run_dynamic_experiment(cfg, *cfg.dynamic, opt, std::cout);
    std::cout << '\n';
    print_dynamic_summary(std::cout, out.rows);
    std::cout << fmt::format("\n{} agent runs, {} invalid. Results: {}\n", out.rows.size(),
                             out.invalid, out.dir.string());
    if (out.invalid > 0) {
      std::cerr << fmt::format("error: {} runs failed validation (see the error column of {})\n",
                               out.invalid, (out.dir / "dynamic.csv").string());
      return 3;
    }
    return 0;
  }
  RunOutcome out;
  try {
    if (parallel_resume)
      out = resume_parallel(args.options.resume_dir, opt, std::cout);
    else if (args.jobs > 1)
      out = run_parallel(cfg, opt, args.jobs, std::cout);
    else
      out = run_experiment(cfg, opt, std::cout);
  } catch (const RunWriteError& e) {
    std::cerr << fmt::format(
        "error: {}\nthe rows written so far are kept in {}; once the cause is fixed (free disk "
        "space), resume with: pathbench run --resume {}\n",
        e.what(), e.staging().string(), e.staging().string());
    return 1;
  }
  if (out.interrupted) {
    std::cerr << interruption_message(out);
    return 128 + out.signal;  // as a shell reports a process ended by it
  }
  std::cout << '\n';
  print_summary_table(std::cout, out.summary);
  std::cout << fmt::format("\n{} rows, {} invalid. Results: {}\n", out.rows, out.invalid,
                           out.dir.string());
  std::cout << fmt::format("Tables: {}/summary.md. Plots and report.html: pathbench report {}\n",
                           out.dir.string(), out.dir.string());
  if (out.invalid > 0) {
    std::cerr << fmt::format("error: {} results failed validation (see the error column of {})\n",
                             out.invalid, (out.dir / "runs.csv").string());
    return 3;
  }
  return 0;
}

int solve_command(const SolveArgs& a) {
  const Grid grid = read_map(a.map, MapLoadOptions{rules_of(a.connectivity, a.corner_cutting), {}});
  const Query q{parse_point(a.start, "--start"), parse_point(a.goal, "--goal")};
  // A blocked endpoint is bad input like an out-of-range one: one message on stderr, not a JSON
  // result with status invalid_query.
  const auto check_endpoint = [&](Point p, const char* option) {
    if (!grid.in_bounds(p.x, p.y))
      throw InputError("command line", 0, option,
                       fmt::format("({},{}) is outside the {}x{} map {}", p.x, p.y, grid.width(),
                                   grid.height(), a.map));
    if (!grid.passable(p.x, p.y))
      throw InputError("command line", 0, option,
                       fmt::format("({},{}) is a blocked cell of {}", p.x, p.y, a.map));
  };
  check_endpoint(q.start, "--start");
  check_endpoint(q.goal, "--goal");
  // Name the option to fix, as `run` names the YAML key.
  ConfiguredPlanner cp;
  try {
    cp = make_planner(a.planner, parse_sets(a.set));
  } catch (const UnknownPlannerError& e) {
    throw InputError("command line", 0, "--planner", e.what());
  } catch (const ParamError& e) {
    throw InputError("command line", 0, "--set", e.what());
  }
  if (const std::string why = check_support(cp.planner->capabilities(), grid); !why.empty())
    throw InputError("command line", 0, "--planner", "planner '" + a.planner + "' " + why);
  if (!a.trace.empty()) {
    require_traceable(*cp.planner, a.planner, "--planner");
    check_posthoc_path(a.trace, "--trace", a.overwrite);
  }
  cp.planner->prepare(grid);
  Budget budget;
  if (std::string problem = time_limit_problem(a.time_limit_s); !problem.empty())
    throw InputError("command line", 0, "--time-limit", problem);
  budget.time_limit_s = a.time_limit_s;
  SearchResult r;
  const auto t0 = std::chrono::steady_clock::now();
  cp.planner->solve(q, budget, r);
  const double us =
      std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
  if (!a.trace.empty()) {
    // Traced again for the file; the JSON below reports the untraced run.
    const RenderPanel traced =
        run_traced(grid, q, *cp.planner, a.planner, cp.params.to_string(), budget, true);
    write_posthoc_trace_file(a.trace, "--trace", a.overwrite, grid, q, traced,
                             std::filesystem::path(a.map).filename().string());
  }
  nlohmann::json path = nlohmann::json::array();
  for (CellId c : r.path) path.push_back({grid.x_of(c), grid.y_of(c)});
  nlohmann::json out = {
      {"planner", a.planner},
      {"params", cp.params.to_string()},
      {"status", std::string(to_string(r.status))},
      {"cost", r.status == Status::Solved ? nlohmann::json(r.cost) : nlohmann::json()},
      {"expansions", r.counters.expansions},
      {"generated", r.counters.generated},
      {"time_us", us},
      {"path", path}};
  if (!r.message.empty()) out["message"] = r.message;
  std::cout << out.dump() << '\n';
  return r.status == Status::InvalidQuery ? 2 : 0;
}

int list_command() {
  for (const PlannerInfo& p : planner_registry()) {
    std::cout << p.name << " - " << p.summary << '\n';
    for (const ParamSpec& s : p.params)
      std::cout << fmt::format(
          "    {:<16} {} (default {}): {}\n", s.name, param_text(s),
          s.type == ParamType::String && format_param_value(s.default_value).empty()
              ? std::string("none")
              : format_param_value(s.default_value),
          s.doc);
    if (!p.fixed.empty()) {
      std::cout << "    fixed:";
      for (const auto& [k, v] : p.fixed) std::cout << ' ' << k << '=' << format_param_value(v);
      std::cout << '\n';
    }
  }
  return 0;
}

int gen_map_command(const GenMapArgs& a) {
  MapShape shape;
  shape.kind = a.kind == "random" ? MapKind::Random
               : a.kind == "maze" ? MapKind::Maze
                                  : MapKind::Rooms;
  shape.width = a.width;
  shape.height = a.height;
  shape.density = a.density;
  shape.corridor_width = a.corridor_width;
  shape.room_size = a.room_size;
  // The rules of a YAML `generated:` dataset, so both accept the same maps.
  if (const auto problem = map_shape_problem(shape)) {
    std::string option = "--" + problem->field;
    std::replace(option.begin(), option.end(), '_', '-');
    throw InputError("command line", 0, option, problem->message);
  }
  const Grid g = generate_map(shape, a.seed);
  write_map(a.output, g);
  std::cout << fmt::format("wrote {} ({}x{}, {} passable cells)\n", a.output, g.width(), g.height(),
                           g.count_passable());
  return 0;
}

int gen_scen_command(const GenScenArgs& a) {
  Grid g = read_map(a.map, MapLoadOptions{rules_of(a.connectivity, a.corner_cutting), {}});
  const std::string name = std::filesystem::path(a.map).filename().string();
  std::vector<ScenEntry> entries;
  try {
    entries = generate_scenarios(g, name, a.per_bucket, a.seed, a.max_buckets);
  } catch (const std::invalid_argument& e) {
    throw InputError("command line", 0, "gen-scen", e.what());
  }
  const std::string out = a.output.empty() ? a.map + ".scen" : a.output;
  write_scen(out, entries);
  std::cout << fmt::format("wrote {} ({} queries)\n", out, entries.size());
  return 0;
}

}  // namespace pathbench::cli
