#include "harness/python/py_run.h"

#include <fmt/format.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <filesystem>
#include <optional>
#include <sstream>

#include "algorithms/core/input_error.h"
#include "datasets/input_file.h"
#include "datasets/scen_io.h"
#include "harness/config/dynamic_config.h"
#include "harness/config/experiment_config.h"
#include "harness/output/runs_csv_reader.h"
#include "harness/python/py_errors.h"
#include "harness/runner/experiment_runner.h"

namespace py = pybind11;
namespace fs = std::filesystem;

namespace pathbench::python {
namespace {

struct RunRequest {
  fs::path config;
  std::optional<fs::path> out;
  fs::path results_root;
  std::string tag;
  bool overwrite = false;
  bool save_paths = false;
  bool by_map = false;
  std::optional<fs::path> resume;
};

// The same steps and outcomes as cli::run_command (harness/cli/commands.cpp); where the CLI exits
// non-zero after a finished run, this raises with the CLI's sentence.
fs::path run_config(const RunRequest& req, std::ostream& log) {
  const ExperimentConfig cfg = load_experiment(req.config);
  RunOptions opt;
  if (req.out) opt.out_dir = *req.out;
  opt.results_root = req.results_root;
  opt.tag = req.tag;
  opt.overwrite = req.overwrite;
  opt.save_paths = req.save_paths;
  if (req.resume) opt.resume_dir = *req.resume;
  opt.summary_by = req.by_map ? GroupBy::Map : cfg.summary_by;
  RunOutcome out;
  try {
    out = run_experiment(cfg, opt, log);
  } catch (const RunWriteError& e) {
    throw RunWriteError(fmt::format("{}\nthe rows written so far are kept in {}; once the cause is "
                                    "fixed (free disk space), resume with: "
                                    "pathbench.run(config, resume='{}')",
                                    e.what(), e.staging().string(), e.staging().string()),
                        e.staging());
  }
  if (out.interrupted)
    throw RunInterrupted(
        fmt::format("run interrupted; the rows so far are kept in {}; resume with "
                    "pathbench.run(config, resume='{}')",
                    out.dir.string(), out.dir.string()));
  if (out.invalid > 0)
    throw ValidationFailed(
        fmt::format("{} {} failed validation (see the error column of {})", out.invalid,
                    out.dynamic ? "runs" : "results",
                    (out.dir / (out.dynamic ? "dynamic.csv" : "runs.csv")).string()),
        out.dir, out.invalid);
  return out.dir;
}

std::string run(const fs::path& config, const std::optional<fs::path>& out,
                const fs::path& results_root, const std::string& tag, bool overwrite,
                bool save_paths, bool by_map, const std::optional<fs::path>& resume, bool verbose) {
  const RunRequest req{config, out, results_root, tag, overwrite, save_paths, by_map, resume};
  std::ostringstream log;
  fs::path dir;
  {
    py::gil_scoped_release unlocked;
    dir = run_config(req, log);
  }
  if (verbose) py::print(log.str(), py::arg("end") = "");
  return dir.string();
}

// The checks `pathbench report` applies to runs.csv (columns, field syntax, duplicate keys), so
// read_runs refuses what the CLI refuses, with the same message. Returns the extra columns.
py::dict check_runs(const fs::path& dir) {
  if (std::string why = input_directory_problem(dir, "results directory"); !why.empty())
    throw InputError(dir.string(), 0, "", why);
  const fs::path csv = dir / "runs.csv";
  if (!fs::exists(csv))
    throw InputError(csv.string(), 0, "",
                     fs::exists(dir / "dynamic.csv")
                         ? "no such file: a dynamic experiment writes dynamic.csv, which "
                           "read_runs does not read"
                         : "no such file: not a results directory of pathbench run");
  RunsCsv runs;
  {
    py::gil_scoped_release unlocked;
    runs = read_runs_csv(csv);
  }
  py::dict out;
  out["path"] = csv.string();
  out["rows"] = runs.rows.size();
  out["extra_columns"] = *runs.extra_columns;
  return out;
}

// One tuple per line: (bucket, map, map_width, map_height, sx, sy, gx, gy, optimal).
py::list read_scen_rows(const fs::path& path) {
  const std::vector<ScenEntry> entries = read_scen(path);
  py::list out;
  for (const ScenEntry& e : entries)
    out.append(py::make_tuple(e.bucket, e.map, e.map_width, e.map_height, e.start.x, e.start.y,
                              e.goal.x, e.goal.y, e.optimal));
  return out;
}

// runs.csv's columns and types from the one schema (harness/output/run_schema.h), for read_runs.
py::list run_columns() {
  py::list out;
  for (const RunColumn& c : kRunSchema)
    out.append(py::make_tuple(std::string(c.name), std::string(to_string(c.type))));
  return out;
}

}  // namespace

void bind_run(py::module_& m) {
  m.def("run", &run, py::arg("config"), py::kw_only(), py::arg("out") = py::none(),
        py::arg("results_root") = fs::path("results"), py::arg("tag") = "",
        py::arg("overwrite") = false, py::arg("save_paths") = false, py::arg("by_map") = false,
        py::arg("resume") = py::none(), py::arg("verbose") = false,
        "Runs an experiment YAML as `pathbench run` does and returns its results directory. "
        "Options mirror the CLI's (--out, --results-root, --tag, --overwrite, --save-paths, "
        "--by-map, --resume); verbose prints the run's log. Raises InputError for a bad config, "
        "ValidationError when results fail validation, OSError when a write fails.");
  m.def("_check_runs", &check_runs, py::arg("dir"));
  m.def("_read_scen_rows", &read_scen_rows, py::arg("path"));
  m.def("_run_columns", &run_columns);
}

}  // namespace pathbench::python
