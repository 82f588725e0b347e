// pathbench.Grid: a map held by Python. Immutable once built (planners keep pointers into it and
// searches run without the GIL), shared by every Planner made on it.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <string>

#include "algorithms/core/grid.h"

namespace pathbench::python {

struct PyGrid {
  std::shared_ptr<const Grid> grid;
  // The map file as the caller named it (the CLI's messages show the --map text), or
  // "<numpy array>"; used in error messages.
  std::string source;
};

// Binds Grid (built from NumPy arrays) and load_map.
void bind_grid(pybind11::module_& m);

}  // namespace pathbench::python
