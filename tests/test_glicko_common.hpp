// Helpers for the Glicko tests: plugin state over test-owned columns with the
// ABI 1.1 time columns, periods given by number, and a random stream of
// monthly games with idle players and empty months to rate two ways.
#pragma once

#include <catch2/catch.hpp>
#include <ratekit/sdk.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

namespace glicko_test {

// Players' state columns as the host keeps them; nobody rated yet.
struct table {
  std::vector<std::vector<double>> columns;
  std::vector<double*> pointers;
  std::vector<int64_t> last_period;
  std::vector<int32_t> last_date;
  rk_state raw{};

  explicit table(std::vector<std::vector<double>> cols) : columns(std::move(cols)) {
    const size_t n = columns[0].size();
    for (auto& c : columns) pointers.push_back(c.data());
    last_period.assign(n, RK_NEVER_RATED);
    last_date.assign(n, 0);
    raw = {sizeof(rk_state), uint32_t(columns.size()), n, pointers.data(), last_period.data(), last_date.data(), nullptr};
  }
  ratekit::sdk::state state() const { return ratekit::sdk::state(&raw); }
};

inline rk_game game(int a, int b, double score_a) { return rk_game{a, b, score_a, NAN, NAN, 0, 0, 0, 0, 0, 0u, 0u}; }

struct period {
  int64_t number;
  std::vector<rk_game> games;
};

// Rates `periods` in one call, as the host does; returns the games' outputs.
// With `state_after`, the plugin writes the `fields` (bits) there per game (ABI 1.2).
template <class Model>
std::vector<rk_game_out> rate(Model& model, const table& t, const std::vector<period>& periods,
                              double* state_after = nullptr, uint64_t fields = 0) {
  std::vector<rk_game> games;
  std::vector<uint64_t> ends;
  std::vector<int64_t> numbers;
  std::vector<int32_t> dates;
  for (const period& p : periods) {
    games.insert(games.end(), p.games.begin(), p.games.end());
    ends.push_back(games.size());
    numbers.push_back(p.number);
    dates.push_back(0);
  }
  const rk_game_batch batch{sizeof(rk_game_batch), 0, games.data(), games.size(), ends.data(), ends.size(),
                            nullptr, numbers.data(), dates.data(), dates.data(), state_after, fields};
  std::vector<rk_game_out> out(games.size());
  model.rate_games(t.state(), batch, out.data());
  return out;
}

// A stream of monthly games: months 0 to 35 of 2022-2024 (number 2022 * 12 + m),
// a quarter of them without any game; players 0 to 2 play most months, the
// others seldom, so they sit out for months at a time.
struct stream {
  int players = 12;
  std::vector<period> months;

  explicit stream(unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(0, 1);
    for (int m = 0; m < 36; ++m) {
      if (u(rng) < 0.25) continue;
      period p{2022 * 12 + m, {}};
      std::vector<int> present;
      for (int i = 0; i < players; ++i)
        if (u(rng) < (i < 3 ? 0.9 : 0.2)) present.push_back(i);
      if (present.size() < 2) continue;
      const int count = 1 + int(u(rng) * 6);
      for (int k = 0; k < count; ++k) {
        const int a = present[size_t(u(rng) * double(present.size()))];
        int b = present[size_t(u(rng) * double(present.size()))];
        if (a == b) b = present[(size_t(std::find(present.begin(), present.end(), a) - present.begin()) + 1) % present.size()];
        const double x = u(rng);
        p.games.push_back(game(a, b, x < 0.45 ? 1.0 : x < 0.6 ? 0.5 : 0.0));
      }
      months.push_back(p);
    }
  }

  // Player i's name in the games file.
  static std::string name(size_t i) {
    char text[24];
    std::snprintf(text, sizeof text, "p%zu", i);
    return text;
  }

  // The stream as a games-csv file, dated on the 15th of each month.
  std::string csv() const {
    std::string text = "date,player_a,player_b,score_a\n";
    char line[96];
    for (const period& p : months)
      for (const rk_game& g : p.games) {
        std::snprintf(line, sizeof line, "%04d-%02d-15,p%d,p%d,%g\n", int(p.number / 12), int(p.number % 12) + 1, g.a, g.b,
                      g.score_a);
        text += line;
      }
    return text;
  }
};

// A player as the paper keeps him: rating, RD, whether and when last rated.
struct paper_player {
  double r = 1500, rd = 350;
  bool rated = false;
  int64_t last = 0;
};

// Glicko by the paper, period by period: RDs grown for the months away, every
// player's games on the ratings and grown RDs from the period's start.
inline void paper_glicko(std::vector<paper_player>& p, const std::vector<period>& periods, double c) {
  const double Q = std::log(10.0) / 400.0, PI = 3.14159265358979323846;
  for (const period& month : periods) {
    std::vector<bool> plays(p.size(), false);
    for (const rk_game& g : month.games) plays[size_t(g.a)] = plays[size_t(g.b)] = true;
    std::vector<double> rd0(p.size());
    for (size_t i = 0; i < p.size(); ++i) {
      const double t = p[i].rated ? double(month.number - p[i].last) : 0.0;
      rd0[i] = std::min(std::sqrt(p[i].rd * p[i].rd + c * c * t), 350.0);
    }
    std::vector<paper_player> next = p;
    for (size_t i = 0; i < p.size(); ++i) {
      if (!plays[i]) continue;
      double d_inverse = 0, sum = 0;
      for (const rk_game& g : month.games) {
        size_t j;
        double s;
        if (size_t(g.a) == i) j = size_t(g.b), s = g.score_a;
        else if (size_t(g.b) == i) j = size_t(g.a), s = 1 - g.score_a;
        else continue;
        const double gj = 1 / std::sqrt(1 + 3 * Q * Q * rd0[j] * rd0[j] / (PI * PI));
        const double e = 1 / (1 + std::pow(10.0, -gj * (p[i].r - p[j].r) / 400));
        d_inverse += Q * Q * gj * gj * e * (1 - e);
        sum += gj * (s - e);
      }
      const double denominator = 1 / (rd0[i] * rd0[i]) + d_inverse;
      next[i].r = p[i].r + Q / denominator * sum;
      next[i].rd = std::sqrt(1 / denominator);
      next[i].rated = true;
      next[i].last = month.number;
    }
    p = next;
  }
}

// Player 1 was last rated in period 10 and plays in period 9: the model refuses
// the batch (sdk::periods_away), naming his first game of it, and moves no rating.
// `columns` are the model's state columns for three players.
template <class Model>
void check_periods_backwards(Model& model, std::vector<std::vector<double>> columns) {
  table t(std::move(columns));
  t.last_period[1] = 10;
  const std::vector<double> before = t.columns[0];
  try {
    rate(model, t, {{9, {game(0, 2, 1), game(1, 0, 1)}}});
    FAIL("no error");
  } catch (const ratekit::sdk::failure& e) {
    CHECK(e.code() == RK_ERR_INVALID_ARGUMENT);
    CHECK(e.index() == 1);
    CHECK(std::string(e.what()) == "period numbers go backwards");
  }
  CHECK(t.columns[0] == before);
  // The same period number as his last is no step back (0 periods away).
  table same(t.columns);
  same.last_period[1] = 9;
  CHECK_NOTHROW(rate(model, same, {{9, {game(0, 2, 1), game(1, 0, 1)}}}));
}

}  // namespace glicko_test
