#include "harness/python/py_planners.h"

#include <fmt/format.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <chrono>
#include <climits>
#include <cmath>
#include <filesystem>
#include <iterator>
#include <limits>
#include <mutex>

#include "algorithms/core/input_error.h"
#include "algorithms/registry/planner_registry.h"
#include "datasets/query_endpoints.h"
#include "harness/python/py_grid.h"
#include "harness/runner/path_validation.h"
#include "harness/runner/solve_timing.h"

namespace py = pybind11;

namespace pathbench::python {
namespace {

using Clock = std::chrono::steady_clock;

py::object to_python(const ParamValue& v) {
  return std::visit([](const auto& x) -> py::object { return py::cast(x); }, v);
}

const char* type_name(ParamType t) {
  static constexpr const char* kNames[] = {"bool", "int", "real", "choice", "string"};
  static_assert(std::size(kNames) == static_cast<std::size_t>(ParamType::String) + 1);
  return kNames[static_cast<std::size_t>(t)];
}

py::list planners() {
  py::list out;
  for (const PlannerInfo& p : planner_registry()) {
    py::list params;
    for (const ParamSpec& s : p.params) {
      py::dict d;
      d["name"] = s.name;
      d["type"] = type_name(s.type);
      d["default"] = to_python(s.default_value);
      const bool ranged = s.type == ParamType::Int || s.type == ParamType::Real;
      d["min"] = ranged ? py::object(py::float_(s.min)) : py::none();
      d["max"] = ranged ? py::object(py::float_(s.max)) : py::none();
      d["choices"] = s.choices;
      d["doc"] = s.doc;
      params.append(d);
    }
    py::dict info;
    info["name"] = p.name;
    info["summary"] = p.summary;
    info["params"] = params;
    py::dict fixed;
    for (const auto& [key, value] : p.fixed) fixed[py::str(key)] = to_python(value);
    info["fixed"] = fixed;
    out.append(info);
  }
  return out;
}

// Python values become the text a YAML file or --set would hold, so they go through the same
// resolve_params checks (unknown name, type, range, choices) as the CLI's.
RawParams raw_params(const py::kwargs& kwargs, const char* where) {
  RawParams raw;
  for (const auto& [key, value] : kwargs) {
    const std::string name = py::str(key);
    std::string text;
    if (PyBool_Check(value.ptr()))
      text = value.cast<bool>() ? "true" : "false";
    else if (PyIndex_Check(value.ptr()))
      text = py::str(py::int_(py::reinterpret_borrow<py::object>(value)));
    else if (PyFloat_Check(value.ptr()) ||
             py::isinstance(value, py::module_::import("numpy").attr("floating")))
      text = fmt::format("{}", value.cast<double>());
    else if (py::isinstance<py::str>(value))
      text = value.cast<std::string>();
    else
      throw InputError(
          where, 0, "**params",
          fmt::format("parameter '{}': expected a bool, int, float or str, got {}", name,
                      py::str(py::type::of(value).attr("__name__")).cast<std::string>()));
    raw[name] = text;
  }
  return raw;
}

Point to_point(py::handle h, const char* where, const char* field) {
  const auto bad = [&] {
    return InputError(
        where, 0, field,
        fmt::format("expected (x, y) integers, got {}", py::repr(h).cast<std::string>()));
  };
  if (py::isinstance<py::str>(h) || !PySequence_Check(h.ptr())) throw bad();
  const auto seq = py::reinterpret_borrow<py::sequence>(h);
  if (seq.size() != 2) throw bad();
  int xy[2] = {0, 0};
  for (int i = 0; i < 2; ++i) {
    const py::object item = seq[static_cast<std::size_t>(i)];
    if (PyBool_Check(item.ptr()) || !PyIndex_Check(item.ptr())) throw bad();
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(py::int_(item).ptr(), &overflow);
    if (overflow != 0 || v < INT_MIN || v > INT_MAX) throw bad();
    xy[i] = static_cast<int>(v);
  }
  return {xy[0], xy[1]};
}

struct PySolveResult {
  std::string planner, params, status, message;
  double cost = std::numeric_limits<double>::quiet_NaN();
  std::uint64_t expansions = 0, generated = 0, updates = 0, peak_open = 0;
  double time_us = 0.0, path_us = 0.0, prep_ms = 0.0;
  bool valid = false;
  std::string validation_error;
  py::object path;  // (n, 2) int64, rows (x, y), start..goal
  py::dict extras;  // planner-specific metrics (Planner::extra_columns)
};

// A planner prepared on one grid. Holding the grid's shared_ptr keeps it alive as long as the
// planner points into it. The mutex serialises queries: searches run without the GIL.
class PyPlanner {
 public:
  PyPlanner(const PyGrid& grid, const std::string& name, const py::kwargs& kwargs,
            const char* where)
      : grid_(grid), name_(name) {
    try {
      cp_ = make_planner(name, raw_params(kwargs, where));
    } catch (const UnknownPlannerError& e) {
      throw InputError(where, 0, "planner", e.what());
    } catch (const ParamError& e) {
      throw InputError(where, 0, "**params", e.what());
    }
    if (const std::string why = check_support(cp_.planner->capabilities(), *grid_.grid);
        !why.empty())
      throw InputError(where, 0, "planner", "planner '" + name + "' " + why);
    PlannerContext context;
    context.label = name;
    context.config_dir = std::filesystem::current_path();  // external commands run from here
    if (grid_.source != "<numpy array>") context.map_file = grid_.source;
    cp_.planner->set_context(context);
    py::gil_scoped_release unlocked;
    const auto t0 = Clock::now();
    cp_.planner->prepare(*grid_.grid);
    prep_ms_ = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  }

  PySolveResult solve(py::handle start, py::handle goal, double time_limit_s,
                      std::uint64_t max_expansions, double reference_cost, const char* where) {
    const Query q{to_point(start, where, "start"), to_point(goal, where, "goal")};
    check_endpoint(q.start, where, "start");
    check_endpoint(q.goal, where, "goal");
    if (std::string problem = time_limit_problem(time_limit_s); !problem.empty())
      throw InputError(where, 0, "time_limit", problem);
    Budget budget;
    budget.time_limit_s = time_limit_s;
    budget.max_expansions = max_expansions;
    // Refused like a map the planner cannot run on, rather than silently unbounded.
    if (const std::string why = check_budget_support(cp_.planner->capabilities(), budget);
        !why.empty())
      throw InputError(where, 0, budget.max_expansions ? "max_expansions" : "time_limit",
                       "planner '" + name_ + "' " + why);
    SearchResult r;
    PathCheck check;
    SolveTime us;
    {
      py::gil_scoped_release unlocked;
      const std::lock_guard<std::mutex> lock(mutex_);
      us = timed_solve(*cp_.planner, q, budget, r);
      check = check_result(*grid_.grid, q, r, reference_cost, cp_.planner->capabilities());
    }
    return to_result(r, check, us);
  }

  const std::string& name() const { return name_; }
  std::string params() const { return cp_.params.to_string(); }
  double prep_ms() const { return prep_ms_; }
  const PyGrid& grid() const { return grid_; }

 private:
  // The CLI's `solve` treats a bad endpoint as bad input, not as an invalid_query result; so
  // does Python, with the same sentence.
  void check_endpoint(Point p, const char* where, const char* field) const {
    check_query_endpoint(*grid_.grid, p, where, field, grid_.source);
  }

  PySolveResult to_result(const SearchResult& r, const PathCheck& check,
                          const SolveTime& us) const {
    const Grid& g = *grid_.grid;
    PySolveResult out;
    out.planner = name_;
    out.params = cp_.params.to_string();
    out.status = std::string(to_string(r.status));
    out.message = r.message;
    if (r.status == Status::Solved) out.cost = r.cost;
    out.expansions = r.counters.expansions;
    out.generated = r.counters.generated;
    out.updates = r.counters.updates;
    out.peak_open = r.counters.peak_open;
    out.time_us = us.search_us;
    out.path_us = us.path_us;
    out.prep_ms = prep_ms_;
    out.valid = check.valid;
    out.validation_error = check.error;
    py::array_t<std::int64_t> path({static_cast<py::ssize_t>(r.path.size()), py::ssize_t{2}});
    auto m = path.mutable_unchecked<2>();
    for (std::size_t i = 0; i < r.path.size(); ++i) {
      m(static_cast<py::ssize_t>(i), 0) = g.x_of(r.path[i]);
      m(static_cast<py::ssize_t>(i), 1) = g.y_of(r.path[i]);
    }
    out.path = std::move(path);
    const std::vector<std::string> names = cp_.planner->extra_columns();
    for (std::size_t i = 0; i < names.size() && i < r.extras.size(); ++i)
      out.extras[py::str(names[i])] = r.extras[i];
    return out;
  }

  PyGrid grid_;
  std::string name_;
  ConfiguredPlanner cp_;
  double prep_ms_ = 0.0;
  std::mutex mutex_;
};

constexpr const char* kSolveDoc =
    "Solves one query. start and goal are (x, y); a start or goal outside the map or on a blocked "
    "cell raises InputError, as the CLI does. time_limit (s) and max_expansions (0 = none) bound "
    "the search (InputError when the planner does not honour the one given); reference_cost, when "
    "given, is the optimum the result is validated against "
    "(else only the path's legality and cost are checked).";

}  // namespace

void bind_planners(py::module_& m) {
  m.def("planners", &planners,
        "Every planner: a list of dicts with name, summary, params (name, type, default, min, "
        "max, choices, doc) and fixed (a preset's hidden values).");

  // In groups: what ran; its outcome and validation; the search counters; the times.
  py::class_<PySolveResult>(m, "SolveResult")
      .def_readonly("planner", &PySolveResult::planner)
      .def_readonly("params", &PySolveResult::params, "every effective parameter, k=v;...")
      .def_readonly("status", &PySolveResult::status,
                    "solved, unreachable, timeout, crashed or protocol_error")
      .def_readonly("message", &PySolveResult::message, "the planner's reason when unsolved")
      .def_readonly("cost", &PySolveResult::cost, "NaN unless status == 'solved'")
      .def_readonly("path", &PySolveResult::path, "(n, 2) int64 array of (x, y), start..goal")
      .def_readonly("valid", &PySolveResult::valid, "the harness's validator accepted the result")
      .def_readonly("validation_error", &PySolveResult::validation_error)
      .def_readonly("expansions", &PySolveResult::expansions)
      .def_readonly("generated", &PySolveResult::generated)
      .def_readonly("updates", &PySolveResult::updates)
      .def_readonly("peak_open", &PySolveResult::peak_open)
      .def_readonly("extras", &PySolveResult::extras, "planner-specific metrics")
      .def_readonly("time_us", &PySolveResult::time_us, "the search alone, microseconds")
      .def_readonly("path_us", &PySolveResult::path_us,
                    "writing the path after the search, microseconds")
      .def_readonly("prep_ms", &PySolveResult::prep_ms, "the planner's per-map preparation")
      .def("__repr__", [](const PySolveResult& r) {
        return fmt::format(
            "<pathbench.SolveResult {} {} cost={} path={} cells expansions={} time_us={:.1f}>",
            r.planner, r.status, r.cost, py::len(r.path), r.expansions, r.time_us);
      });

  py::class_<PyPlanner>(m, "Planner",
                        "A planner prepared once on a grid (timed as prep_ms); solve() then runs "
                        "one query at a time without preparing again.")
      .def(py::init([](const PyGrid& grid, const std::string& planner, const py::kwargs& kw) {
             return std::make_unique<PyPlanner>(grid, planner, kw, "Planner()");
           }),
           py::arg("grid"), py::arg("planner") = "jps")
      .def(
          "solve",
          [](PyPlanner& p, py::handle start, py::handle goal, double time_limit,
             std::uint64_t max_expansions, double reference_cost) {
            return p.solve(start, goal, time_limit, max_expansions, reference_cost,
                           "Planner.solve()");
          },
          py::arg("start"), py::arg("goal"), py::kw_only(), py::arg("time_limit") = 0.0,
          py::arg("max_expansions") = 0,
          py::arg("reference_cost") = std::numeric_limits<double>::quiet_NaN(), kSolveDoc)
      .def_property_readonly("name", &PyPlanner::name)
      .def_property_readonly("params", &PyPlanner::params)
      .def_property_readonly("prep_ms", &PyPlanner::prep_ms)
      .def_property_readonly("grid", &PyPlanner::grid);

  m.def(
      "solve",
      [](const PyGrid& grid, py::handle start, py::handle goal, const std::string& planner,
         double time_limit, std::uint64_t max_expansions, double reference_cost,
         const py::kwargs& kw) {
        PyPlanner p(grid, planner, kw, "solve()");
        return p.solve(start, goal, time_limit, max_expansions, reference_cost, "solve()");
      },
      py::arg("grid"), py::arg("start"), py::arg("goal"), py::arg("planner") = "jps", py::kw_only(),
      py::arg("time_limit") = 0.0, py::arg("max_expansions") = 0,
      py::arg("reference_cost") = std::numeric_limits<double>::quiet_NaN(), kSolveDoc);
}

}  // namespace pathbench::python
