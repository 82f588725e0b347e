#include "harness/python/py_errors.h"

#include "algorithms/core/input_error.h"
#include "algorithms/core/params.h"
#include "algorithms/registry/planner_registry.h"
#include "harness/runner/experiment_runner.h"

namespace py = pybind11;

namespace pathbench::python {
namespace {

// Created once at import and kept for the interpreter's life: the translators run long after
// register_errors has returned. Leaked on purpose: destroying Python objects at C++ static
// destruction time, after the interpreter is gone, would crash on exit.
PyObject* g_input_error = nullptr;
PyObject* g_validation_error = nullptr;

void raise_input_error(const InputError& e) {
  py::object err = py::reinterpret_borrow<py::object>(g_input_error)(e.what());
  err.attr("file") = e.file();
  err.attr("line") = e.line();
  err.attr("field") = e.field();
  err.attr("message") = e.message();
  PyErr_SetObject(g_input_error, err.ptr());
}

}  // namespace

void register_errors(py::module_& m) {
  g_input_error = PyErr_NewExceptionWithDoc(
      "pathbench.InputError",
      "Bad input (map, scenario, config, planner name or parameter, query). str() is the message "
      "the pathbench CLI prints; file, line (0 = none), field ('' = none) and message (without "
      "the location) locate it.",
      PyExc_ValueError, nullptr);
  g_validation_error = PyErr_NewExceptionWithDoc(
      "pathbench.ValidationError",
      "run(): some results failed validation. dir is the results directory, invalid the count.",
      PyExc_RuntimeError, nullptr);
  m.add_object("InputError", py::handle(g_input_error));
  m.add_object("ValidationError", py::handle(g_validation_error));

  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const InputError& e) {
      raise_input_error(e);
    } catch (const ParamError& e) {
      // Outside an InputError only when no caller added a location (e.g. the registry itself).
      raise_input_error(InputError("parameters", 0, e.param(), e.what()));
    } catch (const UnknownPlannerError& e) {
      raise_input_error(InputError("planner", 0, "", e.what()));
    } catch (const ValidationFailed& e) {
      py::object err = py::reinterpret_borrow<py::object>(g_validation_error)(e.what());
      err.attr("dir") = e.dir().string();
      err.attr("invalid") = e.invalid();
      PyErr_SetObject(g_validation_error, err.ptr());
    } catch (const RunInterrupted& e) {
      PyErr_SetString(PyExc_KeyboardInterrupt, e.what());
    } catch (const RunWriteError& e) {
      PyErr_SetString(PyExc_OSError, e.what());
    }
  });
}

}  // namespace pathbench::python
