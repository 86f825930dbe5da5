// ratings.csv's columns held in memory instead of written: the same rows, cell
// for cell (output/files/ratings_csv.cpp builds both). What the Python module
// hands to pandas.
#pragma once

#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/output/files/table_rows.hpp>

#include <vector>

namespace ratekit {

// ratings.csv's columns, in its order, a row per player, highest rated first (ties by name).
std::vector<table_column> ratings_table(const run_result& r, const competition_config& config);

}  // namespace ratekit
