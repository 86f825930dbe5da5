// history.csv's columns held in memory instead of written: the engine hands
// each window of rated games (or ranked events) over as it does to
// history_writer, and the same rows, cell for cell, are kept as columns, numbers
// as doubles and texts as indexes into their distinct values (names and labels
// repeat: each is kept once). A game's player and opponent are kept as the
// player's id, which indexes his name: no row looks a name up. What the Python
// module hands to pandas.
#pragma once

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/output/files/table_rows.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace ratekit {

class history_table final : public rated_games_sink {
 public:
  history_table(const competition_config& config, const rk_descriptor& model);
  void take(rated_games& games) override;
  unsigned streams() const override { return streams_history; }
  void take(rated_event& event) override;
  unsigned streams_events() const override { return streams_history; }
  // The columns of history.csv, in its order, with every row the run rated.
  const std::vector<table_column>& columns() const { return rows_.columns(); }
  void clear();  // no rows, for a run rated again
  // history.csv's text, byte for byte as history_writer writes it.
  std::string csv() const;

 private:
  const period_kind kind_;
  const std::vector<size_t> layout_;  // the columns kept (history_layout)
  const std::string header_;
  const size_t name_columns_[2];  // the player's and the opponent's places in the layout (npos: left out)
  std::vector<std::string> names_, period_names_;
  table_rows rows_;
  void add_name(const std::string& name);  // the next code's value in the player and opponent columns
};

}  // namespace ratekit
