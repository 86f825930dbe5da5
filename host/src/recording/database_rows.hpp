// The rows of one run in the history database, shared by the recorder that
// writes a finished run (ranked events, record_run) and database_stream, which
// writes a run's pairwise games as they are rated, so the run keeps none of them.
#pragma once

#include "store/database.hpp"
#include "store/row_batch.hpp"
#include "store/state_object.hpp"

#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/recording/run_recording.hpp>

#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

namespace ratekit::db_rows {

std::string params_json(const competition_config& config, const rk_descriptor& model);
int64_t competition_id(store::database& db, const std::string& name);
// The run's row in `runs`; returns its id.
int64_t insert_run(store::database& db, int64_t competition, const competition_config& config,
                   const rk_descriptor& model, const std::string& fingerprint);
// The id an `INSERT ... RETURNING id` gave; the statement is ready to run again.
int64_t inserted_id(store::statement& insert);
// The run of competition `competition` (its id) that recorded period `label`, if any.
std::optional<earlier_run> period_owner(store::database& db, int64_t competition, const std::string& label);
// Run `first` and every run of competition `competition` (its id) recorded
// after it, but `own`: a run replaced takes with it the runs that started from its ratings.
std::vector<earlier_run> runs_from(store::database& db, int64_t competition, const earlier_run& first, int64_t own);
// Removes runs entirely, with every row they recorded but their players.
void remove_runs(store::database& db, const std::vector<int64_t>& runs);

// The labels of a run's stored periods, each once: a label met again gets
// " (2)", " (3)", ...; an empty one is "period N".
class period_labels {
 public:
  std::string add(std::string label);
  size_t size() const { return count_; }

 private:
  std::unordered_set<std::string> seen_;
  size_t count_ = 0;
};

// A streamed run's stored periods, labelled in the order the engine hands its
// windows over, with the input's period names as they arrive.
class window_labels {
 public:
  explicit window_labels(period_kind kind) : kind_(kind) {}
  // The labels of the window's periods, in order (not for game periods).
  const std::vector<std::string>& of(const rated_games& window);
  std::string add(std::string label) { return labels_.add(std::move(label)); }
  size_t size() const { return labels_.size(); }

 private:
  const period_kind kind_;
  std::vector<std::string> names_, window_;
  period_labels labels_;
};

// Every period of competition `competition` (its id) recorded, by label, with the run that recorded it.
std::map<std::string, earlier_run> recorded_periods(store::database& db, int64_t competition);

// The one period a run rated game by game (period: game) is stored as: named
// after its first and last date, or after its input files when a game has none.
std::string game_run_label(const competition_config& config, int32_t first_date, int32_t last_date);

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

 private:
  void end_period();  // its rows into the batch (add() calls it when the period changes)
  void touch(int64_t period, size_t p, double before);  // p's row in `period`, started with `before`

  const std::vector<uint32_t> shown_;
  const std::vector<int64_t>& player_ids_;
  std::vector<double> before_, after_, state_;
  std::vector<int64_t> games_;
  std::vector<int32_t> touched_;
  int64_t period_ = -1;
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

// Every player's state after the run: what `initial: { database: }` reads back.
void insert_states(store::database& db, int64_t run, const rk_descriptor& model, const player_state& state,
                   const std::vector<int64_t>& player_ids);

// Records a run's pairwise games or ranked events as the engine hands them over
// (rated_games_sink), inside the recording's transaction: its run row on the
// first batch, then players as their names arrive, periods with their ratings
// and period states as they complete, and every game or entry. A period another run recorded is met as
// `policy` says: refused, replaced with every run recorded after it, or a reason to rate again (rate_again).
// finish() adds what is known only at the end. Into a database without
// ratings yet, ratings_by_player is built at the end, not row by row.
class database_stream final : public rated_games_sink {
 public:
  database_stream(store::database& db, const competition_config& config, const rk_descriptor& model,
                  std::string fingerprint, stream_policy policy);

  void take(rated_games& games) override;
  unsigned streams() const override { return streams_database; }
  void take(rated_event& event) override;  // an event is a period
  unsigned streams_events() const override { return streams_database; }
  // A period recorded before, or dated before one recorded, is refused, or
  // rated again from an earlier state, before the model rates it: a model that
  // reads elapsed time would fail on periods older than the state the run started from.
  void before_rating(const rated_games& window) override;
  // The players' facts and those no game named, every player's state, and the
  // label of a game-period run (checked like any other); `run` is the rated run.
  recorded_run finish(const run_result& run);

 private:
  void start(const std::vector<std::string>& new_names);  // the run's row first, then the players named since
  int64_t add_period(const std::string& label);
  // The recorded run period `label` meets, if any: the one that recorded it, or
  // with dated periods the one that recorded the first later period, whose
  // ratings the state the period is rated from would hold.
  const earlier_run* met(const std::string& label) const;
  void meet(const std::string& label);
  // What meeting run `e` calls for before the rows of period `label` go: a refusal, or rating again.
  void refuse_or_rate_again(const earlier_run& e, const std::string& label) const;
  void check(const std::string& label) const;  // before rating: the policy for a recorded period

  store::database& db_;
  const competition_config& config_;
  const rk_descriptor& model_;
  const std::string fingerprint_;
  const stream_policy policy_;
  const int64_t competition_;
  const std::string deferred_indexes_;  // of the ratings table, built in finish() (store::defer_indexes)
  int64_t run_ = 0;
  std::vector<earlier_run> replaced_;
  window_labels taken_;  // the labels of the periods taken
  window_labels checked_;  // the labels of the periods checked, on the rating thread only
  // The periods recorded when the run started, by label; read on both threads.
  const std::map<std::string, earlier_run> recorded_;
  std::vector<int64_t> player_ids_;
  player_rows players_;
  period_totals totals_;
  std::optional<game_rows> games_;
  std::optional<entry_rows> entries_;
  int64_t game_period_ = 0;  // with game periods, the one stored period (0 before the first game)
  int32_t first_date_ = 0, last_date_ = 0;
  bool dated_ = true;  // every game so far has a date
  store::statement insert_period_;
};

}  // namespace ratekit::db_rows
