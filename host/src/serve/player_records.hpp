// One player's records: his rating period by period and his games.
#pragma once

#include "serve/competitions.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ratekit::serve {

// The player's id in the database, or none.
std::optional<int64_t> player_id(store::database& db, const competition& c, const std::string& name);

struct history_entry {
  const period* at = nullptr;
  double rating = 0, change = 0;
  int64_t games = 0;
  std::vector<std::pair<std::string, double>> state;  // the other state fields, by name
};
// Period by period, in list order; `name`: the player's, for the message that refuses a damaged row.
std::vector<history_entry> rating_history(store::database& db, const competition& c, int64_t player,
                                          const std::string& name);

struct game_record {
  const period* at = nullptr;
  int64_t run = 0, seq = 0;
  std::string opponent;
  double score = 0, expected = 0, k = 0, change = 0, rating_before = 0, opponent_before = 0;
};
struct game_page {
  int64_t total = 0;
  std::vector<game_record> games;  // newest first
};
// His games, newest first (the latest period first, within it the last recorded first):
// those from `skip` on, `count` at most.
game_page games_of(store::database& db, const competition& c, int64_t player, int64_t skip, int64_t count);

// His entries in ranked events and team matches (the entries table).
struct event_record {
  const period* at = nullptr;  // the event's period (an event of its own, unless periods group them)
  int64_t run = 0, seq = 0;
  double rank = 0, expected = 0, weight = 0, change = 0, rating_before = 0;
  bool skipped = false;  // kept out of rating (a single entrant, a model's rule)
  std::string team;      // the team he played for in a team match, "" otherwise
};
struct event_page {
  int64_t total = 0;
  std::vector<event_record> events;  // newest first
};
// His events, newest first as games_of's: those from `skip` on, `count` at most.
event_page events_of(store::database& db, const competition& c, int64_t player, int64_t skip, int64_t count);

}  // namespace ratekit::serve
