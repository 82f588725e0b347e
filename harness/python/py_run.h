// The experiment side of `import pathbench`: run(config) (what `pathbench run` does, returning the
// results directory) and the file readers read_runs builds on (runs.csv checks, .scen files).
#pragma once

#include <pybind11/pybind11.h>

namespace pathbench::python {

void bind_run(pybind11::module_& m);

}  // namespace pathbench::python
