// Rating ranked events as the input hands them over, one event per plugin call.
#pragma once

#include "checks.hpp"
#include "input_stream.hpp"
#include "replay.hpp"

#include <ratekit/host/engine/engine.hpp>

#include <span>
#include <vector>

namespace ratekit {

// Rates each event of a piece on r.state as it arrives, filling the per-entry
// outputs; the events and entries are kept for the outputs and the metrics.
// With a `sink` that streams an output of ranked events (history.csv, the
// report, the database), each event goes to it once rated.
class event_rater {
 public:
  event_rater(run_result& r, settle_fn settle, rated_games_sink* sink);

  void take(game_piece& piece);
  // Moves the events and entries rated into `d` (the dataset the reader leaves).
  void hand_kept(dataset& d);
  // Once the input is read and hand_kept: the metrics (the pairs sampled
  // depend on all events), games played and peaks.
  void finish();
  // The outputs the sink wrote (streamed_output bits), once an event was rated.
  unsigned streamed() const { return handed_.info ? streamed_ : 0; }

 private:
  // Players who joined start as the config and the input's facts say.
  void add_players(size_t count, std::span<const double> declared = {});
  void rate(size_t e);
  void hand_over(const rk_event& ev, const event_info& info);

  run_result& r_;
  const settle_fn settle_;
  std::vector<rk_entry> entries_;
  std::vector<rk_event> events_;
  std::vector<event_info> infos_;
  std::vector<double> rating_before_;  // each entry's player's rating before its event, for the expectations
  const unsigned streamed_;
  rated_games_sink* const sink_;
  rated_event handed_;
  entry_replay replayed_;  // the ratings as run_result::replay_entries gives them
  std::vector<double> before_, after_, state_;  // of the event handed over
};

}  // namespace ratekit
