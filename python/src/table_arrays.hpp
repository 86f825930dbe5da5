// Columns kept in memory (a history_table's) as NumPy arrays for pandas:
// numbers as float64, texts as object arrays of str, each distinct text one
// Python object shared by its cells.
#pragma once

#include <ratekit/host/output/files/history_table.hpp>

#include <pybind11/pybind11.h>

#include <vector>

namespace ratekit::python {

// [(name, array)] in the columns' order.
pybind11::list table_arrays(const std::vector<table_column>& columns);

}  // namespace ratekit::python
