// The `state` column of `ratings` (layout 5): a player's shown state fields at
// the end of a period as one JSON object, {"rd":87.5,"volatility":0.06}, keys
// in name order, numbers in the shortest form that reads back exactly, null
// for a missing value: one text for one state, however it was written. One row a player and period instead of one per field: a third fewer
// rows for a run to write, and a query reads json_extract(state, '$.rd').
#pragma once

#include "store/database.hpp"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ratekit::store {

class sqlite_database;

class state_object {
 public:
  explicit state_object(const std::vector<std::string>& names);  // the fields, in the model's order
  // The object of `values`, one per name; empty when there are no names (stored as NULL).
  std::string_view write(const double* values);

 private:
  std::vector<size_t> order_;      // the fields by name
  std::vector<std::string> keys_;  // {"rd":   ,"volatility":   in that order
  std::string text_;
};

// The fields of a stored object, sorted by name. Anything but an object of
// finite numbers and nulls (NaN) is a damaged row, named by `where`.
std::vector<std::pair<std::string, double>> read_state_object(std::string_view text, const database& db,
                                                              const std::string& where);

// Adds the SQL function number_text(x): x as state_object writes it, so the
// upgrade from layout 4 builds the same objects from period_states in SQL.
void add_number_text_function(sqlite_database& db);

}  // namespace ratekit::store
