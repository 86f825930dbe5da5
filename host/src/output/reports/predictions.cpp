// Predictions: each new game or event row with the state and expectations of its players.
#include <ratekit/host/output/files/outputs.hpp>
#include <ratekit/host/output/reports/predictions.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/escape.hpp>

#include "input/csv.hpp"
#include "output/reports/predict_header.hpp"
#include "input/numbers.hpp"
#include "plugin/team_chances.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <map>

namespace ratekit {

namespace {

// A's expectation against B; a failure of the plugin (or a value that is no
// probability) names the plugin and the row, `where()`.
template <class Where>
double expectation(const model& m, const double* a, const double* b, double advantage, Where&& where) {
  try {
    return m.expect(a, b, advantage);
  } catch (const plugin_error& e) {
    throw m.source().failure(where(), e.what());
  }
}

// One player's state row: his rated state, or the initial one when unknown.
class state_rows {
 public:
  explicit state_rows(const prediction_basis& b) : b_(b), row_(b.initial.size()) {}

  // The row of `name` (valid until the next call), and whether he is new.
  const double* get(std::string_view name, bool& fresh) {
    const int32_t id = b_.players.find(name);
    fresh = id < 0 || size_t(id) >= b_.columns[0].size() || (b_.games && (*b_.games)[size_t(id)] < b_.min_games);
    for (size_t f = 0; f < row_.size(); ++f) row_[f] = fresh ? b_.initial[f] : b_.columns[f][size_t(id)];
    new_players_ += fresh;
    return row_.data();
  }
  size_t new_players() const { return new_players_; }

 private:
  const prediction_basis& b_;
  std::vector<double> row_;
  size_t new_players_ = 0;
};

void append_state(std::string& out, const double* row, size_t fields, bool fresh) {
  for (size_t f = 0; f < fields; ++f) {
    out += ',';
    append_number(out, row[f]);
  }
  out += fresh ? ",1" : ",0";
}

void warn_new(size_t count, const std::filesystem::path& file, double min_games) {
  if (count == 0) return;
  if (min_games > 0)
    spdlog::warn("{}: {} appearance(s) of players not rated yet or with fewer than {} rated games, predicted from the new "
                 "players' state (column new = 1)", file.string(), count, min_games);
  else
    spdlog::warn("{}: {} appearance(s) of players not rated yet, who start from the model's initial state (column new = 1)", file.string(),
                 count);
}

constexpr text::column_spec game_columns[] = {{"player_a", true}, {"player_b", true}, {"home", false}};
enum { c_a, c_b, c_home };

// Two named players, not one against himself, as a run takes them.
bool check_players(text::csv_table& table) {
  for (const size_t c : {c_a, c_b})
    if (table.field(c).empty() || has_control(table.field(c))) {
      table.bad(c, "as a player name without control characters");
      return false;
    }
  if (!text::same_text(table.field(c_a), table.field(c_b))) return true;
  table.bad(c_b, "as a different player than player_a");
  return false;
}

std::string predict_games(const prediction_basis& b, const text::source& src) {
  text::problem_list problems(src);
  text::csv_table table(src, problems, game_columns, "a header naming player_a and player_b", true);
  problems.throw_if_any();
  const rk_descriptor& d = b.rater.source().descriptor();
  std::string out = predict_header(table.current(), game_columns,
                                   predicted_columns(b.rater.source(), {"_a", "_b"}, {"expected_a", "expected_b"}), problems);
  problems.throw_if_any();
  out += '\n';
  state_rows rows_a(b), rows_b(b);
  size_t games = 0;
  while (table.next_row()) {
    ++games;
    if (!check_players(table)) continue;
    const std::string_view home = table.has(c_home) ? table.field(c_home) : std::string_view();
    if (home != "" && home != "a" && home != "b") {
      table.bad(c_home, "as a, b or empty");
      continue;
    }
    const double advantage = home == "a" ? b.home_advantage : home == "b" ? -b.home_advantage : 0.0;
    bool new_a = false, new_b = false;
    const double* a = rows_a.get(table.field(c_a), new_a);
    const double* bb = rows_b.get(table.field(c_b), new_b);
    out += table.current().text;
    append_state(out, a, d.state_count, new_a);
    append_state(out, bb, d.state_count, new_b);
    out += ',';
    const auto where = [&] { return "the game at " + src.file() + ":" + std::to_string(table.current().number); };
    append_number(out, expectation(b.rater, a, bb, advantage, where));
    out += ',';
    append_number(out, expectation(b.rater, bb, a, -advantage, where));
    out += '\n';
  }
  if (games == 0) problems.add(0, 0, "no games: expected at least one row after the header");
  problems.throw_if_any();
  warn_new(rows_a.new_players() + rows_b.new_players(), src.file(), b.min_games);
  return out;
}

constexpr text::column_spec event_columns[] = {{"event", true}, {"player", true}};
enum { c_event, c_player };

// One event's rows as they were read, with each entry's state.
struct event_rows {
  std::vector<std::string> lines;
  std::vector<double> states;  // fields per entry
  std::vector<char> fresh;
};

void write_event(std::string& out, const prediction_basis& b, const event_rows& e, size_t fields,
                 const std::string& name) {
  const auto where = [&] { return "event " + text::quote(name); };
  for (size_t i = 0; i < e.lines.size(); ++i) {
    // 1 + the chances that each other entry finishes ahead of this one.
    double rank = 1;
    for (size_t j = 0; j < e.lines.size(); ++j)
      if (j != i) rank += expectation(b.rater, &e.states[j * fields], &e.states[i * fields], 0.0, where);
    out += e.lines[i];
    append_state(out, &e.states[i * fields], fields, e.fresh[i]);
    out += ',';
    append_number(out, rank);
    out += '\n';
  }
}

std::string predict_events(const prediction_basis& b, const text::source& src) {
  text::problem_list problems(src);
  text::csv_table table(src, problems, event_columns, "a header naming event and player", true);
  problems.throw_if_any();
  const rk_descriptor& d = b.rater.source().descriptor();
  std::string out = predict_header(table.current(), event_columns,
                                   predicted_columns(b.rater.source(), {""}, {"expected_rank"}), problems);
  problems.throw_if_any();
  out += '\n';
  state_rows rows(b);
  event_rows event;
  std::map<std::string, int, std::less<>> began;  // each event's first line
  std::map<std::string, int, std::less<>> entered;  // the current event's players, at their lines
  std::string name;
  int first_line = 0;
  bool split = false;  // the current rows are a piece of an event met before: refused as such already
  const auto end_event = [&] {
    if (event.lines.size() == 1 && !split)
      problems.add(first_line, 1, "expected at least 2 players in event " + text::quote(name) + ", got 1");
    else if (!event.lines.empty())
      write_event(out, b, event, d.state_count, name);
    event = {};
    entered.clear();
  };
  while (table.next_row()) {
    const std::string_view event_name = table.field(c_event), player = table.field(c_player);
    if (event_name.empty() || has_control(event_name)) {
      table.bad(c_event, "as an event name without control characters");
      continue;
    }
    if (player.empty() || has_control(player)) {
      table.bad(c_player, "as a player name without control characters");
      continue;
    }
    if (event_name != name || began.empty()) {
      end_event();
      name = event_name;
      first_line = table.current().number;
      const auto [it, fresh] = began.emplace(name, first_line);
      split = !fresh;
      if (split)
        problems.add(first_line, table.column(c_event),
                     "expected the rows of event " + text::quote(name) + " together, got it again (its rows began at line " +
                         std::to_string(it->second) + ")");
    }
    if (const auto [it, fresh] = entered.emplace(player, table.current().number); !fresh) {
      problems.add(table.current().number, table.column(c_player),
                   "expected each player once per event, got " + text::quote(player) + " again in event " +
                       text::quote(name) + " (first at line " + std::to_string(it->second) + ")");
      continue;
    }
    bool fresh = false;
    const double* row = rows.get(player, fresh);
    event.lines.emplace_back(table.current().text);
    event.states.insert(event.states.end(), row, row + d.state_count);
    event.fresh.push_back(fresh);
  }
  end_event();
  if (began.empty()) problems.add(0, 0, "no events: expected at least one row after the header");
  problems.throw_if_any();
  warn_new(rows.new_players(), src.file(), b.min_games);
  return out;
}

constexpr text::column_spec lineup_columns[] = {{"match", true}, {"team", true}, {"player", true}, {"weight", false}};
enum { c_match, c_team, c_member, c_weight };

// One match's lineups: its rows, each player's state, team (numbered as they
// appear) and share of the match.
struct lineup {
  std::vector<std::string> lines, teams;
  std::vector<double> states, weights;
  std::vector<uint32_t> team_of;
  std::vector<char> fresh;
};

// Each row with the team's chances: against the one other team its win and
// draw chances, and with more teams its expected rank. A failure of the
// plugin (or chances that are no probabilities) names the plugin and the match, `where`.
void write_match(std::string& out, const prediction_basis& b, lineup& m, size_t fields, const std::string& where) {
  // The plugin wants a team's players together: an order of the rows by team.
  std::vector<size_t> order(m.lines.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return m.team_of[x] < m.team_of[y]; });
  std::vector<double> states, weights;
  std::vector<uint32_t> teams;
  for (const size_t i : order) {
    states.insert(states.end(), m.states.begin() + long(i * fields), m.states.begin() + long((i + 1) * fields));
    weights.push_back(m.weights[i]);
    teams.push_back(m.team_of[i]);
  }
  const size_t t = m.teams.size();
  std::vector<double> rank(t, 1.0);  // 1 plus the chances that each other team finishes ahead, a tie counting half
  team_pair_chances two{};
  try {
    match_chances chances(b.rater, states.data(), teams.data(), weights.data(), teams.size());
    chances.each([&](size_t i, size_t j, const team_pair_chances& c) {
      rank[i] += c.behind + 0.5 * c.tie;
      rank[j] += c.ahead + 0.5 * c.tie;
      two = c;
    });
  } catch (const plugin_error& e) {
    throw b.rater.source().failure(where, e.what());
  }
  for (size_t i = 0; i < m.lines.size(); ++i) {
    const size_t team = m.team_of[i];
    out += m.lines[i];
    append_state(out, &m.states[i * fields], fields, m.fresh[i]);
    if (t == 2) {
      out += ',';
      append_number(out, team == 0 ? two.ahead : two.behind);
      out += ',';
      append_number(out, two.tie);
      out += ",\n";
      continue;
    }
    out += ",,,";
    append_number(out, rank[team]);
    out += '\n';
  }
}

std::string predict_matches(const prediction_basis& b, const text::source& src) {
  text::problem_list problems(src);
  text::csv_table table(src, problems, lineup_columns, "a header naming match, team and player", true);
  problems.throw_if_any();
  const rk_descriptor& d = b.rater.source().descriptor();
  std::string out = predict_header(table.current(), lineup_columns,
                                   predicted_columns(b.rater.source(), {""}, {"win", "draw", "expected_rank"}), problems);
  problems.throw_if_any();
  out += '\n';
  state_rows rows(b);
  lineup match;
  std::map<std::string, int, std::less<>> began, entered;  // each match's first line; its players' lines
  std::string name;
  int first_line = 0;
  const auto end_match = [&] {
    if (!match.lines.empty() && match.teams.size() < 2)
      problems.add(first_line, 1, "expected at least 2 teams in match " + text::quote(name) + ", got 1");
    else if (!match.lines.empty() && problems.empty())
      write_match(out, b, match, d.state_count, "match " + text::quote(name) + " at " + src.file() + ":" +
                                                     std::to_string(first_line));
    match = {};
    entered.clear();
  };
  while (table.next_row()) {
    const int line = table.current().number;
    bool named = true;
    for (const size_t c : {c_match, c_team, c_member})
      if (table.field(c).empty() || has_control(table.field(c)))
        table.bad(c, "as a name without control characters"), named = false;
    double weight = 1;
    if (table.has(c_weight) && !table.field(c_weight).empty() &&
        !(text::parse_number(table.field(c_weight), weight) && weight > 0 && weight <= 1))
      table.bad(c_weight, "as a share of the match in (0, 1], or empty for 1"), named = false;
    if (!named) continue;
    if (table.field(c_match) != name || began.empty()) {
      end_match();
      name = table.field(c_match);
      first_line = line;
      if (const auto [it, fresh] = began.emplace(name, line); !fresh)
        problems.add(line, table.column(c_match), "expected the rows of match " + text::quote(name) +
                                                      " together, got it again (its rows began at line " +
                                                      std::to_string(it->second) + ")");
    }
    const std::string_view player = table.field(c_member);
    if (const auto [it, fresh] = entered.emplace(player, line); !fresh) {
      problems.add(line, table.column(c_member), "expected each player once per match, got " + text::quote(player) +
                                                     " again in match " + text::quote(name) + " (first at line " +
                                                     std::to_string(it->second) + ")");
      continue;
    }
    const auto team = std::find(match.teams.begin(), match.teams.end(), table.field(c_team));
    match.team_of.push_back(uint32_t(team - match.teams.begin()));
    if (team == match.teams.end()) match.teams.emplace_back(table.field(c_team));
    bool fresh = false;
    const double* row = rows.get(player, fresh);
    match.lines.emplace_back(table.current().text);
    match.states.insert(match.states.end(), row, row + d.state_count);
    match.weights.push_back(weight);
    match.fresh.push_back(fresh);
  }
  end_match();
  if (began.empty()) problems.add(0, 0, "no matches: expected at least one row after the header");
  problems.throw_if_any();
  warn_new(rows.new_players(), src.file(), b.min_games);
  return out;
}

}  // namespace

void check_new_state(const plugin& p, const new_player_rule& rule) {
  for (const auto& [name, value] : rule.state)
    if (p.state_field(name) <= 0)
      throw user_error("--new-state: '" + name + "' is no state field of " + p.descriptor().id +
                       " besides the rating (ratekit describe " + p.descriptor().id + ")");
}

std::vector<double> new_player_row(const model& m, std::vector<double> initial, const new_player_rule& rule) {
  check_new_state(m.source(), rule);
  if (std::isfinite(rule.rating)) initial[0] = rule.rating;
  for (const auto& [name, value] : rule.state) initial[size_t(m.source().state_field(name))] = value;
  return initial;
}

std::string predictions_csv(const prediction_basis& basis, const std::filesystem::path& file) {
  const text::source src(file, {});
  const plugin& p = basis.rater.source();
  if (p.has(RK_CAP_TEAMS)) return predict_matches(basis, src);
  return p.has(RK_CAP_PAIRWISE) ? predict_games(basis, src) : predict_events(basis, src);
}

}  // namespace ratekit
