// Accuracy of a run's predictions over pairwise games and over the pairs of
// entries of ranked events.
#pragma once

#include <ratekit/abi.h>
#include <ratekit/host/engine/spill_file.hpp>
#include <ratekit/host/input/dataset.hpp>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

namespace ratekit {

// The foresight sums: forecasts picked right, log-loss and Brier score of
// their probabilities.
struct forecast_sums {
  int64_t count = 0, correct = 0;
  double log_loss = 0, brier = 0;

  // A's forecast `p` of A's score (1, 0, or a draw's share) and B's forecast
  // `other`: right when it favoured the winner.
  void add(double p, double other, double score);
  // summary.json's "metrics": hindsight and foresight counted in `unit` ("games", "pairs").
  nlohmann::json json(int64_t hindsight_correct, const char* unit) const;
};

// Hindsight (final ratings) and foresight (the plugin's expectations just
// before each game) accuracy, mean log-loss and Brier score of the foresight
// probabilities, as summary.json's "metrics" object, gathered game by game:
// add() every game in order, then finish(). Foresight picks the side the
// plugin expected to score more (with adv_predict, handicaps, ...).
class accuracy_accumulator {
 public:
  // One game and the plugin's output for it; the home side (+1 A, -1 B, 0
  // none) is kept for hindsight.
  void add(const rk_game& g, int8_t home, const rk_game_out& out);
  // Hindsight on the final ratings, the home side getting `hindsight_home` points.
  nlohmann::json finish(const double* final_ratings, double hindsight_home) const;

  accuracy_accumulator() = default;
  accuracy_accumulator(const accuracy_accumulator&) = delete;
  accuracy_accumulator& operator=(const accuracy_accumulator&) = delete;

  // Blocks kept in memory (a million games); later ones go to a temporary file.
  static constexpr size_t resident_blocks = 64;

 private:
  // What hindsight needs of each game, 10 bytes, in blocks so that the store
  // grows without copying. result: +1 A won, -1 B won, 0 otherwise.
  struct block {
    static constexpr size_t size = size_t(1) << 14;
    int32_t a[size], b[size];
    int8_t home[size], result[size];
  };
  void next_block();
  // Games of blocks [begin, end) (resident ones first, then those in the file,
  // then the one filling) picked right by the final ratings.
  int64_t hindsight_correct(size_t begin, size_t end, const double* final_ratings, double hindsight_home) const;

  // The first resident_blocks blocks, then one more that is filled, written to
  // spill_ when full and filled again: memory does not grow with the games.
  std::vector<std::unique_ptr<block>> blocks_;
  spill_file spill_{"the hindsight metric"};  // opened when needed
  size_t spilled_ = 0;    // full blocks in it
  forecast_sums foresight_;
};

// The metrics of games already rated, from the plugin's outputs (home[i] as in add()).
nlohmann::json accuracy_metrics(const std::vector<rk_game>& games, const std::vector<rk_game_out>& out,
                                const double* final_ratings, const std::vector<int8_t>& home,
                                double hindsight_home);

// The same over ranked events, each seen as its pairs of entries (all of them,
// or an even sample of a large run's: for_each_pair): for
// entries i and j, i scored 1 when ranked better, 0 when worse, 1/2 when tied.
// Foresight forecasts each pair with the plugin's expectation of i against j
// from both players' state before the event; hindsight compares their final
// ratings. add_event() every rated event in order, then finish().
class pair_accumulator {
 public:
  // At most about `budget` pairs over `total` (all events' pairs): the share
  // sampled, 1 (every pair) for a run within the budget.
  static constexpr double budget = 2e7;
  explicit pair_accumulator(double total_pairs = 0)
      : fraction_(total_pairs > budget ? budget / total_pairs : 1.0) {}

  // Entries [begin, end) of `entries`; expect(i, j) is the expectation that
  // entry i (an index into entries) finishes ahead of entry j.
  template <class Expect>
  void add_event(const rk_entry* entries, uint64_t begin, uint64_t end, Expect&& expect) {
    for_each_pair(begin, end, [&](uint64_t i, uint64_t j) {
      const double p = expect(i, j);
      foresight_.add(p, 1 - p, ahead(entries[i], entries[j]));
    });
    rated_.push_back({begin, end});
  }
  nlohmann::json finish(const rk_entry* entries, const double* final_ratings) const;

  // Each pair (i, j), i < j, of entries [begin, end), or with a `fraction` below 1
  // each with that chance, by a fixed hash (the same pairs on every run): an
  // even sample of all the run's pairs, at about fraction x n^2 / 2 expectations.
  template <class Fn>
  void for_each_pair(uint64_t begin, uint64_t end, Fn&& fn) const {
    for (uint64_t i = begin; i < end; ++i) {
      if (fraction_ >= 1) {
        for (uint64_t j = i + 1; j < end; ++j) fn(i, j);
        continue;
      }
      // The gaps between sampled partners are geometric, so skipped pairs cost nothing.
      for (uint64_t j = i, draw = 0;;) {
        const double u = double(mix(i * 0x100000001b3ull + draw++) >> 11) * 0x1p-53;
        j += 1 + uint64_t(std::log1p(-u) / std::log1p(-fraction_));
        if (j >= end) break;
        fn(i, j);
      }
    }
  }
  // splitmix64's finaliser: a well-spread hash.
  static constexpr uint64_t mix(uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
  }

  // 1 when a finished ahead of b, 0 behind, 1/2 tied.
  static double ahead(const rk_entry& a, const rk_entry& b) { return a.rank < b.rank ? 1 : a.rank > b.rank ? 0 : 0.5; }

 private:
  double fraction_;  // the share of pairs used
  std::vector<std::pair<uint64_t, uint64_t>> rated_;  // the rated events' entry ranges
  forecast_sums foresight_;
};

}  // namespace ratekit
