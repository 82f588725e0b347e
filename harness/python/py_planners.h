// The planner side of `import pathbench`: planners() (the registry with its parameter schemas),
// Planner (a planner prepared once on a Grid, then solve() per query) and solve() (one query).
#pragma once

#include <pybind11/pybind11.h>

namespace pathbench::python {

void bind_planners(pybind11::module_& m);

}  // namespace pathbench::python
