// 3.4.2 across runs: the games a player without a first DWZ keeps, handed to the
// host at a run's end and back at the next run's start as his record
// (ratekit.player_records.v1), one item a game: the opponent, and his DWZ in
// that tournament, the score and the tournament's last day as its numbers.
#pragma once

#include "selection.hpp"

#include <ratekit/player_records.hpp>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace ratekit::plugins::dwz_rules {

// The kind of record the host stores them as; a new layout of the numbers is a new kind.
inline constexpr const char* kept_games_kind = "dwz.kept_games.1";
inline constexpr uint32_t kept_game_values = 3;  // opponent's DWZ, score, date
// More than a player could keep in two years of club and open tournaments.
inline constexpr uint64_t most_kept_games = 1000;

class kept_games_records {
 public:
  // Every kept game into `rest`, sized to the state's players; `rated` is the
  // state's column (a player with a DWZ keeps none). A record that cannot be a
  // kept game is refused, naming its item.
  static void restore(const rk_player_records& r, const double* rated, uint64_t players, rest_games& rest) {
    rest.resize(players);
    for (uint64_t i = 0; i < r.item_count; ++i) {
      const double* v = r.values + i * kept_game_values;
      const int32_t owner = r.owners[i];
      if (r.others[i] < 0) refuse(i, "names no opponent");
      if (rated[owner] != 0) refuse(i, "belongs to a player who holds a DWZ, and keeps no games");
      if (!(v[1] >= 0 && v[1] <= 1)) refuse(i, "has a score " + shown(v[1]) + ", not within 0 to 1");
      if (!(v[0] > 0)) refuse(i, "has an opponent's DWZ " + shown(v[0]) + ", not above 0");
      if (!is_date(v[2])) refuse(i, "has a date " + shown(v[2]) + ", neither 0 nor a day yyyymmdd");
      rest[size_t(owner)].push_back({r.others[i], v[0], v[1], int32_t(v[2])});
    }
  }

  // The kept games of every player, as the host stores them; valid until the next call.
  rk_player_records save(const rest_games& rest) {
    owners_.clear(), others_.clear(), values_.clear();
    for (size_t p = 0; p < rest.size(); ++p)
      for (const rest_game& g : rest[p]) {
        owners_.push_back(int32_t(p));
        others_.push_back(g.opponent);
        values_.insert(values_.end(), {g.opponent_rating, g.score, double(g.date)});
      }
    return {sizeof(rk_player_records), kept_game_values, owners_.size(), owners_.data(), others_.data(), values_.data()};
  }

 private:
  static bool is_date(double d) {
    if (d == 0) return true;
    const double month = std::fmod(std::floor(d / 100), 100), day = std::fmod(d, 100);
    return d == std::floor(d) && d >= 10000101 && d <= 99991231 && month >= 1 && month <= 12 && day >= 1 && day <= 31;
  }
  static std::string shown(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.10g", v);
    return text;
  }
  [[noreturn]] static void refuse(uint64_t item, const std::string& why) {
    throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "not a kept game of dwz: the record " + why, int64_t(item));
  }

  std::vector<int32_t> owners_, others_;
  std::vector<double> values_;
};

}  // namespace ratekit::plugins::dwz_rules
