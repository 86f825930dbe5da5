// Helpers for the FIDE plugin tests: plugin state over test-owned vectors, and games.
#pragma once

#include <fide-common/elo_model.hpp>

#include <cmath>
#include <vector>

namespace fide_test {

// The six state columns of the FIDE plugins; everybody rated unless told otherwise.
struct players {
  std::vector<std::vector<double>> columns;
  std::vector<double*> pointers;
  rk_state raw{};

  explicit players(std::vector<double> ratings, std::vector<double> rated = {}) {
    if (rated.empty()) rated.assign(ratings.size(), 1.0);
    const size_t n = ratings.size();
    columns = {ratings, rated, std::vector<double>(n), std::vector<double>(n), std::vector<double>(n),
               std::vector<double>(n)};
    for (auto& c : columns) pointers.push_back(c.data());
    raw = {sizeof(rk_state), uint32_t(columns.size()), n, pointers.data(), nullptr, nullptr, nullptr};
  }
  ratekit::sdk::state state() const { return ratekit::sdk::state(&raw); }
  double rating(int p) const { return columns[0][size_t(p)]; }
  double column(ratekit::plugins::fide::field f, int p) const { return columns[f][size_t(p)]; }
};

inline rk_game game(int a, int b, double score_a, double k = 20) {
  return rk_game{a, b, score_a, NAN, NAN, k, k, 0.0, 0.0, 0.0, 0u, 0u};
}

// Every game its own period.
inline rk_game_batch per_game(const std::vector<rk_game>& games) {
  rk_game_batch b{};
  b.struct_size = sizeof(rk_game_batch);
  b.games = games.data();
  b.game_count = games.size();
  return b;
}

// All games in one rating period.
inline rk_game_batch fide_period_batch(const std::vector<rk_game>& games, const uint64_t& end) {
  rk_game_batch b = per_game(games);
  b.period_ends = &end;
  b.period_count = 1;
  return b;
}

// True when x shows as `published` to `decimals` places.
inline bool shows_as(double x, double published, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return std::round(x * scale) == std::round(published * scale);
}

}  // namespace fide_test
