// Predictions of groups of rows: ranked events' expected ranks, team matches' chances.
#include "output/reports/predict_input.hpp"

#include <ratekit/host/output/files/outputs.hpp>
#include <ratekit/host/text/escape.hpp>

#include "input/numbers.hpp"
#include "plugin/team_chances.hpp"

#include <algorithm>

namespace ratekit {

namespace {

constexpr text::column_spec event_columns[] = {{"event", true}, {"player", true}};
enum { c_event, c_player };

void write_event(std::string& out, const prediction_basis& b, const group_rows& e, size_t fields,
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

constexpr text::column_spec lineup_columns[] = {{"match", true}, {"team", true}, {"player", true}, {"weight", false}};
enum { c_match, c_team, c_member, c_weight };

// One match's lineups: its rows, each player's state, team (numbered as they
// appear) and share of the match.
struct lineup : group_rows {
  std::vector<std::string> teams;
  std::vector<double> weights;
  std::vector<uint32_t> team_of;
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

}  // namespace

std::string predict_events(const prediction_basis& b, const text::source& src) {
  prediction_input in(b, src, event_columns, "a header naming event and player", {""}, {"expected_rank"});
  auto& table = in.table;
  state_rows rows(b);
  group_rows event;
  row_groups groups("event");
  bool split = false;  // the current rows are a piece of an event met before: refused as such already
  const auto end_event = [&] {
    if (event.lines.size() == 1 && !split)
      in.problems.add(groups.first_line(), 1, "expected at least 2 players in event " + text::quote(groups.name()) + ", got 1");
    else if (!event.lines.empty())
      write_event(in.out, b, event, in.fields, groups.name());
    event = {};
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
    if (groups.starts(event_name)) {
      end_event();
      split = !groups.open(event_name, table, c_event, in.problems);
    }
    if (!groups.first(player, table, c_player, in.problems)) continue;
    bool fresh = false;
    const double* row = rows.get(player, fresh);
    event.add(table.current().text, row, in.fields, fresh);
  }
  end_event();
  return in.finish(groups.any(), "no events", rows.new_players());
}

std::string predict_matches(const prediction_basis& b, const text::source& src) {
  prediction_input in(b, src, lineup_columns, "a header naming match, team and player", {""}, {"win", "draw", "expected_rank"});
  auto& table = in.table;
  state_rows rows(b);
  lineup match;
  row_groups groups("match");
  const auto end_match = [&] {
    if (!match.lines.empty() && match.teams.size() < 2)
      in.problems.add(groups.first_line(), 1, "expected at least 2 teams in match " + text::quote(groups.name()) + ", got 1");
    else if (!match.lines.empty() && in.problems.empty())
      write_match(in.out, b, match, in.fields, "match " + text::quote(groups.name()) + " at " + src.file() + ":" +
                                                   std::to_string(groups.first_line()));
    match = {};
  };
  while (table.next_row()) {
    bool named = true;
    for (const size_t c : {c_match, c_team, c_member})
      if (table.field(c).empty() || has_control(table.field(c)))
        table.bad(c, "as a name without control characters"), named = false;
    double weight = 1;
    if (table.has(c_weight) && !table.field(c_weight).empty() &&
        !(text::parse_number(table.field(c_weight), weight) && weight > 0 && weight <= 1))
      table.bad(c_weight, "as a share of the match in (0, 1], or empty for 1"), named = false;
    if (!named) continue;
    if (groups.starts(table.field(c_match))) {
      end_match();
      groups.open(table.field(c_match), table, c_match, in.problems);
    }
    const std::string_view player = table.field(c_member);
    if (!groups.first(player, table, c_member, in.problems)) continue;
    const auto team = std::find(match.teams.begin(), match.teams.end(), table.field(c_team));
    match.team_of.push_back(uint32_t(team - match.teams.begin()));
    if (team == match.teams.end()) match.teams.emplace_back(table.field(c_team));
    bool fresh = false;
    const double* row = rows.get(player, fresh);
    match.add(table.current().text, row, in.fields, fresh);
    match.weights.push_back(weight);
  }
  end_match();
  return in.finish(groups.any(), "no matches", rows.new_players());
}

}  // namespace ratekit
