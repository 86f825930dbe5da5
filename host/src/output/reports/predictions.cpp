// Predictions: each new game or event row with the state and expectations of its players.
#include <ratekit/host/output/files/outputs.hpp>
#include <ratekit/host/output/reports/predictions.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/escape.hpp>

#include "input/numbers.hpp"
#include "output/reports/predict_input.hpp"

namespace ratekit {

namespace {

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
  prediction_input in(b, src, game_columns, "a header naming player_a and player_b", {"_a", "_b"}, {"expected_a", "expected_b"});
  auto& table = in.table;
  std::string& out = in.out;
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
    append_state(out, a, in.fields, new_a);
    append_state(out, bb, in.fields, new_b);
    out += ',';
    const auto where = [&] { return "the game at " + src.file() + ":" + std::to_string(table.current().number); };
    append_number(out, expectation(b.rater, a, bb, advantage, where));
    out += ',';
    append_number(out, expectation(b.rater, bb, a, -advantage, where));
    out += '\n';
  }
  return in.finish(games > 0, "no games", rows_a.new_players() + rows_b.new_players());
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

std::string predictions_csv(const prediction_basis& basis, const games_to_predict& games) {
  const text::source src = games.text ? text::source(*games.text) : text::source(games.file, {});
  const plugin& p = basis.rater.source();
  if (p.has(RK_CAP_TEAMS)) return predict_matches(basis, src);
  // A whole-history model of duels (whr) declares neither games nor events: it forecasts duels.
  return p.has(RK_CAP_PAIRWISE) || p.has(RK_CAP_WHOLE_HISTORY) ? predict_games(basis, src) : predict_events(basis, src);
}

}  // namespace ratekit
