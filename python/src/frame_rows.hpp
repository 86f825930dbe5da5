// A frame's rows as a run reads them in the place of its config's input files
// (input_rows): pairwise games from their columns (frame_columns), team matches
// and standings from the CSV text the package writes of them in memory, read
// by team-csv's or standings-csv's own reader. No file lies between; a problem
// names "games" with the row and column (or, for a text, its line and column,
// which the package names as the frame's row and column).
#pragma once

#include "frame_columns.hpp"

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/input/input_rows.hpp>
#include <ratekit/host/input/readers.hpp>

#include <memory>
#include <optional>
#include <string>

namespace ratekit::python {

// What messages and summary.json's inputs call a frame, whatever its layout.
inline constexpr const char* frame_name = "games";

// A frame's pairwise games (held by `columns`), read by games-csv's row rules with a config's input options.
class frame_rows final : public input_rows {
 public:
  frame_rows(std::shared_ptr<frame_columns> columns, reader_options options)
      : columns_(std::move(columns)), options_(std::move(options)) {}
  void fill(dataset& d) const override { read_game_columns(columns_->columns(), options_, d); }

 private:
  std::shared_ptr<frame_columns> columns_;
  reader_options options_;
};

// A frame of team matches or standings as its CSV text.
class event_rows final : public input_rows {
 public:
  // `format`: team-csv or standings-csv.
  event_rows(std::string format, std::string text, reader_options options);
  void fill(dataset& out) const override;

 private:
  std::string format_, text_;
  reader_options options_;
};

// `config` reads a frame of `format` (games-csv, team-csv or standings-csv) in the place of its input, which must
// be of that format.
void read_frame(competition_config& config, const std::string& format);

// The rows a run reads: the pairwise games', else the events', else none (the config's input files).
const input_rows* given_rows(const std::optional<frame_rows>& games, const std::optional<event_rows>& events);

}  // namespace ratekit::python
