// The history database's rows written while a run is rated (database_stream.cpp).
#pragma once

#include "recording/database_rows.hpp"
#include "recording/period_rows.hpp"

#include <optional>
#include <string>
#include <vector>

namespace ratekit::db_rows {

// Records a run's pairwise games or ranked events as the engine hands them over
// (rated_games_sink), inside the recording's transaction: its run row on the
// first batch, then players as their names arrive, periods with their ratings
// and period states as they complete, and every game or entry. A period another run recorded is met as
// `policy` says: refused, replaced with every run recorded after it, or a reason to rate again (rate_again).
// finish() adds what is known only at the end. Into a database without
// ratings yet, ratings_by_player is built at the end, not row by row; so are
// the indexes of a run large beside the rows held (rebuild_indexes_after).
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
  // `first`, `last`: the dates of its games or event (yyyymmdd, 0 unknown).
  int64_t add_period(const std::string& label, int32_t first, int32_t last);
  // The recorded run period `label` meets, if any: the one that recorded it, or
  // with dated periods the one that recorded the first later period, whose
  // ratings the state the period is rated from would hold.
  const earlier_run* met(const std::string& label) const;
  void meet(const std::string& label);
  // What meeting run `e` calls for before the rows of period `label` go: a refusal, or rating again.
  void refuse_or_rate_again(const earlier_run& e, const std::string& label) const;
  void check(const std::string& label) const;  // before rating: the policy for a recorded period
  void count_rows(size_t rows);  // taken: past next_index_question_, asks the store

  store::database& db_;
  const competition_config& config_;
  const rk_descriptor& model_;
  const std::string fingerprint_;
  const stream_policy policy_;
  const int64_t competition_;
  std::string deferred_indexes_;  // of the ratings, games and entries tables, built in finish() (store::defer_indexes)
  // The games or entries taken, and how many more before the store is asked again whether the indexes it
  // keeps up would cost less built at the end (rebuild_indexes_after; each time twice as many).
  int64_t rows_taken_ = 0, next_index_question_ = 65'536;
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
  std::optional<period_rows> periods_;  // made with the run's row
};

}  // namespace ratekit::db_rows
