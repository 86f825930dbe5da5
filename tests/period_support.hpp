// One rating period (an event, a tournament) handed to a plugin's C++ class as
// the host hands it: the state columns, the period's games on one date, the
// players' years of birth (ABI 1.6) when set, and the games' outputs.
// test_dwz.cpp and test_uscf.cpp rate their events through it.
#pragma once

#include <ratekit/host/input/dataset.hpp>
#include <ratekit/sdk.hpp>

#include <cstdint>
#include <vector>

namespace ratekit::testing {

struct one_period {
  std::vector<std::vector<double>> columns;  // [field][player]
  std::vector<double> birth_year;            // NaN: unknown; empty: the host hands none
  uint32_t state_size = sizeof(rk_state);    // a shorter size: an older host's state
  std::vector<rk_game> games;
  std::vector<rk_game_out> out;

  rk_game& play(int32_t a, int32_t b, double score_a) {
    games.push_back(make_game(a, b, score_a));
    return games.back();
  }

  // Rates the games so far as one period, every game played on `date` (yyyymmdd, 0: undated).
  template <class Model>
  void rate(Model& model, int32_t date = 0) {
    std::vector<double*> pointers;
    for (std::vector<double>& c : columns) pointers.push_back(c.data());
    const rk_state s{state_size, uint32_t(columns.size()), columns[0].size(), pointers.data(), nullptr, nullptr,
                     birth_year.empty() ? nullptr : birth_year.data()};
    const uint64_t end = games.size();
    const std::vector<int32_t> dates(games.size(), date);
    rk_game_batch batch{};
    batch.struct_size = sizeof(rk_game_batch);
    batch.games = games.data();
    batch.game_count = games.size();
    batch.period_ends = &end;
    batch.period_count = 1;
    batch.game_dates = dates.data();
    out.assign(games.size(), rk_game_out{});
    model.rate_games(sdk::state(&s), batch, out.data());
  }

  // Player p's deltas added up, as the host replays them.
  double deltas(int32_t p) const {
    double sum = 0;
    for (size_t k = 0; k < games.size(); ++k)
      sum += games[k].a == p ? out[k].delta_a : games[k].b == p ? out[k].delta_b : 0.0;
    return sum;
  }
};

}  // namespace ratekit::testing
