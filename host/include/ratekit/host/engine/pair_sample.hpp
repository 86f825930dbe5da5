// The sums a run's forecasts are scored by (forecast_sums), and the even sample
// of pairs a run past ten million of them counts (pair_sample).
#pragma once

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace ratekit {

// The foresight sums: forecasts picked right, log-loss and Brier score of
// their probabilities.
struct forecast_sums {
  int64_t count = 0, correct = 0;
  double log_loss = 0, brier = 0;

  // A's forecast `p` of A's score (1, 0, or a draw's share) and B's forecast
  // `other`: right when it favoured the winner.
  void add(double p, double other, double score);
  // One forecast `p` of a score, the other side's being 1 - p.
  static forecast_sums of(double p, double score);
  forecast_sums& operator+=(const forecast_sums& o);
  // summary.json's "metrics": hindsight and foresight counted in `unit` ("games", "pairs");
  // without hindsight when hindsight_correct is negative.
  nlohmann::json json(int64_t hindsight_correct, const char* unit) const;
};

// An even sample of a run's pairs of forecasts once they are more than
// `budget`, decided as they come: each pair drawn gets a level, its own plus
// one more with chance 1/2 each (a fixed hash, so the same pairs on every
// run). Once more than `budget` pairs drawn have a level of at least L, L
// rises and later rows draw only a 2^-L share of their pairs; the run counts
// the pairs of level L or more, each of the run's pairs with chance 2^-L:
// between budget / 2 and budget. A row is one side of its pairs: row i of a
// group of n (an event's entries, a match's teams) pairs with j = i + 1 to n - 1.
class pair_sample {
 public:
  static constexpr int64_t default_budget = 10'000'000;
  explicit pair_sample(int64_t budget = default_budget) : budget_(budget) {}

  // Row i of a group of n whose first row is the run's `first`: forecast(j)
  // gives the forecast_sums of each pair (i, j) drawn. True when the level rose after it.
  template <class Forecast>
  bool add_row(uint64_t first, size_t n, size_t i, Forecast&& forecast) {
    draw_row(first, n, i, level_, [&](size_t j, int level) {
      const forecast_sums one = forecast(j);
      all_ += one;
      by_level_[size_t(level)] += one;
    });
    if (!over_budget()) return false;
    while (over_budget()) ++level_;
    return true;
  }
  // The sums of the pairs the run counts.
  forecast_sums counted() const;
  // The pairs forecast so far, and the sample's level (0: every pair counts).
  int64_t drawn() const { return all_.count; }
  int level() const { return level_; }

  // The pairs (i, j), j > i, of row i drawn at `level`: every one at level 0,
  // else each with chance 2^-level (the gaps between them are geometric, so
  // skipped pairs cost nothing); fn(j, the pair's level).
  template <class Fn>
  static void draw_row(uint64_t first, size_t n, size_t i, int level, Fn&& fn) {
    const uint64_t row = first + i;
    auto level_of = [&](size_t j) {
      const int more = std::countr_zero(mix(row * 0x9e3779b97f4a7c15ull ^ (first + j)) | (1ull << 62));
      return std::min(level + more, top_level);
    };
    if (level == 0) {
      for (size_t j = i + 1; j < n; ++j) fn(j, level_of(j));
      return;
    }
    const double log_keep = std::log1p(-std::ldexp(1.0, -level));
    for (size_t j = i, draw = 0;;) {
      const double u = double(mix(row * 0x100000001b3ull + draw++) >> 11) * 0x1p-53;
      j += 1 + size_t(std::log1p(-u) / log_keep);
      if (j >= n) break;
      fn(j, level_of(j));
    }
  }

 private:
  static constexpr int top_level = 63;
  // splitmix64's finaliser: a well-spread hash.
  static constexpr uint64_t mix(uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
  }
  bool over_budget() const;

  const int64_t budget_;
  int level_ = 0;  // the sample's level: pairs below it are not counted
  forecast_sums all_;  // every pair drawn, in order: the figures while level_ is 0
  std::array<forecast_sums, top_level + 1> by_level_;
};

}  // namespace ratekit
