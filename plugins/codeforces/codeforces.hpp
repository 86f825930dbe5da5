// codeforces: the rating system of Codeforces rounds (ranked events, whole-number
// ratings), and optionally its rules for new accounts since 2020.
#pragma once

#include "rating_round.hpp"

#include <ratekit/sdk.hpp>

#include <array>
#include <string>

namespace ratekit::plugins {

class codeforces {
 public:
  enum field : uint32_t { f_rating, f_shown, f_contests };
  static const rk_descriptor descriptor;

  // A new account's rating for the computation, and the shown rating's offsets
  // after its first six rounds (they add up to 1400: then shown = rating).
  static constexpr double newcomer_rating = 1400;
  static constexpr std::array<double, 7> offset_after = {0, 500, 850, 1100, 1250, 1350, 1400};

  codeforces(const sdk::host&, sdk::params p) : newcomers_(p[0] != 0) {}

  // Probability that A finishes above B.
  double expect(double ra, double rb, double advantage) const {
    return 1.0 / (1.0 + std::pow(10.0, (rb - ra - advantage) / 400.0));
  }

  void rate_events(const sdk::state& s, const rk_event_batch& batch, rk_entry_out* out) {
    if (s.fields() != 3) throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "the state must have rating, shown and contests");
    if (seen_.size() < s.players()) seen_.resize(s.players(), 0);
    for (uint64_t e = 0; e < batch.event_count; ++e) rate_event(s, batch, e, out);
  }

  // The shown rating of a player with `rating` after `contests` rounds.
  double shown(double rating, double contests) const {
    if (!newcomers_) return rating;
    return rating - newcomer_rating + offset_after[size_t(std::min(contests, 6.0))];
  }

 private:
  void rate_event(const sdk::state& s, const rk_event_batch& batch, uint64_t e, rk_entry_out* out) {
    const rk_event& ev = batch.events[e];
    if (ev.begin > ev.end || ev.end > batch.entry_count)
      throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "event " + std::to_string(e) + ": entry range lies outside the batch");
    const size_t n = size_t(ev.end - ev.begin);
    if (n == 0) return;
    double* rating = s.column(f_rating);
    double* contests = s.column(f_contests);
    ++stamp_;
    old_.resize(n);
    rank_.resize(n);
    for (size_t k = 0; k < n; ++k) {
      const rk_entry& entry = batch.entries[ev.begin + k];
      const int64_t index = int64_t(ev.begin + k);
      if (entry.player < 0 || uint64_t(entry.player) >= s.players())
        throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "player id out of range", index);
      if (!(entry.rank >= 1 && std::isfinite(entry.rank))) throw sdk::failure(RK_ERR_DOMAIN, "rank must be 1 or more", index);
      if (seen_[size_t(entry.player)] == stamp_)
        throw sdk::failure(RK_ERR_DOMAIN, "a participant appears twice in one round", index);
      seen_[size_t(entry.player)] = stamp_;
      const size_t p = size_t(entry.player);
      if (newcomers_ && contests[p] == 0) rating[p] = newcomer_rating;
      if (rating[p] != std::floor(rating[p]) || std::fabs(rating[p]) > 1e9)
        throw sdk::failure(RK_ERR_DOMAIN, "ratings are whole numbers here", index);
      old_[k] = int64_t(rating[p]);
      rank_[k] = entry.rank;
    }
    const std::vector<int64_t> delta = round_.deltas(old_, rank_);
    double* shown_column = s.column(f_shown);
    for (size_t k = 0; k < n; ++k) {
      const size_t p = size_t(batch.entries[ev.begin + k].player);
      rating[p] += double(delta[k]);
      contests[p] += 1;
      shown_column[p] = shown(rating[p], contests[p]);
      if (out) out[ev.begin + k] = {round_.seed(k), double(round_.needed(k)), double(delta[k]), 1.0, 0, 0};
    }
  }

  bool newcomers_;
  cf::win_table table_;
  cf::rating_round round_{table_};
  std::vector<int64_t> old_;
  std::vector<double> rank_;
  std::vector<uint64_t> seen_;  // the round a player was last seen in, against duplicates
  uint64_t stamp_ = 0;
};

}  // namespace ratekit::plugins
