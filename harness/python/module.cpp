// `import pathbench`'s compiled half (_pathbench); pathbench/__init__.py re-exports it and adds
// the pandas readers. Every function goes through the same C++ code as the CLI.
#include <pybind11/pybind11.h>

#include "harness/python/py_errors.h"
#include "harness/python/py_grid.h"
#include "harness/python/py_planners.h"
#include "harness/python/py_run.h"

PYBIND11_MODULE(_pathbench, m) {
  m.doc() = "pathbench: grid pathfinding planners, experiments and results from Python";
  pathbench::python::register_errors(m);
  pathbench::python::bind_grid(m);
  pathbench::python::bind_planners(m);
  pathbench::python::bind_run(m);
}
