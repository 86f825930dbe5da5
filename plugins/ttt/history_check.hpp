// What ttt refuses in a history before it computes anything, naming the
// match (rk_error.index): what the package would stop on (a tie without a
// draw probability, a match of one team) and what the ABI rules out.
#pragma once

#include <ratekit/whole_history.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace ratekit::plugins::ttt_math {

inline void refuse(int64_t match, const std::string& why) {
  throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "ttt: match " + std::to_string(match) + ": " + why, match);
}

// One match: teams numbered 0, 1, ... in order, contiguous, each with one
// finite rank; two teams or more; shares in (0, 1]; no tie when p_draw is 0.
// `ranks` is scratch, kept by the caller from match to match.
inline void check_match(const sdk::history& h, uint64_t m, double p_draw, std::vector<double>& ranks) {
  const auto seats = h.match(m);
  const auto match = int64_t(m);
  if (seats.empty() || seats.front().team != 0) refuse(match, "its first player is not of team 0");
  for (size_t i = 0; i < seats.size(); ++i) {
    const rk_entry& s = seats[i];
    if (s.player < 0 || uint64_t(s.player) >= h.players()) refuse(match, "a player id out of range");
    if (!std::isfinite(s.rank)) refuse(match, "a rank that is not a number");
    const double w = h.weight(h.match_begin(m) + i);
    if (!(w > 0.0 && w <= 1.0)) refuse(match, "a player's share of the match is not in (0, 1]");
    if (i == 0) continue;
    const rk_entry& before = seats[i - 1];
    if (s.team == before.team && s.rank != before.rank) refuse(match, "two ranks in one team");
    if (s.team != before.team && s.team != before.team + 1) refuse(match, "teams not numbered in order");
  }
  if (seats.back().team == 0) refuse(match, "one team only: a match needs two teams or more");
  if (!std::isfinite(h.advantage(m))) refuse(match, "an advantage that is not a number");
  if (p_draw > 0.0) return;
  ranks.clear();
  for (size_t i = 0; i < seats.size(); ++i)
    if (i == 0 || seats[i].team != seats[i - 1].team) ranks.push_back(seats[i].rank);
  std::sort(ranks.begin(), ranks.end());
  if (std::adjacent_find(ranks.begin(), ranks.end()) != ranks.end())
    refuse(match, "two teams tie, which ttt cannot rate with p_draw 0 (no draws): give p_draw, "
                  "the share of draws between equal teams");
}

// The batches: ascending finite times, ascending ends that cover every match.
inline void check_batches(const sdk::history& h) {
  uint64_t end = 0;
  for (uint64_t b = 0; b < h.batches(); ++b) {
    if (h.raw().batch_times && (!std::isfinite(h.time(b)) || (b > 0 && !(h.time(b) > h.time(b - 1)))))
      throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "ttt: batch times are not finite and ascending", int64_t(b));
    if (h.end_match(b) < end || h.end_match(b) > h.matches())
      throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "ttt: batch ends are not ascending", int64_t(b));
    end = h.end_match(b);
  }
  if (end != h.matches()) throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "ttt: the batches do not cover every match");
}

}  // namespace ratekit::plugins::ttt_math
