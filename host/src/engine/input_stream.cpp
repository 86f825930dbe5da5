#include "input_stream.hpp"

#include <ratekit/host/text/stop.hpp>

namespace ratekit {

input_stream::input_stream(const competition_config& config, const reader_entry& reader, const input_rows* rows,
                           player_table players)
    : one_period_(config.period_label, config.period), sorting_(config.input_options.sort_by_date),
      stop_(stop_flag()) {
  data_.players = std::move(players);
  data_.keep_seeds = sorting_;
  listed_ = size_t(data_.players.size());
  data_.stream_to([this](dataset& d) { hand_over(d); }, piece_games);
  reader_ = std::thread([this, &config, &reader, rows] {
    try {
      if (rows) {  // a program's rows; input_paths names them
        data_.source = reading_ = config.input_paths.front().string();
        rows->fill(data_);
        data_.flush();
      } else {
        for (const auto& path : config.input_paths) {
          if (data_.source.empty()) data_.source = path.string();
          reading_ = path.string();
          reader.read(path, config.input_options, data_);
          data_.flush();  // a file's games or events go on while the next file is read
        }
      }
      if (sorting_) release_sorted();
    } catch (...) {
      error_ = std::current_exception();
    }
    pieces_.finish();
  });
}

input_stream::~input_stream() {
  if (!reader_.joinable()) return;
  abandon();
  reader_.join();
}

void input_stream::hand_over(dataset& d) {
  throw_if_stopped(stop_);
  if (sorting_) return hold(d);
  one_period_.apply(d, reading_);
  push(d);
}

void input_stream::push(dataset& d) {
  std::unique_ptr<game_piece> piece = pieces_.empty();
  if (!piece) {  // nobody rates any more: drop the games and events
    d.games.clear();
    d.facts.clear();
    d.entries.clear();
    d.weights.clear();
    d.events.clear();
    return;
  }
  // Swapping hands the games over and gives the reader the piece's emptied buffers.
  piece->games.swap(d.games);
  piece->facts.swap_columns(d.facts);
  if (piece->facts.tags.size() != d.facts.tags.size()) piece->facts.tags = d.facts.tags;  // tags only grow
  piece->players = d.players.size();
  piece->names.clear();
  piece->declared.clear();
  piece->birth_years.clear();
  for (; names_handed_ < size_t(d.players.size()); ++names_handed_) {
    piece->names.push_back(d.players.name(int32_t(names_handed_)));
    piece->declared.push_back(d.players.declared_rating[names_handed_]);
    piece->birth_years.push_back(d.players.birth_year[names_handed_]);
  }
  piece->period_names.assign(d.period_names.begin() + long(period_names_handed_), d.period_names.end());
  period_names_handed_ = d.period_names.size();
  piece->entries.swap(d.entries);
  piece->weights.swap(d.weights);
  piece->events.swap(d.events);
  piece->event_infos.assign(d.event_infos.begin() + long(infos_handed_), d.event_infos.end());
  infos_handed_ = d.event_infos.size();
  piece->expected_entries = d.expected_entries();
  d.games.clear();
  d.facts.clear();
  d.entries.clear();
  d.weights.clear();
  d.events.clear();
  if (!piece->games.empty()) d.reserve_games(piece_games);
  if (!piece->entries.empty()) d.entries.reserve(piece_games);
  pieces_.push(std::move(piece));
}

std::unique_ptr<game_piece> input_stream::next() { return pieces_.pop(); }

void input_stream::give_back(std::unique_ptr<game_piece> piece) { pieces_.give_back(std::move(piece)); }

void input_stream::abandon() { pieces_.stop(); }

dataset input_stream::finish() {
  if (reader_.joinable()) reader_.join();
  if (error_) std::rethrow_exception(error_);
  return std::move(data_);
}

}  // namespace ratekit
