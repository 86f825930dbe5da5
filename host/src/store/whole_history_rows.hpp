// What a competition's whole-history runs left in the history database, read back for its next run
// (schema step whole_history_step): the games they read, in the order recorded, and the last fit's estimates.
#pragma once

#include "store/database.hpp"

#include <ratekit/host/input/dataset.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace ratekit::store {

// The runs of `competition` that recorded a fit of a whole-history model, and those that did not (a model
// rated period by period): ratings of the two kinds are not one history.
struct competition_kinds {
  int64_t whole_history = 0, by_period = 0;
  std::string whole_history_model;  // of its latest whole-history run
};
competition_kinds kinds_of_runs(database& db, const std::string& competition);

// The games of the competition's whole-history runs but those `without`, run by run in the order each was read
// (the players by name with their facts, each game's date and home side, line 0); `run_of`: each game's run.
// A damaged row (a date, score or home side no run writes) is refused naming the table, run and game.
struct recorded_games {
  dataset data;
  std::vector<int64_t> run_of;
  // Each game's warm_a then warm_b numbers, or each team match's entries' in order; empty when one has none.
  std::vector<double> warm_state;
};
recorded_games read_recorded_games(database& db, const std::string& competition, const std::vector<int64_t>& without);
// The competition's recorded team matches (whole_history_matches.cpp), as read_recorded_games reads the duels:
// appended to `out` as ranked events with their entries, weights and team names, each entry's warm state onto
// out.warm_state; false when an entry has none.
bool read_recorded_matches(database& db, int64_t competition, const std::vector<int64_t>& without,
                           recorded_games& out);

// Each player's estimate (mean, deviation) at each batch of the competition's last fit, by estimate_key.
using recorded_estimates = std::unordered_map<std::string, std::array<double, 2>>;
recorded_estimates read_recorded_estimates(database& db, const std::string& competition);

// warm_a's or warm_b's text of `values`, and back (false for a text that is not numbers and commas).
std::string warm_text(const double* values, size_t count);
bool read_warm_text(std::string_view text, std::vector<double>& into);
inline std::string estimate_key(std::string_view batch_label, std::string_view player) {
  std::string key(batch_label);
  key += '\n';
  key += player;
  return key;
}

}  // namespace ratekit::store
