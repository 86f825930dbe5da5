// A DataFrame's columns as games-csv's (game_columns): text as views of the
// Python strings, each held by a reference of its own; numbers and dates
// copied. All made while the GIL is held, so the engine's reader thread reads
// them without it, whatever the frame's layout and whatever other threads do
// to the frame meanwhile.
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
  // is "text" (an object array of str or numbers; None, NaN, pd.NA and NaT read as empty),
  // "name" (as text, but str only), "number"
  // (float64) or "datetime" (datetime64[ns]), each 1-d and `rows` long, of any strides;
  // `unknown`: the program's columns games-csv has none of, refused by the reader.
  frame_columns(const pybind11::dict& columns, const std::vector<std::string>& unknown, size_t rows,
                std::string source);
  const game_columns& columns() const { return in_; }

 private:
  // Views of an object array's str values, each string held; a number among text as its text.
  std::vector<std::string_view> text_views(const pybind11::array& values, bool names, const std::string& column);

  game_columns in_;
  std::vector<std::vector<pybind11::object>> held_;  // the strings the views point into
  std::vector<std::vector<std::string_view>> texts_;
  std::vector<std::vector<double>> reals_;
  std::vector<std::vector<int32_t>> days_;
  std::deque<std::string> numbers_;  // numbers met in text columns, as text
};

}  // namespace ratekit::python
