// A DataFrame's columns as games-csv's (game_columns): text as views of the
// Python strings, numbers and dates as arrays, all made while the GIL is held
// so the engine's reader thread reads them without it.
#pragma once

#include <ratekit/host/input/game_columns.hpp>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace ratekit::python {

class frame_columns {
 public:
  // `columns`: games-csv's column name -> (the program's name, kind, array), where kind
  // is "text" (an object array of str or numbers; None and NaN read as empty),
  // "name" (as text, but str only), "number"
  // (float64) or "datetime" (datetime64[ns]).
  frame_columns(const pybind11::dict& columns, size_t rows, std::string source);
  const game_columns& columns() const { return in_; }

 private:
  game_columns in_;
  std::vector<pybind11::object> kept_;  // the arrays the views and pointers point into
  std::vector<std::vector<std::string_view>> texts_;
  std::vector<std::vector<int32_t>> days_;
  std::deque<std::string> numbers_;  // numbers met in text columns, as text
};

}  // namespace ratekit::python
