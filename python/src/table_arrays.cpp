#include "table_arrays.hpp"

#include <pybind11/numpy.h>

namespace py = pybind11;

namespace ratekit::python {

namespace {

py::object text_array(const table_column& c) {
  py::list values;
  for (const std::string& v : c.values) values.append(py::str(v));
  const py::object distinct = py::module_::import("numpy").attr("array")(values, py::arg("dtype") = "object");
  // Each cell a reference to its value's str: numpy's take counts the references.
  const py::array_t<uint32_t> codes(py::ssize_t(c.codes.size()), c.codes.data());
  return distinct.attr("take")(codes);
}

}  // namespace

py::list table_arrays(const std::vector<table_column>& columns) {
  py::list out;
  for (const table_column& c : columns) {
    py::object values = c.text ? text_array(c)
                               : py::object(py::array_t<double>(py::ssize_t(c.numbers.size()), c.numbers.data()));
    out.append(py::make_tuple(c.name, std::move(values)));
  }
  return out;
}

}  // namespace ratekit::python
