#include "store/standings.hpp"

#include "store/period_dates.hpp"
#include "store/row_batch.hpp"
#include "store/row_numbers.hpp"
#include "store/state_object.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace ratekit::store {
namespace {

std::string competition_name(database& db, int64_t competition) {
  statement s = db.prepare("SELECT name FROM competitions WHERE id = ?1");
  s.bind(1, competition);
  return s.step() ? std::string(s.text(0)) : std::string();
}

// The date of the last period each player of competition `id` played in, by his id in the database.
// A player has a row of ratings for each period he played in: the index by player holds them all, and is read alone.
std::unordered_map<int64_t, int32_t> last_active_by_id(database& db, int64_t id) {
  const std::unordered_map<int64_t, int32_t> dates = period_dates_of(db, id);
  statement s = db.prepare("SELECT r.player_id, r.period_id FROM players p JOIN ratings r ON r.player_id = p.id "
                           "WHERE p.competition_id = ?1");
  s.bind(1, id);
  std::unordered_map<int64_t, int32_t> last;
  while (s.step()) {
    const auto date = dates.find(s.integer(1));
    int32_t& l = last[s.integer(0)];
    if (date != dates.end()) l = std::max(l, date->second);
  }
  return last;
}

std::unordered_map<std::string, int64_t> ids_by_name(database& db, int64_t competition) {
  statement s = db.prepare("SELECT id, name FROM players WHERE competition_id = ?1");
  s.bind(1, competition);
  std::unordered_map<std::string, int64_t> ids;
  while (s.step()) ids.emplace(std::string(s.text(1)), s.integer(0));
  return ids;
}

// A list row's date of his last period played (yyyymmdd, 0 for none) and its state fields, refused when damaged
// (text or NULL for the date, a rating missing, a count of no games) as `ratekit history` refuses its rows.
double checked_last_active(database& db, const statement& s, int col, const std::string& row) {
  const std::string where = row + ", last_active";
  const double date = required_number(db, s, col, where);
  check_host_value(db, where, "last_played", date);
  return date;
}
void check_standing(database& db, const std::vector<std::pair<std::string, double>>& fields, const std::string& row) {
  bool rated = false;
  for (const auto& [field, v] : fields) {
    check_host_value(db, row + ", state '" + field + "'", field, v);
    rated = rated || (field == "rating" && !std::isnan(v));
  }
  if (!rated) throw damaged_row(db, row + ", state: expected a rating, found none");
}

// read_ratings's list of every player's latest state, with last_active; `ids`: each row's player id in the database.
ratings_list latest_with_activity(database& db, int64_t competition, player_table& players, std::vector<int64_t>& ids) {
  ratings_list list = read_ratings(db, competition_name(db, competition), players, INT64_MAX);
  const std::unordered_map<std::string, int64_t> by_name = ids_by_name(db, competition);
  const std::unordered_map<int64_t, int32_t> last = last_active_by_id(db, competition);
  const auto active = size_t(list.add_column("last_active"));
  for (size_t row = 0; row < list.ids.size(); ++row) {
    ids.push_back(by_name.at(players.name(list.ids[row])));
    const auto l = last.find(ids.back());
    list.at(row, active) = l == last.end() ? 0 : l->second;
  }
  return list;
}

}  // namespace

ratings_list standings_from_history(database& db, const std::string& competition, player_table& players) {
  statement c = db.prepare("SELECT id FROM competitions WHERE name = ?1");
  c.bind(1, std::string_view(competition));
  if (!c.step()) return read_ratings(db, competition, players, INT64_MAX);  // refuses it, naming those there are
  std::vector<int64_t> ids;
  return latest_with_activity(db, c.integer(0), players, ids);
}

std::optional<ratings_list> read_standings(database& db, int64_t competition, player_table& players) {
  if (!db.has_table("standings")) return std::nullopt;
  statement s = db.prepare(
      "SELECT p.name, s.last_active, s.state, p.external_id, p.federation, p.birth_year FROM standings s "
      "JOIN players p ON p.id = s.player_id WHERE s.competition_id = ?1 ORDER BY s.player_id");
  s.bind(1, competition);
  ratings_list list;
  std::unordered_map<std::string, int> column_of;  // each field's list column: one look-up per value, not a scan
  std::vector<double> last_active;
  while (s.step()) {
    const std::string name(s.text(0)), row = "table standings, player '" + name + "'";
    const int32_t id = players.intern(name);
    read_player_facts(db, s, 3, name, players, id);
    list.add_row(id);
    last_active.push_back(checked_last_active(db, s, 1, row));
    const std::vector<std::pair<std::string, double>> fields = read_state_object(s.text(2), db, row + ", state");
    check_standing(db, fields, row);
    for (const auto& [field, v] : fields) {
      const auto [at, fresh] = column_of.try_emplace(field, -1);
      if (fresh) at->second = list.add_column(field);
      list.at(list.ids.size() - 1, size_t(at->second)) = v;
    }
  }
  if (list.ids.empty()) return std::nullopt;
  const auto active = size_t(list.add_column("last_active"));
  for (size_t row = 0; row < list.ids.size(); ++row) list.at(row, active) = last_active[row];
  return list;
}

void rebuild_standings(database& db, int64_t competition) {
  player_table players;
  std::vector<int64_t> ids;
  ratings_list list = latest_with_activity(db, competition, players, ids);
  statement clear = db.prepare("DELETE FROM standings WHERE competition_id = ?1");
  clear.bind(1, competition).run();
  const int active = list.column("last_active");
  std::vector<std::string> fields = list.columns;
  fields.erase(fields.begin() + active);
  state_object object(fields);
  std::vector<double> values(fields.size());
  row_batch insert(db, "INSERT INTO standings (competition_id, player_id, last_active, state)", 4);
  for (size_t row = 0; row < ids.size(); ++row) {
    for (size_t f = 0, c = 0; c < list.columns.size(); ++c)
      if (int(c) != active) values[f++] = list.value(row, int(c));
    insert.bind(1, competition).bind(2, ids[row]).bind(3, int64_t(list.value(row, active)));
    insert.bind(4, object.write(values.data())).run();
  }
  insert.flush();
}

}  // namespace ratekit::store
