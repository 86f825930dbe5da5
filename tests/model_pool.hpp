// A pool of players whose games a pairwise model rates directly, through its
// C++ class: one tournament (period) or game by game.
#pragma once

#include <ratekit/abi.h>
#include <ratekit/host/input/dataset.hpp>
#include <ratekit/sdk.hpp>

#include <utility>
#include <vector>

template <class Model>
struct model_pool {
  model_pool(std::vector<double> ratings, std::vector<double> params = {})
      : rating(std::move(ratings)),
        values(std::move(params)),
        model(ratekit::sdk::host(nullptr), ratekit::sdk::params(values.data(), uint32_t(values.size()))) {}

  // A game, K = k for both sides, with the given flags and handicap (stones A receives).
  rk_game& play(int32_t a, int32_t b, double score_a, double k = 0.0, uint32_t flags = 0, double handicap = 0.0) {
    rk_game g = ratekit::make_game(a, b, score_a);
    g.k_a = g.k_b = k;
    g.flags = flags;
    g.handicap = handicap;
    return games.emplace_back(g);
  }
  // Rates the games so far as one period (or game by game with `per_game`).
  void rate(bool per_game = false) {
    double* columns[] = {rating.data()};
    const rk_state s = {sizeof(rk_state), 1, rating.size(), columns, nullptr, nullptr, nullptr};
    const uint64_t end = games.size();
    rk_game_batch batch{};
    batch.struct_size = sizeof(rk_game_batch);
    batch.games = games.data();
    batch.game_count = games.size();
    batch.period_ends = per_game ? nullptr : &end;
    batch.period_count = per_game ? 0u : 1u;
    out.assign(games.size(), rk_game_out{});
    model.rate_games(ratekit::sdk::state(&s), batch, out.data());
  }

  std::vector<double> rating;
  std::vector<double> values;
  Model model;
  std::vector<rk_game> games;
  std::vector<rk_game_out> out;
};
