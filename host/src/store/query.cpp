// Reading the history database back: the latest state of a competition's
// players (to start the next run from) and one player's ratings over time.
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/store/store.hpp>

#include "store/database.hpp"
#include "store/period_dates.hpp"
#include "store/player_record_rows.hpp"
#include "store/row_numbers.hpp"
#include "store/state_object.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>
#include <unordered_map>

namespace ratekit {
namespace {

using store::statement;

std::vector<std::string> column_strings(store::database& db, const char* sql) {
  std::vector<std::string> out;
  statement s = db.prepare(sql);
  while (s.step()) out.emplace_back(s.text(0));
  return out;
}

std::string listing(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "'" : ", '") + n + "'";
  return s.empty() ? "none" : s;
}

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return out;
}

// Whom a name that is nobody's may mean: the names equal to it but for case,
// else those holding it in any case ("short" for "Short, Nigel"), else a near
// miss; as " (did you mean 'a', 'b' or 'c'?)", or "" for none.
std::string meant_players(const std::string& word, std::vector<std::string> names) {
  constexpr size_t shown = 5;
  const std::string key = lower(word);
  std::vector<std::string> same, holding;
  for (auto& n : names) {
    const std::string l = lower(n);
    if (l == key) same.push_back(n);
    else if (!key.empty() && l.find(key) != std::string::npos) holding.push_back(n);
  }
  std::vector<std::string>& found = !same.empty() ? same : holding;
  if (found.empty())
    if (std::string guess = did_you_mean(word, names); !guess.empty()) found.push_back(std::move(guess));
  if (found.empty()) return "";
  std::sort(found.begin(), found.end());
  const size_t listed = std::min(found.size(), shown);
  std::string s = " (did you mean ";
  for (size_t i = 0; i < listed; ++i)
    s += (i == 0 ? "'" : i + 1 == listed && found.size() <= shown ? " or '" : ", '") + found[i] + "'";
  if (found.size() > shown) s += " or " + std::to_string(found.size() - shown) + " more";
  return s + "?)";
}

[[noreturn]] void unknown_competition(store::database& db, const std::string& competition) {
  throw user_error(db.file(), 0, 0,
                   "no competition '" + competition + "' recorded here (competitions: " +
                       listing(column_strings(db, "SELECT name FROM competitions ORDER BY id")) + ")");
}

// The fields each player's latest state holds, checked once all are read: a
// run records the same fields for every player (insert_states), so one that
// his run holds for others and not for him was lost, and so was a missing
// rating; read as missing, either would start him anew from the initial rating.
class recorded_fields {
 public:
  void player(int64_t run) { run_of_.push_back(run); }
  void field(int column) {
    std::vector<bool>& fields = fields_[run_of_.back()];
    if (fields.size() <= size_t(column)) fields.resize(size_t(column) + 1);
    fields[size_t(column)] = true;
  }
  void check(const store::database& db, const ratings_list& list, const player_table& players) const {
    const int rating = list.column("rating");
    for (size_t row = 0; row < run_of_.size(); ++row) {
      if (std::isnan(list.value(row, rating))) missing(db, players.name(list.ids[row]), "rating", run_of_[row]);
      const std::vector<bool>& fields = fields_.at(run_of_[row]);
      for (size_t c = 0; c < fields.size(); ++c)
        if (fields[c] && !may_be_unknown(list.columns[c]) && std::isnan(list.value(row, int(c))))
          missing(db, players.name(list.ids[row]), list.columns[c], run_of_[row]);
    }
  }
  // Only a peak (a player never rated) and when he was last rated may be unknown; the model's state never is.
  static bool may_be_unknown(std::string_view field) {
    return field == "peak" || field == "last_period" || field == "last_played";
  }

 private:
  [[noreturn]] static void missing(const store::database& db, const std::string& player, const std::string& field,
                                   int64_t run) {
    throw store::damaged_row(db, "table states, player '" + player + "', field '" + field +
                                     "': missing from his state of run " + std::to_string(run) +
                                     " (a run records every field of every player's state)");
  }

  std::vector<int64_t> run_of_;                          // by the list's row
  std::unordered_map<int64_t, std::vector<bool>> fields_;  // by run: the list's columns it recorded for anyone
};

// A ratings row's rating, change and games (columns 2, 3 and 4 of `s`) into `p`: damage, a NULL or text among
// them, is refused, never shown as a number.
void read_history_numbers(const store::database& db, const statement& s, const std::string& player, history_point& p) {
  const std::string where = "table ratings, player '" + player + "', period '" + p.period + "', ";
  p.rating = store::required_number(db, s, 2, where + "rating");
  p.change = store::required_number(db, s, 3, where + "change");
  p.games = store::games_count(db, s, 4, where + "games");
}

// The dates of columns `first` and `first + 1` (period_dates_join) for a label that is no date.
std::string event_dates(const std::string& label, const statement& s, int first) {
  if (store::period_date(label, "") != 0 || s.is_null(first + 1)) return "";
  const std::string from(s.text(first)), to(s.text(first + 1));
  return from == to ? to : from + ".." + to;
}

}  // namespace

bool store::holds_competition(database& db, const std::string& competition) {
  statement find = db.prepare("SELECT 1 FROM competitions c JOIN runs r ON r.competition_id = c.id WHERE c.name = ?1");
  find.bind(1, std::string_view(competition));
  return find.step();
}

ratings_list read_database_ratings(const std::filesystem::path& file, const std::string& competition,
                                   player_table& players, int64_t before_run) {
  const auto opened = store::open_database(file.string(), store::database::mode::read_only);
  opened->check_schema();
  return store::read_ratings(*opened, competition, players, before_run);
}

ratings_list store::read_ratings(database& db, const std::string& competition, player_table& players,
                                 int64_t before_run) {
  statement find = db.prepare("SELECT id FROM competitions WHERE name = ?1");
  find.bind(1, std::string_view(competition));
  if (!find.step())
    unknown_competition(db, competition);
  const int64_t competition_id = find.integer(0);
  // Each player's state from the last run that recorded him.
  statement s = db.prepare(
      "SELECT p.id, p.name, p.external_id, p.federation, p.birth_year, s.field, s.value, s.run_id "
      "FROM players p JOIN states s ON s.player_id = p.id "
      "WHERE p.competition_id = ?1 AND s.run_id = (SELECT max(run_id) FROM states WHERE player_id = p.id AND run_id < ?2) "
      "ORDER BY p.id");
  s.bind(1, competition_id).bind(2, before_run);
  ratings_list list;
  std::unordered_map<std::string, int> column_of;  // each field's list column: one look-up per value, not a scan
  recorded_fields recorded;
  int64_t current = -1;
  while (s.step()) {
    if (s.integer(0) != current) {
      current = s.integer(0);
      const int32_t id = players.intern(s.text(1));
      players.external_id.set(size_t(id), s.text(2));
      players.federation.set(size_t(id), s.text(3));
      const std::string born = "table players, player '" + std::string(s.text(1)) + "', birth_year";
      players.birth_year[size_t(id)] = s.checked_number(4, born);
      store::check_host_value(db, born, "birth_year", players.birth_year[size_t(id)]);
      list.add_row(id);
      recorded.player(s.integer(7));
    }
    const std::string field(s.text(5));
    const auto [at, fresh] = column_of.try_emplace(field, -1);
    if (fresh) at->second = list.add_column(field);
    const int col = at->second;
    recorded.field(col);
    const std::string where = "table states, player '" + players.name(list.ids.back()) + "', field '" + field + "'";
    const double v = recorded_fields::may_be_unknown(field) ? s.checked_number(6, where)
                                                            : store::required_number(db, s, 6, where);
    store::check_host_value(db, where, field, v);
    list.at(list.ids.size() - 1, size_t(col)) = v;
  }
  recorded.check(db, list, players);
  list.records = store::read_player_records(db, competition_id, before_run, players);
  return list;
}

recorded_model last_run_model(const std::filesystem::path& file, const std::string& competition) {
  const auto opened = store::open_database(file.string(), store::database::mode::read_only);
  store::database& db = *opened;
  db.check_schema();
  statement s = db.prepare(
      "SELECT r.model, r.params, r.config_text FROM runs r JOIN competitions c ON c.id = r.competition_id "
      "WHERE c.name = ?1 ORDER BY r.id DESC LIMIT 1");
  s.bind(1, std::string_view(competition));
  if (!s.step()) unknown_competition(db, competition);
  return {std::string(s.text(0)), std::string(s.text(1)), std::string(s.text(2))};
}

std::vector<history_point> player_history(const std::filesystem::path& file, const std::string& player,
                                          const std::optional<std::string>& competition) {
  const auto opened = store::open_database(file.string(), store::database::mode::read_only);
  store::database& db = *opened;
  db.check_schema();
  if (competition) {
    statement c = db.prepare("SELECT 1 FROM competitions WHERE name = ?1");
    c.bind(1, std::string_view(*competition));
    if (!c.step())
      unknown_competition(db, *competition);
  }
  // Layout 5 holds the state fields in ratings.state; a file of layout 3 or 4,
  // read as it is until a run upgrades it, in period_states; layout 2 has none.
  const bool in_row = db.has_column("ratings", "state");
  const std::string sql = std::string("SELECT c.name, pe.label, r.rating, r.change, r.games, r.period_id, r.player_id, ") +
                          (in_row ? "r.state" : "NULL") + ", " + store::period_dates_join(db) +
                          " FROM ratings r JOIN periods pe ON pe.id = r.period_id JOIN players p ON p.id = r.player_id "
                          "JOIN competitions c ON c.id = p.competition_id "
                          "WHERE (p.name = ?1 OR p.external_id = ?1) AND (CAST(?2 AS TEXT) IS NULL OR c.name = ?2) ORDER BY c.id, pe.id";
  statement s = db.prepare(sql.c_str());
  s.bind(1, std::string_view(player));
  if (competition) s.bind(2, std::string_view(*competition));
  std::optional<statement> fields;
  if (!in_row && db.has_table("period_states"))
    fields.emplace(db.prepare("SELECT field, value FROM period_states WHERE period_id = ?1 AND player_id = ?2 ORDER BY field"));
  // The team of each team match he played (layout 6), read in one pass.
  std::unordered_map<int64_t, std::string> teams;
  if (db.has_column("entries", "team")) {
    statement t = db.prepare(
        "SELECT e.period_id, e.team FROM entries e JOIN players p ON p.id = e.player_id "
        "WHERE (p.name = ?1 OR p.external_id = ?1) AND e.team IS NOT NULL");
    t.bind(1, std::string_view(player));
    while (t.step()) teams.emplace(t.integer(0), std::string(t.text(1)));
  }
  std::vector<history_point> out;
  while (s.step()) {
    out.push_back({std::string(s.text(0)), std::string(s.text(1)), 0, 0, 0, {}, {}, {}});
    read_history_numbers(db, s, player, out.back());
    out.back().date = event_dates(out.back().period, s, 8);
    if (const auto team = teams.find(s.integer(5)); team != teams.end()) out.back().team = team->second;
    if (in_row && !s.is_null(7))
      out.back().state = store::read_state_object(s.text(7), db, "table ratings, player '" + player + "', period '" +
                                                                     out.back().period + "', state");
    if (!fields) continue;
    fields->bind(1, s.integer(5)).bind(2, s.integer(6));
    while (fields->step()) {
      const std::string field(fields->text(0));
      const std::string where = "table period_states, player '" + player + "', period '" + out.back().period + "', " + field;
      out.back().state.emplace_back(field, store::required_number(db, *fields, 1, where));
    }
    fields->reset();
  }
  if (out.empty()) {
    std::string msg = "no player '" + player + "' (name or id) recorded here";
    if (competition) msg += " in competition '" + *competition + "'";
    msg += meant_players(player, column_strings(db, "SELECT DISTINCT name FROM players"));
    throw user_error(db.file(), 0, 0, msg);
  }
  return out;
}

}  // namespace ratekit
