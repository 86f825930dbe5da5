#include "serve/lists.hpp"

#include "output/files/rating_order.hpp"
#include "store/row_numbers.hpp"
#include "store/standings.hpp"
#include "store/state_object.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <unordered_map>

namespace ratekit::serve {

namespace {

using store::statement;

// last_active: the date of the last period counted in which he played (yyyymmdd), for every model.
bool host_column(const std::string& c) {
  return c == "games" || c == "peak" || c == "last_period" || c == "last_played" || c == "last_active";
}

// rating first, then the model's fields in its order, then any other by name.
std::vector<std::string> shown_fields(const ratings_list& rows, const std::vector<std::string>& model_fields) {
  std::vector<std::string> others;
  for (const auto& c : rows.columns)
    if (c != "rating" && !host_column(c)) others.push_back(c);
  const auto rank = [&](const std::string& f) {
    return size_t(std::find(model_fields.begin(), model_fields.end(), f) - model_fields.begin());
  };
  std::sort(others.begin(), others.end(), [&](const auto& a, const auto& b) {
    return rank(a) != rank(b) ? rank(a) < rank(b) : a < b;
  });
  others.insert(others.begin(), "rating");
  return others;
}

void order_rows(rating_list& list) {
  const int rating = list.rows.column("rating");
  std::vector<double> by_id(size_t(list.players.size()), NAN);
  for (size_t row = 0; row < list.rows.ids.size(); ++row) by_id[size_t(list.rows.ids[row])] = list.rows.value(row, rating);
  std::vector<int32_t> ids = list.rows.ids;
  order_by_rating(ids, by_id.data(), list.players);
  std::vector<size_t> row_of(size_t(list.players.size()));
  for (size_t row = 0; row < list.rows.ids.size(); ++row) row_of[size_t(list.rows.ids[row])] = row;
  list.order.clear();
  list.rank.clear();
  list.position.assign(list.rows.ids.size(), 0);
  for (const int32_t id : ids) {
    const size_t row = row_of[size_t(id)];
    const bool tied = !list.order.empty() && list.rows.value(list.order.back(), rating) == list.rows.value(row, rating);
    list.rank.push_back(tied ? list.rank.back() : int64_t(list.order.size()) + 1);
    list.position[row] = list.order.size();
    list.order.push_back(row);
  }
}

// Finds players by name without a scan, and from many threads: the name index
// is completed now (player_table::find completes it on first use otherwise).
void index_rows(rating_list& list) {
  list.row_of_id.assign(size_t(list.players.size()), -1);
  for (size_t row = 0; row < list.rows.ids.size(); ++row) list.row_of_id[size_t(list.rows.ids[row])] = long(row);
  (void)list.players.find("");
}

// Each player's rating and state fields after his last period among the first
// `periods` (in list order), his games in them and the highest of their ratings.
ratings_list rows_before(store::database& db, const competition& c, size_t periods, player_table& players) {
  statement s = db.prepare(
      "SELECT r.player_id, p.name, r.period_id, r.rating, r.games, r.state, p.external_id, p.federation, p.birth_year "
      "FROM ratings r JOIN players p ON p.id = r.player_id WHERE p.competition_id = ?1 ORDER BY r.player_id");
  s.bind(1, c.id);
  ratings_list rows;
  const auto rating = size_t(rows.add_column("rating")), games = size_t(rows.add_column("games")),
             peak = size_t(rows.add_column("peak")), active = size_t(rows.add_column("last_active"));
  std::unordered_map<int64_t, size_t> row_of;  // by the player's id in the database
  std::vector<size_t> latest;                  // by row: the position of the period its values are of
  while (s.step()) {
    const auto at = c.position.find(s.integer(2));
    if (at == c.position.end() || at->second >= periods) continue;
    const auto [it, fresh] = row_of.try_emplace(s.integer(0), rows.ids.size());
    const size_t row = it->second;
    const std::string name(s.text(1));
    // Damage is refused as `ratekit history` refuses it (store/row_numbers.hpp), never shown as a number.
    const std::string where = "table ratings, player '" + name + "', period '" + c.periods[at->second].label + "', ";
    const double rated = store::required_number(db, s, 3, where + "rating");
    const int64_t played = store::games_count(db, s, 4, where + "games");
    if (fresh) {
      const int32_t id = players.intern(name);
      store::read_player_facts(db, s, 6, name, players, id);
      rows.add_row(id);
      latest.push_back(at->second);
      rows.at(row, games) = 0;
      rows.at(row, peak) = -INFINITY;
      rows.at(row, active) = 0;
    }
    rows.at(row, games) += double(played);
    rows.at(row, active) = std::max(rows.at(row, active), double(c.periods[at->second].date));  // a row: he played
    rows.at(row, peak) = std::max(rows.at(row, peak), rated);
    if (!fresh && at->second < latest[row]) continue;
    latest[row] = at->second;
    rows.at(row, rating) = rated;
    if (s.is_null(5)) continue;
    for (const auto& [field, v] : store::read_state_object(s.text(5), db, where + "state")) {
      const int col = rows.column(field);
      rows.at(row, size_t(col < 0 ? rows.add_column(field) : col)) = v;
    }
  }
  return rows;
}

}  // namespace

long rating_list::find(std::string_view player) const {
  const int32_t id = players.find(player);
  return id < 0 ? -1 : row_of_id[size_t(id)];
}

size_t periods_counted(const competition& c, int32_t date) {
  if (date == 0) return c.periods.size();
  return size_t(std::upper_bound(c.periods.begin(), c.periods.end(), date,
                                 [](int32_t d, const period& p) { return d < p.date; }) -
                c.periods.begin());
}

rating_list list_of_periods(store::database& db, const competition& c, size_t counted,
                            const std::vector<std::string>& model_fields) {
  rating_list list;
  if (counted == c.periods.size()) {
    // Each run keeps the list now in table standings; a database of an older ratekit has it computed.
    auto now = store::read_standings(db, c.id, list.players);
    list.rows = now ? std::move(*now) : store::standings_from_history(db, c.name, list.players);
  } else {
    list.rows = rows_before(db, c, counted, list.players);
  }
  if (counted > 0) {
    list.period = c.periods[counted - 1].label;
    list.date = c.periods[counted - 1].date;
  }
  list.fields = shown_fields(list.rows, model_fields);
  list.categories = c.categories;
  order_rows(list);
  index_rows(list);
  return list;
}

}  // namespace ratekit::serve
