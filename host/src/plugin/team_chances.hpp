// The chances of one match's pairs of teams, asked of a team model
// (expect_teams) in memory that grows with the match's players, not with the
// square of its teams.
#pragma once

#include <ratekit/host/plugin/plugin.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ratekit {

// One pair of teams' chances: the first finishes ahead, the second does, they tie.
struct team_pair_chances {
  double ahead, behind, tie;
};

// A match of up to table_teams teams is asked in one call, as a whole, and
// its pairs read from the tables it gives. A larger one is asked pair by pair
// (pair()) or block by block of table_teams teams (each()), each call the
// match of those teams alone: the chance that i finishes ahead of j is then
// that of i and j's performances alone, as every model of independent team
// performances gives it (trueskill's and weng-lin's do). Every call's chances
// are checked (model::expect_teams, its only caller, does not): each a
// probability, a pair's three adding up to at most 1.
class match_chances {
 public:
  static constexpr size_t table_teams = 256;

  // n players' state rows (the model's fields each), their teams (numbered
  // from 0, contiguous) and shares of the match (or null); they must outlive this.
  match_chances(const model& m, const double* states, const uint32_t* teams, const double* weights, size_t n);

  size_t teams() const { return start_.size() - 1; }
  // The chances of teams i < j.
  team_pair_chances pair(size_t i, size_t j);
  // Every pair i < j: fn(i, j, chances); in row order (i = 0 with every j, then 1, ...)
  // for a match asked as a whole.
  template <class Fn>
  void each(Fn&& fn) {
    const size_t t = teams();
    if (t <= table_teams) {
      for (size_t i = 0; i < t; ++i)
        for (size_t j = i + 1; j < t; ++j) fn(i, j, read(i, j));
      return;
    }
    const size_t block = table_teams / 2;
    for (size_t a = 0; a < t; a += block)
      for (size_t b = a; b < t; b += block) {
        const size_t a_end = std::min(a + block, t), b_end = std::min(b + block, t);
        ask(a, a_end, b == a ? a_end : b, b == a ? a_end : b_end);
        for (size_t i = a; i < a_end; ++i)
          for (size_t j = b == a ? i + 1 : b; j < b_end; ++j) fn(i, j, read(i, j));
      }
  }

 private:
  // Asks the match of teams [a, a_end) and [b, b_end) alone (b == b_end: the first range only).
  void ask(size_t a, size_t a_end, size_t b, size_t b_end);
  // The chances of teams i < j from the tables of the last call.
  team_pair_chances read(size_t i, size_t j) const;

  const model& model_;
  const double* states_;
  const uint32_t* teams_;
  const double* weights_;
  const size_t fields_;
  std::vector<size_t> start_;  // team t's players are [start_[t], start_[t + 1])
  // The last call: its teams' first team in each range, and its tables.
  size_t a_ = 0, a_end_ = 0, b_ = 0, asked_ = 0;
  std::vector<double> beats_, draws_;
  std::vector<double> states_asked_, weights_asked_;  // the players of a part of the match
  std::vector<uint32_t> teams_asked_;
};

}  // namespace ratekit
