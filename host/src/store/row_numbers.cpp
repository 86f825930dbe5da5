#include "store/row_numbers.hpp"

#include <ratekit/host/text/format.hpp>

#include <cmath>

namespace ratekit::store {

damaged_row::damaged_row(const database& db, const std::string& what)
    : user_error(db.file(), 0, 0, "damaged rating database: " + what) {}

double required_number(const database& db, const statement& s, int col, const std::string& where) {
  const double v = s.checked_number(col, where);
  if (std::isnan(v)) throw damaged_row(db, where + ": expected a finite number, found NULL");
  return v;
}

void check_host_value(const database& db, const std::string& where, std::string_view field, double v) {
  if (const std::string expected = host_value_problem(field, v); !expected.empty())
    throw damaged_row(db, where + ": expected " + expected + ", found " + format_number(v));
}

int64_t games_count(const database& db, const statement& s, int col, const std::string& where) {
  const double games = required_number(db, s, col, where);
  check_host_value(db, where, "games", games);
  return int64_t(games);
}

void read_player_facts(const database& db, const statement& s, int first, const std::string& player, player_table& players, int32_t id) {
  if (!s.is_null(first)) players.external_id.set(size_t(id), s.text(first));
  if (!s.is_null(first + 1)) players.federation.set(size_t(id), s.text(first + 1));
  const std::string born = "table players, player '" + player + "', birth_year";
  const double year = s.checked_number(first + 2, born);
  check_host_value(db, born, "birth_year", year);
  players.birth_year[size_t(id)] = year;
}

}  // namespace ratekit::store
