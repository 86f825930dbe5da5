// Predictions of new games or events from a rated state: `ratekit predict`.
#pragma once

#include <ratekit/host/input/dataset.hpp>
#include <ratekit/host/input/input_text.hpp>
#include <ratekit/host/plugin/plugin.hpp>

#include <cmath>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ratekit {

// What predictions start from: a model, its players and their whole state.
struct prediction_basis {
  const model& rater;
  const player_table& players;
  const std::vector<std::vector<double>>& columns;  // [field][player], the descriptor's state fields
  std::vector<double> initial;                      // the state of a player not rated yet
  double home_advantage = 0;                        // points for the home side (`home` a or b)
  // PlayerRatings' predict(tng): a player with fewer than `min_games` rated
  // games (`games`, per player) is predicted as a new one, from `initial`.
  const std::vector<double>* games = nullptr;
  double min_games = 0;
};

// PlayerRatings' predict(tng, trat) as `ratekit predict --min-games N
// --new-rating R --new-state rd=S`: players with fewer than `min_games` rated
// games, and players never rated, are predicted from the initial state with
// `rating` (when finite) and the `state` fields in place of its own.
struct new_player_rule {
  double min_games = 0;
  double rating = NAN;
  std::vector<std::pair<std::string, double>> state;
};

// Refuses a `rule.state` field that `p` does not keep besides the rating, naming it.
void check_new_state(const plugin& p, const new_player_rule& rule);

// The initial state `initial` under `rule` (checked by check_new_state).
std::vector<double> new_player_row(const model& m, std::vector<double> initial, const new_player_rule& rule);

// The games to predict: a file, or a program's CSV text in memory (the Python module's frame), read by the same
// rules, its problems named by the text's name as the file's by its path.
struct games_to_predict {
  games_to_predict(const std::filesystem::path& path) : file(path) {}
  games_to_predict(const std::string& path) : file(path) {}
  games_to_predict(const input_text& in) : text(in) {}
  std::filesystem::path file;
  std::optional<input_text> text;  // read in the place of `file` when given
};

// Reads new pairwise games (columns player_a, player_b, optional home: a, b or
// empty) or, for a model of ranked events, new events (event, player; an
// event's rows together) from `games`, and returns the CSV of predictions: each
// input row as it was, then each side's state, whether the player is new
// (unrated: the initial state), and the expected scores (expected_a,
// expected_b) or the expected rank. A model of team matches reads lineups
// (match, team, player, optional weight; a match's rows together) and gives
// each row its team's win and draw chances against the other team, or with
// more teams its expected rank (1 + the chances that each other team finishes
// ahead, a tie counting half). Errors name file:line:column.
std::string predictions_csv(const prediction_basis& basis, const games_to_predict& games);

}  // namespace ratekit
