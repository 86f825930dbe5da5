// What the dates of a run's games are checked against besides their order:
// the date of a list adjustment, and Lichess's anonymous players.
#pragma once

#include "checks.hpp"

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/input/dataset.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/format.hpp>

#include <spdlog/spdlog.h>

#include <string>
#include <vector>

namespace ratekit {

// A dated list adjustment changes the list a run starts from: the run's games come on or after its date,
// every one of them, since a period's games may come in any order. `facts` are a piece's, the first when
// `first_piece`; `source` names the input.
inline void check_adjustment_date(const competition_config& c, const game_facts& facts, bool first_piece,
                                  const std::string& source, const settle_fn& settle) {
  if (!c.initial_adjustment || facts.date.empty()) return;
  const int32_t from = c.initial_adjustment->date;
  size_t i = 0;
  if (!(first_piece && facts.date[0] == 0))  // undated: the first game says it for all
    while (i < facts.date.size() && (facts.date[i] == 0 || facts.date[i] >= from)) ++i;
  if (i == facts.date.size()) return;
  settle();
  const int32_t date = facts.date[i];
  throw user_error(source, facts.line[i], 0,
                   date == 0 ? "initial.adjust is dated " + iso_date(from) + ": the games need dates"
                             : "initial.adjust is dated " + iso_date(from) + " but " +
                                   (first_piece && i == 0 ? "the first game" : "this game") + " is dated " +
                                   iso_date(date) + ": rate the games before " + iso_date(from) +
                                   " in a run of their own and start this one from its ratings");
}

// Lichess names every player who was not signed in 'Anonymous': the run rates
// them as one player, and says so once, with the count of their games.
class anonymous_games {
 public:
  // The names of players [players - names.size(), players), interned since the last piece.
  void meet(const std::vector<std::string>& names, int32_t players) {
    for (size_t k = 0; k < names.size() && id_ < 0; ++k)
      if (names[k] == "Anonymous") id_ = players - int32_t(names.size() - k);
  }

  void count(const rk_game* games, size_t n) {
    if (id_ < 0) return;
    for (size_t i = 0; i < n; ++i) games_ += size_t(games[i].a == id_) + size_t(games[i].b == id_);
  }

  void warn() const {
    if (games_ > 0)
      spdlog::warn("{} had a player named 'Anonymous' (Lichess's name for every player who was not signed in): "
                   "they were rated as one player; leave those games out of the input to rate signed-in players only",
                   counted(double(games_), "game"));
  }

 private:
  int32_t id_ = -1;
  size_t games_ = 0;
};

}  // namespace ratekit
