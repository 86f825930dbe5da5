// A competition as the server shows it: its last run's model, its periods in
// the order a rating list counts them, its players and games.
#pragma once

#include "store/database.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ratekit::serve {

struct period {
  int64_t id = 0;
  std::string label;
  int32_t date = 0;  // period_date: yyyymmdd, 0 when unknown
};

struct competition {
  int64_t id = 0;
  std::string name;
  std::string model, params, config_text, recorded_at;  // of its last run
  std::vector<period> periods;                         // by date, then in the order recorded
  std::unordered_map<int64_t, size_t> position;        // a period's id -> its index in `periods`
  int64_t players = 0, games = 0;                      // count_players_and_games
  std::vector<std::pair<double, std::string>> categories;  // its last run's config's: (lowest rating, label), ascending
};

// Every competition that holds a run, by name.
std::vector<std::string> competition_names(store::database& db);
// The competition of that name, or none; its players and games not counted yet.
std::optional<competition> find_competition(store::database& db, const std::string& name);
// Counts them (a scan of its games: only for what shows the counts).
void count_players_and_games(store::database& db, competition& c);

}  // namespace ratekit::serve
