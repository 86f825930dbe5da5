#include "frame_columns.hpp"

#include <ratekit/host/text/diagnostics.hpp>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>

namespace py = pybind11;

namespace ratekit::python {
namespace {

// A row's value that is no text: a problem named like the reader's.
[[noreturn]] void not_text(const std::string& source, const std::string& column, size_t row, PyObject* value) {
  const std::string type = Py_TYPE(value)->tp_name;
  throw user_error(source, 0, 0,
                   "row " + std::to_string(row) + ", column '" + column + "': expected text, got " +
                       py::repr(py::handle(value)).cast<std::string>() + " (" + type + ")");
}

// None, NaN, or pandas' NA or NaT (`na`, `nat`): an empty cell.
bool is_missing(PyObject* v, PyObject* na, PyObject* nat) {
  return v == Py_None || v == na || v == nat || (PyFloat_Check(v) && std::isnan(PyFloat_AS_DOUBLE(v)));
}

// yyyymmdd of a datetime64[ns] value; 0 for NaT.
int32_t day_of(int64_t ns) {
  if (ns == std::numeric_limits<int64_t>::min()) return 0;
  using namespace std::chrono;
  const int64_t day_ns = int64_t(86400) * 1000000000;
  const int64_t days = ns / day_ns - (ns % day_ns < 0 ? 1 : 0);
  const year_month_day ymd{sys_days{std::chrono::days{days}}};
  return int32_t(int(ymd.year()) * 10000 + int(unsigned(ymd.month())) * 100 + int(unsigned(ymd.day())));
}

// A column's values, 1-d and `rows` long, in whatever strides the frame holds
// them (a reversed or sliced frame's column is strided).
py::array one_column(const py::handle& values, size_t rows, const std::string& source, const std::string& column) {
  const py::array a = py::array::ensure(values);
  if (!a || a.ndim() != 1 || size_t(a.shape(0)) != rows)
    throw user_error(source, 0, 0,
                     "column '" + column + "': expected " + std::to_string(rows) + " values in one dimension");
  return a;
}

}  // namespace

frame_columns::frame_columns(const py::dict& columns, const std::vector<std::string>& unknown, size_t rows,
                             std::string source) {
  in_.source = std::move(source);
  in_.rows = rows;
  in_.unknown = unknown;
  texts_.reserve(columns.size());
  held_.reserve(columns.size());
  reals_.reserve(columns.size());
  days_.reserve(columns.size());
  for (const auto& [key, value] : columns) {
    const auto name = key.cast<std::string>();
    size_t c = 0;
    while (c < games_csv_columns.size() && games_csv_columns[c] != name) ++c;
    if (c == games_csv_columns.size()) throw user_error(in_.source, 0, 0, "no games-csv column '" + name + "'");
    const auto spec = value.cast<py::tuple>();
    game_column& col = in_.columns[c];
    col.present = true;
    col.name = spec[0].cast<std::string>();
    const auto kind = spec[1].cast<std::string>();
    const py::array values = one_column(spec[2], rows, in_.source, col.name);
    if (kind == "number") {  // copied: the frame's buffer may change while the reader reads
      auto a = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(values);
      if (!a) throw user_error(in_.source, 0, 0, "column '" + col.name + "': expected numbers");
      col.number = reals_.emplace_back(a.data(), a.data() + rows).data();
    } else if (kind == "datetime") {
      auto a = py::array_t<int64_t, py::array::c_style | py::array::forcecast>::ensure(values);
      if (!a) throw user_error(in_.source, 0, 0, "column '" + col.name + "': expected dates");
      auto& days = days_.emplace_back(rows);
      for (size_t i = 0; i < rows; ++i) days[i] = day_of(a.data()[i]);
      col.day = days.data();
    } else {  // "text", or "name": text only, a number is no player's name
      if (values.dtype().kind() != 'O') throw user_error(in_.source, 0, 0, "column '" + col.name + "': expected text");
      col.text = texts_.emplace_back(text_views(values, kind == "name", col.name)).data();
    }
  }
}

std::vector<std::string_view> frame_columns::text_views(const py::array& values, bool names,
                                                        const std::string& column) {
  const auto* cells = static_cast<const char*>(values.data());
  const py::ssize_t stride = values.strides(0);
  const py::module_ pandas = py::module_::import("pandas");
  const py::object na = pandas.attr("NA"), nat = pandas.attr("NaT");
  auto& held = held_.emplace_back();
  held.reserve(in_.rows);
  std::vector<std::string_view> views(in_.rows);
  for (size_t i = 0; i < in_.rows; ++i) {
    PyObject* v = *reinterpret_cast<PyObject* const*>(cells + py::ssize_t(i) * stride);
    held.push_back(py::reinterpret_borrow<py::object>(v));  // the views' string, whatever the frame does meanwhile
    if (PyUnicode_CheckExact(v) && PyUnicode_IS_COMPACT_ASCII(v)) {  // most names: their bytes in place
      views[i] = {static_cast<const char*>(PyUnicode_DATA(v)), size_t(PyUnicode_GET_LENGTH(v))};
      continue;
    }
    if (is_missing(v, na.ptr(), nat.ptr())) continue;
    if (!PyUnicode_Check(v) && !names && (PyFloat_Check(v) || (PyLong_Check(v) && !PyBool_Check(v)))) {
      views[i] = numbers_.emplace_back(py::str(v).cast<std::string>());  // a number among text, as written
      continue;
    }
    if (!PyUnicode_Check(v)) not_text(in_.source, column, i, v);
    Py_ssize_t size = 0;
    const char* utf8 = PyUnicode_AsUTF8AndSize(v, &size);  // kept with the string
    if (!utf8) {
      PyErr_Clear();
      throw user_error(in_.source, 0, 0,
                       "row " + std::to_string(i) + ", column '" + column + "': expected text in UTF-8");
    }
    views[i] = {utf8, size_t(size)};
  }
  return views;
}

}  // namespace ratekit::python
