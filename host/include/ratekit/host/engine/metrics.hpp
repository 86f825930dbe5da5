// Accuracy of a run's predictions over pairwise games and over the pairs of
// entries of ranked events.
#pragma once

#include <ratekit/abi.h>
#include <ratekit/host/engine/spill_file.hpp>
#include <ratekit/host/input/dataset.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <iterator>
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
  // One forecast `p` of a score, the other side's being 1 - p.
  static forecast_sums of(double p, double score);
  forecast_sums& operator+=(const forecast_sums& o);
  // summary.json's "metrics": hindsight and foresight counted in `unit` ("games", "pairs");
  // without hindsight when hindsight_correct is negative.
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

// The same over ranked events, each seen as its pairs of entries: for
// entries i and j, i scored 1 when ranked better, 0 when worse, 1/2 when tied.
// Foresight forecasts each pair as its event is rated, with the plugin's
// expectation of i against j from both players' state before the event;
// hindsight compares their final ratings at the end, from the events' entries
// kept in a log (a temporary file past a million). add_event() every rated
// event in order, then finish(). A run of more than `budget` pairs counts an
// even sample of them (pair_sample), each entry a row.
class pair_accumulator {
 public:
  static constexpr int64_t default_budget = pair_sample::default_budget;
  // `resident`: the entries the log keeps in memory before it writes to its file.
  explicit pair_accumulator(int64_t budget = default_budget, size_t resident = size_t(1) << 20)
      : sample_(budget), log_(resident) {}

  // The n entries of an event that starts at the run's entry `first`;
  // expect(i, j) is the expectation that entry i (0 to n - 1) finishes ahead of entry j.
  template <class Expect>
  void add_event(const rk_entry* entries, uint64_t first, size_t n, Expect&& expect) {
    events_.push_back({first, n, log_.size()});
    log_.append(entries, n);
    for (size_t i = 0; i < n; ++i)
      if (sample_.add_row(first, n, i,
                          [&](size_t j) { return forecast_sums::of(expect(i, j), ahead(entries[i], entries[j])); }))
        rises_.push_back({first + i + 1, sample_.level()});
  }
  nlohmann::json finish(const double* final_ratings) const;
  // The pairs forecast so far, and the sample's level (0: every pair counts).
  int64_t drawn() const { return sample_.drawn(); }
  int level() const { return sample_.level(); }

  // Each pair the run counts, event by event (those of rated events [begin, end)):
  // fn(a, b) with a before b in the event's entries.
  template <class Fn>
  void for_each_counted_pair(Fn&& fn, size_t begin = 0, size_t end = SIZE_MAX) const {
    std::vector<rk_entry> entries;
    end = std::min(end, events_.size());
    if (begin >= end) return;
    // The rises before the first row, then each as its row comes.
    auto rise = std::upper_bound(rises_.begin(), rises_.end(), events_[begin].first,
                                 [](uint64_t row, const auto& r) { return row < r.first; });
    int level = rise == rises_.begin() ? 0 : std::prev(rise)->second;
    for (size_t e = begin; e < end; ++e) {
      const auto& [first, n, logged] = events_[e];
      log_.read(logged, n, entries);
      for (size_t i = 0; i < n; ++i) {
        for (; rise != rises_.end() && rise->first <= first + i; ++rise) level = rise->second;
        pair_sample::draw_row(first, n, i, level, [&](size_t j, int pair_level) {
          if (pair_level >= sample_.level()) fn(entries[i], entries[j]);
        });
      }
    }
  }

  // 1 when a finished ahead of b, 0 behind, 1/2 tied.
  static double ahead(const rk_entry& a, const rk_entry& b) { return a.rank < b.rank ? 1 : a.rank > b.rank ? 0 : 0.5; }

 private:
  // The run's entries as the events gave them, for hindsight: the first
  // `resident` (a million by default) in memory, the rest in a temporary file.
  class entry_log {
   public:
    explicit entry_log(size_t resident) : resident_(resident) {}
    void append(const rk_entry* entries, size_t n);
    // n entries from the log's `first`.
    void read(uint64_t first, size_t n, std::vector<rk_entry>& out) const;
    uint64_t size() const { return count_; }

   private:
    const size_t resident_;
    std::vector<rk_entry> kept_;
    spill_file spill_{"the ranked metrics"};
    uint64_t count_ = 0;
  };

  pair_sample sample_;
  entry_log log_;
  struct logged_event {
    uint64_t first;  // the run's index of its first entry
    size_t count;
    uint64_t logged;  // where its entries start in log_
  };
  std::vector<logged_event> events_;  // those rated (a skipped event has no pairs)
  std::vector<std::pair<uint64_t, int>> rises_;  // the entry whose row first drew at a higher level, and that level
};

}  // namespace ratekit
