#include "harness/python/py_grid.h"

#include <fmt/format.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <cmath>
#include <map>
#include <optional>

#include "algorithms/core/cost_range.h"
#include "algorithms/core/input_error.h"
#include "datasets/map_io.h"

namespace py = pybind11;

namespace pathbench::python {
namespace {

// The same caps as map files and generated maps (datasets/map_io.cpp, map_generators.cpp):
// CellIds are 32-bit, and a side past this is a mistake rather than a map.
constexpr py::ssize_t kMaxSide = 1 << 15;
constexpr py::ssize_t kMaxCells = py::ssize_t{1} << 26;

constexpr const char* kArrayWhere = "Grid()";
constexpr const char* kArraySource = "<numpy array>";

MoveRules rules_of(int connectivity, bool corner_cutting, const char* where) {
  if (connectivity != 4 && connectivity != 8)
    throw InputError(where, 0, "connectivity",
                     fmt::format("expected 4 or 8, got {}", connectivity));
  return {connectivity == 4 ? Connectivity::Four : Connectivity::Eight, corner_cutting};
}

// Indexed [y, x] like an image and like MovingAI's rows: shape is (height, width).
Grid grid_from_arrays(const py::array& passable, const std::optional<py::array>& cost,
                      MoveRules rules) {
  if (passable.ndim() != 2)
    throw InputError(
        kArrayWhere, 0, "passable",
        fmt::format("expected a 2-D array indexed [y, x], got {} dimensions", passable.ndim()));
  if (passable.dtype().kind() != 'b')
    throw InputError(kArrayWhere, 0, "passable",
                     fmt::format("expected a bool array (True = passable), got dtype {}",
                                 py::str(passable.dtype()).cast<std::string>()));
  const py::ssize_t h = passable.shape(0), w = passable.shape(1);
  if (h < 1 || w < 1 || h > kMaxSide || w > kMaxSide || h * w > kMaxCells)
    throw InputError(kArrayWhere, 0, "passable",
                     fmt::format("shape ({}, {}): each side must be in 1..{} and the cells at "
                                 "most {}",
                                 h, w, kMaxSide, kMaxCells));
  const auto free = py::array_t<bool, py::array::c_style | py::array::forcecast>::ensure(passable);
  Grid g(static_cast<int>(w), static_cast<int>(h), rules);
  const auto f = free.unchecked<2>();
  for (py::ssize_t y = 0; y < h; ++y)
    for (py::ssize_t x = 0; x < w; ++x)
      if (!f(y, x)) g.set_passable(static_cast<int>(x), static_cast<int>(y), false);
  if (!cost) return g;

  const char kind = cost->dtype().kind();
  if (kind != 'f' && kind != 'i' && kind != 'u')
    throw InputError(kArrayWhere, 0, "cost",
                     fmt::format("expected a real-valued array, got dtype {}",
                                 py::str(cost->dtype()).cast<std::string>()));
  if (cost->ndim() != 2 || cost->shape(0) != h || cost->shape(1) != w)
    throw InputError(kArrayWhere, 0, "cost", "expected the shape of passable");
  const auto c = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(*cost);
  const auto v = c.unchecked<2>();
  for (py::ssize_t y = 0; y < h; ++y)
    for (py::ssize_t x = 0; x < w; ++x) {
      if (!f(y, x)) continue;  // a blocked cell is never entered: its cost means nothing
      const double m = v(y, x);
      if (!std::isfinite(m) || m <= 0.0)
        throw InputError(kArrayWhere, 0, "cost",
                         fmt::format("cost[{}, {}] is {}; every passable cell needs a finite "
                                     "cost > 0",
                                     y, x, m));
      g.set_cell_cost(static_cast<int>(x), static_cast<int>(y), m);
    }
  // The costs must fit the searches' fixed point (algorithms/core/cost_range.h): refused here,
  // so no solve() on this grid can report a cost the search could not hold (issue 31).
  check_cost_range(g, kArrayWhere, 0, "cost");
  return g;
}

PyGrid load_map(const std::filesystem::path& path, int connectivity, bool corner_cutting,
                const std::map<std::string, double>& terrain) {
  MapLoadOptions options{rules_of(connectivity, corner_cutting, "load_map()"), {}};
  for (const auto& [ch, m] : terrain) {
    if (ch.size() != 1)
      throw InputError("load_map()", 0, "terrain",
                       fmt::format("keys are single map characters, got '{}'", ch));
    options.terrain_costs[ch[0]] = m;
  }
  PyGrid out;
  {
    py::gil_scoped_release unlocked;
    out.grid = std::make_shared<const Grid>(read_map(path, options));
  }
  out.source = path.string();
  return out;
}

py::array_t<bool> passable_array(const Grid& g) {
  py::array_t<bool> a({g.height(), g.width()});
  auto m = a.mutable_unchecked<2>();
  for (int y = 0; y < g.height(); ++y)
    for (int x = 0; x < g.width(); ++x) m(y, x) = g.passable(x, y);
  return a;
}

py::object cost_array(const Grid& g) {
  if (!g.has_terrain()) return py::none();
  py::array_t<double> a({g.height(), g.width()});
  auto m = a.mutable_unchecked<2>();
  for (int y = 0; y < g.height(); ++y)
    for (int x = 0; x < g.width(); ++x) m(y, x) = g.cell_cost(g.id(x, y));
  return a;
}

}  // namespace

void bind_grid(py::module_& m) {
  py::class_<PyGrid>(m, "Grid",
                     "A grid map: x is the column, y the row, (0, 0) the top-left cell. Arrays "
                     "are indexed [y, x], shape (height, width).")
      .def(py::init([](const py::array& passable, const std::optional<py::array>& cost,
                       int connectivity, bool corner_cutting) {
             PyGrid out;
             out.grid = std::make_shared<const Grid>(grid_from_arrays(
                 passable, cost, rules_of(connectivity, corner_cutting, "Grid()")));
             out.source = kArraySource;
             return out;
           }),
           py::arg("passable"), py::arg("cost") = py::none(), py::kw_only(),
           py::arg("connectivity") = 8, py::arg("corner_cutting") = false,
           "Builds a grid from a 2-D bool array (True = passable) and an optional real array of "
           "the same shape: entering cell (x, y) costs step length * cost[y, x].")
      .def_property_readonly("width", [](const PyGrid& g) { return g.grid->width(); })
      .def_property_readonly("height", [](const PyGrid& g) { return g.grid->height(); })
      .def_property_readonly(
          "shape",
          [](const PyGrid& g) { return py::make_tuple(g.grid->height(), g.grid->width()); })
      .def_property_readonly(
          "connectivity",
          [](const PyGrid& g) { return static_cast<int>(g.grid->rules().connectivity); })
      .def_property_readonly("corner_cutting",
                             [](const PyGrid& g) { return g.grid->rules().corner_cutting; })
      .def_property_readonly("source", [](const PyGrid& g) { return g.source; })
      .def_property_readonly(
          "passable", [](const PyGrid& g) { return passable_array(*g.grid); },
          "A copy, bool, shape (height, width), True = passable.")
      .def_property_readonly(
          "cost", [](const PyGrid& g) { return cost_array(*g.grid); },
          "A copy of the cost multipliers, or None for a uniform grid.")
      .def("count_passable", [](const PyGrid& g) { return g.grid->count_passable(); })
      .def("__repr__", [](const PyGrid& g) {
        return fmt::format("<pathbench.Grid {}x{} {}-connected{}{} from {}>", g.grid->width(),
                           g.grid->height(), static_cast<int>(g.grid->rules().connectivity),
                           g.grid->rules().corner_cutting ? ", corner cutting" : "",
                           g.grid->has_terrain() ? ", terrain costs" : "", g.source);
      });

  m.def("load_map", &load_map, py::arg("path"), py::kw_only(), py::arg("connectivity") = 8,
        py::arg("corner_cutting") = false, py::arg("terrain") = std::map<std::string, double>{},
        "Reads a MovingAI .map file. terrain maps passable characters to cost multipliers, "
        "e.g. {'S': 3.0}. Raises InputError (file and line) for a bad file.");
}

}  // namespace pathbench::python
