// Stage store. In: a history database file. Out: the ratings a run starts from
// and a player's history, read back (output/database.hpp writes it).
//
// The rating history database: one SQLite file (no server) that records every
// run of every competition written to it with `output: { database: file }`:
// the run itself (model, parameters, config text), its rating periods, the
// players and their facts, each player's rating and change per period, the
// state after the run (every plugin state field, games and peak) and every
// game's expectations and changes (or every ranked entry's). The next run
// starts from it with `initial: { database: file }`.
#pragma once

#include <ratekit/host/input/dataset.hpp>
#include <ratekit/host/input/ratings_list.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ratekit {

// The latest state of every player of `competition` in runs before
// `before_run`: the columns initial_state reads (state fields, games, peak) and
// the facts (id, federation, birth year) added to `players`. A database without
// the competition, or with a damaged value, is a user_error.
ratings_list read_database_ratings(const std::filesystem::path& file, const std::string& competition,
                                   player_table& players, int64_t before_run = INT64_MAX);

// The model and parameters (a JSON object, key: value) of the last run
// recorded for `competition`; a user_error when there is none.
struct recorded_model {
  std::string model;
  std::string params_json;
  std::string config_text;  // the run's config file as it was
};
recorded_model last_run_model(const std::filesystem::path& file, const std::string& competition);

struct history_point {
  std::string competition;
  std::string period;
  double rating = 0;   // at the end of the period
  double change = 0;   // during the period
  int64_t games = 0;   // games (or ranked events) in the period
  std::string team;    // the team he played for, when the period is a team match (layout 6); "" otherwise
  // For a period whose label is no date (an event's name), the dates its input
  // gave it: "2024-02-06", or "2024-02-03..2024-02-10"; "" otherwise or unknown.
  std::string date;
  // The plugin's other state fields at the end of the period (rd, volatility, ...), by name.
  std::vector<std::pair<std::string, double>> state;
};

// A player's rating period by period, matched by name or external id, in the
// order the periods were recorded. Unknown players are a user_error (with a
// suggestion when a name is close).
std::vector<history_point> player_history(const std::filesystem::path& file, const std::string& player,
                                          const std::optional<std::string>& competition);

// Copies the whole history of `from` (a file or a postgresql:// URI) into
// `to`, a new file or a database without runs, in one transaction that
// commits only when every table reads back as `from` holds it. Returns each
// table's rows copied. A failure leaves `to` as it was (a new file goes).
std::vector<std::pair<std::string, int64_t>> copy_history(const std::string& from, const std::string& to);

}  // namespace ratekit
