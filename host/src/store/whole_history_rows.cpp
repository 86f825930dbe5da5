#include "store/whole_history_rows.hpp"

#include "input/dates.hpp"
#include "store/row_numbers.hpp"
#include "store/schema_steps.hpp"
#include "store/state_object.hpp"

#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/format.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>

namespace ratekit::store {
namespace {

[[noreturn]] void damaged(const database& db, const std::string& where, const std::string& expected, double found) {
  throw damaged_row(db, where + ": expected " + expected + ", found " + format_number(found));
}

// statement::checked_number, with the row's description `where()` made only when it is needed (a history's
// rows are many): a finite number is taken as it is.
template <class Where>
double checked_number_lazily(statement& s, int col, const Where& where) {
  const value_kind kind = s.impl().kind(col);
  const double v = s.number(col);
  if ((kind == value_kind::real || kind == value_kind::integer) && std::isfinite(v)) return v;
  return s.checked_number(col, where());
}

// One stored game, checked as a reader checks a row: a real date, a win, draw or loss, a home side.
void check_game(const database& db, statement& s, int64_t run, int64_t seq) {
  const auto where = [&](const char* column) {
    return "table whole_history_games, run " + std::to_string(run) + ", game " + std::to_string(seq) + ", " + column;
  };
  const int64_t date = s.integer(2);
  int32_t parsed = 0;
  if (date <= 0 || date > 99991231 || !text::parse_date_as(date_layout::iso, iso_date(int32_t(date)), parsed) ||
      parsed != date)
    damaged(db, where("date"), "a date as the number yyyymmdd", double(date));
  const double score = checked_number_lazily(s, 5, [&] { return where("score_a"); });
  if (score != 0 && score != 0.5 && score != 1) damaged(db, where("score_a"), "0, 0.5 or 1", score);
  const int64_t home = s.integer(6);
  if (home < -1 || home > 1) damaged(db, where("home"), "-1, 0 or 1", double(home));
}

// The deviation of a `state` text as state_object writes it, `{"deviation":X}`; NaN for any other text
// (read then as JSON): the shortcut skips a JSON parser per estimate, and takes X only when it is the text
// write_number gives for what it reads, so it never accepts what the parser would refuse.
double written_deviation(std::string_view text) {
  constexpr std::string_view head = "{\"deviation\":";
  if (text.size() <= head.size() + 1 || text.substr(0, head.size()) != head || text.back() != '}') return NAN;
  const std::string_view number = text.substr(head.size(), text.size() - head.size() - 1);
  double v = NAN;
  const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), v);
  char again[max_number_chars];
  if (ec != std::errc() || end != number.data() + number.size() || !std::isfinite(v) ||
      std::string_view(again, size_t(write_number(again, v) - again)) != number)
    return NAN;
  return v;
}

// The facts the competition's players table holds, for the players the games name.
void add_facts(database& db, int64_t competition, player_table& players) {
  statement s = db.prepare("SELECT name, external_id, federation, birth_year FROM players WHERE competition_id = ?1");
  s.bind(1, competition);
  while (s.step()) {
    const int32_t id = players.find(s.text(0));
    if (id < 0) continue;
    players.external_id.set(size_t(id), s.text(1));
    players.federation.set(size_t(id), s.text(2));
    players.birth_year[size_t(id)] = s.checked_number(3, "table players, player '" + std::string(s.text(0)) + "', birth_year");
  }
}

// The game's warm_a and warm_b onto `into`; false when it has none (the run's model has no exact warm start).
bool add_warm_state(const database& db, const statement& s, int64_t run, int64_t seq, std::vector<double>& into) {
  if (s.is_null(7) || s.is_null(8)) return false;
  const size_t before = into.size();
  if (read_warm_text(s.text(7), into) && read_warm_text(s.text(8), into) && (into.size() - before) % 2 == 0) return true;
  throw damaged_row(db, "table whole_history_games, run " + std::to_string(run) + ", game " + std::to_string(seq) +
                            ", warm_a and warm_b: expected numbers, as many of each, found '" + std::string(s.text(7)) +
                            "' and '" + std::string(s.text(8)) + "'");
}

int64_t competition_of(database& db, const std::string& name) {
  statement s = db.prepare("SELECT id FROM competitions WHERE name = ?1");
  s.bind(1, std::string_view(name));
  return s.step() ? s.integer(0) : -1;
}

}  // namespace

competition_kinds kinds_of_runs(database& db, const std::string& competition) {
  competition_kinds kinds;
  const bool fits = db.has_table("whole_history_fits");
  statement s = db.prepare(
      fits ? "SELECT r.model, (SELECT count(*) FROM whole_history_fits f WHERE f.run_id = r.id) FROM runs r "
             "JOIN competitions c ON c.id = r.competition_id WHERE c.name = ?1 ORDER BY r.id"
           : "SELECT r.model, 0 FROM runs r JOIN competitions c ON c.id = r.competition_id WHERE c.name = ?1");
  s.bind(1, std::string_view(competition));
  while (s.step()) {
    const bool whole = s.integer(1) != 0;
    (whole ? kinds.whole_history : kinds.by_period) += 1;
    if (whole) kinds.whole_history_model = s.text(0);
  }
  return kinds;
}

recorded_games read_recorded_games(database& db, const std::string& competition, const std::vector<int64_t>& without) {
  recorded_games out;
  const int64_t id = competition_of(db, competition);
  if (id < 0 || !db.has_table("whole_history_games")) return out;
  statement s = db.prepare(
      "SELECT g.run_id, g.seq, g.date, pa.name, pb.name, g.score_a, g.home, g.warm_a, g.warm_b FROM whole_history_games g "
      "JOIN runs r ON r.id = g.run_id JOIN players pa ON pa.id = g.player_a JOIN players pb ON pb.id = g.player_b "
      "WHERE r.competition_id = ?1 ORDER BY g.run_id, g.seq");
  s.bind(1, id);
  dataset& d = out.data;
  bool warm = true;  // every game so far has its warm state
  while (s.step()) {
    const int64_t run = s.integer(0);
    if (std::find(without.begin(), without.end(), run) != without.end()) continue;
    check_game(db, s, run, s.integer(1));
    const int32_t a = d.players.intern(s.text(3)), b = d.players.intern(s.text(4));
    game_fact fact;
    fact.date = int32_t(s.integer(2));
    fact.home = int8_t(s.integer(6));
    d.add_game(make_game(a, b, s.number(5)), fact);
    out.run_of.push_back(run);
    warm = warm && add_warm_state(db, s, run, s.integer(1), out.warm_state);
  }
  warm = read_recorded_matches(db, id, without, out) && warm;
  if (!warm) out.warm_state.clear();
  add_facts(db, id, d.players);
  return out;
}

recorded_estimates read_recorded_estimates(database& db, const std::string& competition) {
  recorded_estimates out;
  const int64_t id = competition_of(db, competition);
  if (id < 0) return out;
  statement s = db.prepare(
      "SELECT pe.label, p.name, r.rating, r.state FROM ratings r JOIN periods pe ON pe.id = r.period_id "
      "JOIN players p ON p.id = r.player_id WHERE pe.competition_id = ?1");
  s.bind(1, id);
  while (s.step()) {
    const auto where = [&] {
      return "table ratings, player '" + std::string(s.text(1)) + "', period '" + std::string(s.text(0)) + "'";
    };
    const double mean = checked_number_lazily(s, 2, [&] { return where() + ", rating"; });
    double sd = s.is_null(3) ? NAN : written_deviation(s.text(3));
    if (std::isnan(sd) && !s.is_null(3))
      for (const auto& [field, value] : read_state_object(s.text(3), db, where() + ", state"))
        if (field == "deviation") sd = value;
    if (!(sd > 0)) damaged(db, where() + ", state", "a positive deviation", sd);
    out.emplace(estimate_key(s.text(0), s.text(1)), std::array<double, 2>{mean, sd});
  }
  return out;
}

std::string warm_text(const double* values, size_t count) {
  std::string out;
  char number[32];
  for (size_t i = 0; i < count; ++i) {
    if (i) out += ',';
    out.append(number, std::to_chars(number, number + sizeof number, values[i]).ptr);
  }
  return out;
}

bool read_warm_text(std::string_view text, std::vector<double>& into) {
  const char* at = text.data();
  const char* end = text.data() + text.size();
  while (at < end) {
    double v = 0;
    const auto [next, ec] = std::from_chars(at, end, v);
    if (ec != std::errc() || !std::isfinite(v) || (next != end && *next != ',')) return false;
    into.push_back(v);
    at = next == end ? end : next + 1;
  }
  return !text.empty() && text.back() != ',';
}

}  // namespace ratekit::store
