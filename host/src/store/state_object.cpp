#include "store/state_object.hpp"

#include "store/row_numbers.hpp"
#include "store/sqlite.hpp"

#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/escape.hpp>
#include <ratekit/host/text/format.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ratekit::store {

state_object::state_object(const std::vector<std::string>& names) : order_(names.size()) {
  std::iota(order_.begin(), order_.end(), size_t(0));
  std::sort(order_.begin(), order_.end(), [&](size_t a, size_t b) { return names[a] < names[b]; });
  for (const size_t f : order_) {
    std::string key(1, keys_.empty() ? '{' : ',');
    key += json_text(nlohmann::json(names[f]));
    keys_.push_back(key + ':');
  }
}

std::string_view state_object::write(const double* values) {
  text_.clear();
  if (keys_.empty()) return {};
  char number[max_number_chars];
  for (size_t k = 0; k < keys_.size(); ++k) {
    text_ += keys_[k];
    const double v = values[order_[k]];
    if (std::isnan(v))
      text_ += "null";
    else
      text_.append(number, write_number(number, v));
  }
  text_ += '}';
  return text_;
}

std::vector<std::pair<std::string, double>> read_state_object(std::string_view text, const database& db,
                                                              const std::string& where) {
  const nlohmann::json object = nlohmann::json::parse(text, nullptr, false);
  auto damaged = [&](const std::string& what) -> std::vector<std::pair<std::string, double>> {
    throw damaged_row(db, where + ": expected " + what + ", found '" + valid_utf8(text.substr(0, 80)) + "'");
  };
  if (!object.is_object()) return damaged("a JSON object of state fields");
  std::vector<std::pair<std::string, double>> fields;
  for (const auto& [name, value] : object.items()) {
    if (!value.is_null() && !(value.is_number() && std::isfinite(value.get<double>())))
      return damaged("a finite number or null for field '" + name + "'");
    fields.emplace_back(name, value.is_null() ? NAN : value.get<double>());
  }
  std::sort(fields.begin(), fields.end());
  return fields;
}

namespace {

void number_text(sqlite3_context* context, int, sqlite3_value** args) {
  if (sqlite3_value_type(args[0]) == SQLITE_NULL) return sqlite3_result_null(context);
  char number[max_number_chars];
  const char* end = write_number(number, sqlite3_value_double(args[0]));
  sqlite3_result_text(context, number, int(end - number), SQLITE_TRANSIENT);
}

}  // namespace

void add_number_text_function(sqlite_database& db) {
  if (sqlite3_create_function_v2(db.handle(), "number_text", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nullptr,
                                 number_text, nullptr, nullptr, nullptr) != SQLITE_OK)
    db.fail("rating database");
}

}  // namespace ratekit::store
