// Rating ranked events as the input hands them over, one event per plugin call.
#pragma once

#include "checks.hpp"
#include "input_stream.hpp"
#include "pair_forecasts.hpp"
#include "replay.hpp"

#include <ratekit/host/engine/engine.hpp>

#include <atomic>
#include <optional>
#include <span>
#include <vector>

namespace ratekit {

// Rates each event of a piece on r.state as it arrives: its pairs' forecasts,
// games played and peaks are counted at once. The entries and their outputs
// are kept only for an output that reads them after the run; with a `sink`
// that streams an output of ranked events (history.csv, the report, the
// database), each event goes to it once rated.
class event_rater {
 public:
  // Without `metrics`, no pair is forecast and run_result::metrics stays empty.
  event_rater(run_result& r, const competition_config& config, settle_fn settle, rated_games_sink* sink, bool metrics);

  void take(game_piece& piece);
  // Moves the events (and the entries, when kept) into `d` (the dataset the reader leaves).
  void hand_kept(dataset& d);
  // Once the input is read and hand_kept: the metrics' hindsight (on the final ratings) and peaks.
  void finish();
  // The outputs the sink wrote (streamed_output bits), once an event was rated.
  unsigned streamed() const { return handed_.info ? streamed_ : 0; }

 private:
  // Players who joined start as the config and the input's facts (ratings, years of birth) say.
  void add_players(size_t count, std::span<const double> declared = {}, std::span<const double> births = {});
  // Event e, whose entries are `entries`; a team match's players' shares of it in `weights`, else nullptr.
  void rate(size_t e, const rk_entry* entries, const double* weights);
  // Events are rated in the order read: one dated before the latest date read
  // so far (a newest-first export) is refused, as games are.
  void check_order(const event_info& info);
  // The n entries' players' state fields besides the rating into states[i * (fields - 1)
  // + f - 1], and into `rows` whole (rating first) for the forecasts.
  void snapshot(const rk_entry* entries, size_t n, double* states, std::vector<double>* rows = nullptr);
  // The ratings before and after (before_, after_), peaks and games played of a rated event.
  void count_played(const rk_entry* entries, const rk_entry_out* out, size_t n);
  // The forecasts of a rated event's pairs from the states before it (`rows_`), on their
  // thread; the thread and its model instance start with the first event rated.
  void forecast(size_t e, const rk_entry* entries, size_t n);
  // A team match's forecasts: each pair of its teams, from the states before it (`rows_`).
  void forecast_teams(size_t e, const rk_entry* entries, const double* weights, size_t n);
  // Rethrows a failure of the forecasts as the plugin's failure on that event.
  [[noreturn]] void forecast_failed(const pair_forecasts::failure& f);
  void hand_over(const rk_event& ev, const event_info& info, const rk_entry* entries, const rk_entry_out* out,
                 const double* state_before, const double* state_after);

  run_result& r_;
  const competition_config& c_;
  const settle_fn settle_;
  const std::atomic<bool>* const stop_;  // the caller's (text/stop.hpp), looked at before each event
  const unsigned streamed_;
  rated_games_sink* const sink_;
  const bool keep_;  // an output reads the entries and their outputs after the run
  const bool metrics_;  // run_result::metrics are computed
  std::vector<rk_entry> entries_;  // kept
  std::vector<rk_event> events_;
  std::vector<event_info> infos_;
  event_info latest_;  // the latest dated event read so far
  uint64_t entry_count_ = 0;
  // The event being rated: its outputs and states when the run keeps none.
  std::vector<rk_entry_out> out_;
  std::vector<double> state_before_, state_after_;
  std::vector<double> rows_;  // each entry's state before the event, rating first, for the forecasts
  std::optional<pair_forecasts> forecasts_;  // started by the first event rated
  pair_sample team_pairs_;  // team matches' foresight, pair by pair of teams
  bool team_matches_ = false;
  std::vector<uint32_t> teams_;
  std::vector<double> team_ranks_;
  entry_replay replayed_;  // the ratings as run_result::replay_events gives them
  std::vector<double> peak_seen_;  // each player's highest rating after an event, -inf when none
  rated_event handed_;
  std::vector<double> before_, after_, state_;  // of the event rated
};

}  // namespace ratekit
