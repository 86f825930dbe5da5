// Accuracy of a run's predictions over pairwise games and over the pairs of
// entries of ranked events.
#pragma once

#include <ratekit/abi.h>
#include <ratekit/host/engine/pair_sample.hpp>
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
