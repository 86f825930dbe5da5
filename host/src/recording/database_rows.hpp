// The rows of one run in the history database (its players, periods' ratings,
// games, entries and final states), shared by the recorder that writes a
// finished run (ranked events, record_run) and database_stream, which writes a
// run's pairwise games as they are rated, so the run keeps none of them.
#pragma once

#include "store/database.hpp"
#include "store/row_batch.hpp"
#include "store/state_object.hpp"

#include "recording/run_rows.hpp"

#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/recording/run_recording.hpp>

#include <cmath>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

namespace ratekit::db_rows {

// A run's players: each is a row of the competition, inserted once; facts
// (external id, federation, birth year) given replace what is recorded, facts
// left empty keep it.
class player_rows {
 public:
  player_rows(store::database& db, int64_t competition);
  int64_t add(std::string_view name, std::string_view external_id = {}, std::string_view federation = {},
              double birth_year = NAN);

 private:
  const int64_t competition_;
  store::statement find_, insert_, update_;
};

// Per period, each player's first rating before and last rating and shown
// state fields after it (run_result::shown_state): one `ratings` row, the
// fields in its `state` object, for every player who played in it or whose
// rating the model adjusted in it.
class period_totals {
 public:
  // `player_ids`: the database id of each player of the run (may grow between calls).
  period_totals(store::database& db, const rk_descriptor& model, std::vector<uint32_t> shown,
                const std::vector<int64_t>& player_ids);
  // A game of `player` in period `period` (its id); `state`: his shown fields after it.
  void add(int64_t period, int32_t player, double before, double after, const double* state);
  // A rating adjustment of `player` in `period` (ABI 1.4), after its games: a row for him, with games 0 and
  // no state fields when it is all he had in the period.
  void adjust(int64_t period, const rated_adjustment& a);
  void flush();  // writes the last period's rows and every row held
  // Each player's period of this run with the latest date by `date_of` (a period's
  // id -> its date), by the run's index; 0 for one without a row in the run.
  void date_periods(std::function<int32_t(int64_t)> date_of) { date_of_ = std::move(date_of); }
  const std::vector<int64_t>& last_periods() const { return last_period_; }

 private:
  void end_period();  // its rows into the batch (add() calls it when the period changes)
  void touch(int64_t period, size_t p, double before);  // p's row in `period`, started with `before`
  void note_last_period(size_t p);  // `period_` for p when its date is his latest

  const std::vector<uint32_t> shown_;
  const std::vector<int64_t>& player_ids_;
  std::vector<double> before_, after_, state_;
  std::vector<int64_t> games_;
  std::vector<int32_t> touched_;
  int64_t period_ = -1;
  std::function<int32_t(int64_t)> date_of_;
  std::vector<int64_t> last_period_;
  store::state_object object_;
  store::row_batch insert_;
};

// The `games` rows of a run, in order.
class game_rows {
 public:
  game_rows(store::database& db, int64_t run);
  void add(size_t seq, int64_t period, int64_t player_a, int64_t player_b, const rk_game& g, const rk_game_out& o,
           double before_a, double before_b);
  void flush() { insert_.flush(); }  // writes every row held

 private:
  const int64_t run_;
  store::row_batch insert_;
};

// The `entries` rows of a run, in order.
class entry_rows {
 public:
  entry_rows(store::database& db, int64_t run);
  // `team`: the team's name in a team match, "" (NULL) otherwise.
  void add(size_t seq, int64_t period, int64_t player, const rk_entry& e, const rk_entry_out& o, double before,
           std::string_view team);
  void flush() { insert_.flush(); }  // writes every row held

 private:
  const int64_t run_;
  store::row_batch insert_;
};

// The rows of one ranked event recorded as `period`: the ratings and period
// states of the players the model rated in it, and every entry, skipped ones too.
void add_event_rows(const rated_event& e, int64_t period, period_totals& totals, entry_rows& entries,
                    const std::vector<int64_t>& player_ids);

// The fields of a player's state after a run that the states table holds: the
// model's, games, peak, and when the model reads elapsed time, last_period and last_played.
class state_fields {
 public:
  state_fields(const rk_descriptor& model, const player_state& state);
  const std::vector<std::string>& names() const { return names_; }
  // Player `p`'s values, in names()' order.
  void values(size_t p, double* out) const;

 private:
  const player_state& state_;
  const size_t model_fields_;
  std::vector<std::string> names_;
  bool elapsed_ = false;
};

// Every player's state after the run: what `initial: { database: }` reads back.
void insert_states(store::database& db, int64_t run, const rk_descriptor& model, const player_state& state,
                   const std::vector<int64_t>& player_ids);

// What the model keeps of its players between runs (ratekit/ext/player_records.h), beside their states.
void insert_player_records(store::database& db, int64_t run, model& rater, const std::vector<int64_t>& player_ids);

}  // namespace ratekit::db_rows
