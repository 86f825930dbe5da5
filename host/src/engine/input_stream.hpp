// Reading a competition's input on a thread of its own while the engine rates:
// the reader adds games or ranked events to its dataset, which hands them over
// in pieces (and at the end of each file) through a short queue; the engine
// gives the emptied pieces back.
#pragma once

#include "one_period.hpp"

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/recycling_queue.hpp>
#include <ratekit/host/input/dataset.hpp>
#include <ratekit/host/input/input_rows.hpp>
#include <ratekit/host/input/readers.hpp>

#include <atomic>
#include <exception>
#include <memory>
#include <thread>
#include <vector>

namespace ratekit {

// Consecutive games, or ranked events, of a stream, as the reader cut them.
struct game_piece {
  std::vector<rk_game> games;
  game_facts facts;  // tags: the table as it was when the piece was cut
  std::vector<rk_entry> entries;
  std::vector<double> weights;  // team matches: each entry's share of its match; else empty
  std::vector<rk_event> events;  // into the entries of the whole stream
  std::vector<event_info> event_infos;  // of `events`
  size_t expected_entries = 0;  // the reader's estimate of the stream's entries in all
  int32_t players = 0;  // players interned by then
  // The names of the players and input periods interned since the last piece,
  // so the rating side reads no table the reader is still growing; and the
  // rating and birth year the input declares for each of those players (NaN: none).
  std::vector<std::string> names, period_names;
  std::vector<double> declared, birth_years;
};

class input_stream {
 public:
  // Starts reading `config`'s input with `reader` (or taking `rows`, when given,
  // in its place) into a dataset that begins with `players`.
  input_stream(const competition_config& config, const reader_entry& reader, const input_rows* rows,
               player_table players);
  ~input_stream();
  input_stream(const input_stream&) = delete;
  input_stream& operator=(const input_stream&) = delete;

  // The next piece, or nullptr after the last; give it back when done with it.
  std::unique_ptr<game_piece> next();
  void give_back(std::unique_ptr<game_piece> piece);

  // Drops the pieces not yet taken and those still to come: the reader goes on
  // only to find its own errors.
  void abandon();
  // Waits for the reader and returns the dataset (players, events, period
  // names; the games handed over are not in it). Throws what the reader threw.
  dataset finish();

 private:
  void hand_over(dataset& d);
  void push(dataset& d);
  // input.sort: the games wait in held_ until the whole input is read, then go on by date (input_sort.cpp).
  void hold(dataset& d);
  void release_sorted();

  // Each piece's memory is first touched as it fills (a page fault per 4 kB);
  // 65,536 games made a history run peak 30 MB higher and no faster, while
  // 16,384 slowed runs without history by a tenth (a handover per piece).
  static constexpr size_t piece_games = size_t(1) << 15;
  static constexpr size_t pieces_in_flight = 4;

  dataset data_;
  recycling_queue<game_piece> pieces_{pieces_in_flight};
  size_t names_handed_ = 0, period_names_handed_ = 0, infos_handed_ = 0;
  one_period one_period_;
  const bool sorting_;
  struct {
    std::vector<rk_game> games;
    game_facts facts;
    std::vector<double> seeds;
  } held_;
  size_t listed_ = 0;  // players in the dataset before the input: no game of it seeds them
  std::string reading_;  // the file being read
  std::exception_ptr error_;  // what the reader threw; set before it finishes the queue
  const std::atomic<bool>* stop_;  // the starting thread's (text/stop.hpp): the reader stops with the run
  std::thread reader_;
};

}  // namespace ratekit
