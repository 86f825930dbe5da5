// Stage evaluate. In: configs that rate one input, the plugins.
// Out: each config's forecasts of held-out games, scored and compared (`ratekit compare`).
//
// The input of many rating passes, read and checked once and held in its dense
// form; each pass is handed the games a piece at a time as a program's rows (input_rows).
#pragma once

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/input/dataset.hpp>
#include <ratekit/host/input/input_rows.hpp>

namespace ratekit {

class held_input final : public input_rows {
 public:
  // Reads `config`'s input (its files, or `rows` in their place when given) as a run would.
  explicit held_input(const competition_config& config, const input_rows* rows = nullptr);

  // Adds the held players, games and ranked events to `out`, as a reader adds a file's.
  void fill(dataset& out) const override { fill(out, data_.games.size()); }
  // ... only the first `games` games.
  void fill(dataset& out, size_t games) const;
  const dataset& data() const { return data_; }

 private:
  // Games handed over at a time (the engine's own pieces are as large).
  static constexpr size_t piece_games = size_t(1) << 15;
  dataset data_;
};

// Throws, at `other`'s input key, unless `other` reads the files `first` reads, the same way.
void check_same_input(const competition_config& first, const competition_config& other);

}  // namespace ratekit
