// Shared by the nfl-score-elo tests: a league's ratings as the plugin's state.
#pragma once

#include <ratekit/sdk.hpp>

#include <array>
#include <numeric>
#include <vector>

namespace ratekit::testing {

struct league {
  std::vector<double> rating;
  std::array<double*, 1> columns{};
  rk_state raw{};

  explicit league(std::vector<double> initial) : rating(std::move(initial)) {
    columns[0] = rating.data();
    raw = rk_state{sizeof(rk_state), 1, rating.size(), columns.data(), nullptr, nullptr, nullptr};
  }
  ratekit::sdk::state state() const { return ratekit::sdk::state(&raw); }
  double sum() const { return std::accumulate(rating.begin(), rating.end(), 0.0); }
};

}  // namespace ratekit::testing
