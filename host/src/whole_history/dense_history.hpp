// A competition's input as a whole-history model reads it (ratekit/ext/whole_history.h): every match in
// batches of one day (or month, year), dense player ids, each match's advantage; valid as long as it lives.
#pragma once

#include <ratekit/ext/whole_history.h>
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/input/dataset.hpp>

#include "whole_history/sweeps.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace ratekit {

struct dense_history {
  std::vector<rk_entry> entries;
  std::vector<double> weights;  // empty: every entry plays the whole match
  std::vector<rk_event> matches;
  std::vector<double> advantage;
  std::vector<size_t> source;  // each match's index in the dataset's games (duels) or events (team matches)
  std::vector<uint64_t> batch_ends;
  std::vector<double> batch_times;  // days since 1970-01-01, or month or year numbers
  std::vector<int32_t> batch_dates; // yyyymmdd of each batch's first match, for its label
  uint64_t player_count = 0;
  // Each player's own prior (the config's `initial`, whole_history/priors.hpp), NaN where none; empty: none given.
  std::vector<double> prior_mean, prior_sd;

  // The view a plugin reads; points into the vectors above.
  rk_wh_history view() const;
  // The view of the first `batches` batches alone (1 to all): a history as it stood then.
  rk_wh_history first_batches(uint64_t batches) const;
  // The first-named player's score in duel m: 1 a win, 0.5 a draw, 0 a loss.
  double score_a(uint64_t m) const {
    const double a = entries[matches[m].begin].rank, b = entries[matches[m].begin + 1].rank;
    return a < b ? 1.0 : a > b ? 0.0 : 0.5;
  }
  // The end of batch b's matches' entries.
  uint64_t entries_end(uint64_t b) const { return matches[batch_ends[b] - 1].end; }
};

// The priors `h` holds, as drive_sweeps takes them.
inline given_priors given_priors_of(const dense_history& h) {
  return h.prior_mean.empty() ? given_priors{} : given_priors{h.prior_mean.data(), h.prior_sd.data()};
}

// The matches of `data` (its duels, or its team matches) as a whole history: refuses, naming the game's file
// and line, an undated game, a score other than a win, a draw or a loss, a draw for a model without draws
// and a handicap. The batches follow the dates, each batch's matches in input order.
dense_history build_dense_history(const dataset& data, const competition_config& config, const rk_descriptor& model);

// Calls fn(batch, player, entry, games) once per player per batch he played in, in time order, each batch's
// players in the order they first appear in it; `entry` is his first entry of the batch (all share its estimate).
template <class Fn>
void each_appearance(const dense_history& h, Fn&& fn) {
  std::vector<uint64_t> first(size_t(h.player_count), UINT64_MAX), games(size_t(h.player_count), 0);
  std::vector<int32_t> seen;
  uint64_t match = 0;
  for (size_t b = 0; b < h.batch_times.size(); ++b) {
    seen.clear();
    for (; match < h.batch_ends[b]; ++match)
      for (uint64_t e = h.matches[match].begin; e < h.matches[match].end; ++e) {
        const auto p = size_t(h.entries[e].player);
        if (games[p]++ == 0) first[p] = e, seen.push_back(h.entries[e].player);
      }
    for (const int32_t p : seen) fn(b, p, first[size_t(p)], games[size_t(p)]), games[size_t(p)] = 0;
  }
}

}  // namespace ratekit
