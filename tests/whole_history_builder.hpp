// Builds a whole-history model's input (rk_wh_history) from matches written as tests write them:
// consecutive matches of equal time form one batch.
#pragma once

#include <ratekit/ext/whole_history.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

namespace ratekit::testing {

class whole_history_builder {
 public:
  struct seat {
    int32_t player;
    uint32_t team;
    double rank;  // 1 is best; equal ranks tie
    double weight = 1.0;
  };

  // A match at `time` (not before the previous match's).
  whole_history_builder& match(double time, const std::vector<seat>& seats, double advantage = 0.0) {
    if (!times_.empty() && time < times_.back()) throw std::invalid_argument("matches out of time order");
    if (times_.empty() || time != times_.back()) {
      if (!times_.empty()) ends_.push_back(matches_.size());
      times_.push_back(time);
    }
    const uint64_t begin = entries_.size();
    for (const seat& s : seats) {
      entries_.push_back({s.player, s.team, s.rank});
      weights_.push_back(s.weight);
      players_ = std::max<uint64_t>(players_, uint64_t(s.player) + 1);
    }
    matches_.push_back({begin, entries_.size(), std::nan("")});
    advantage_.push_back(advantage);
    return *this;
  }
  // A duel: A's score 1 (A wins), 0.5 (a draw) or 0 (B wins).
  whole_history_builder& duel(double time, int32_t a, int32_t b, double score_a, double advantage = 0.0) {
    const double rank_a = score_a > 0.5 ? 1 : score_a < 0.5 ? 2 : 1;
    const double rank_b = score_a < 0.5 ? 1 : score_a > 0.5 ? 2 : 1;
    return match(time, {{a, 0, rank_a}, {b, 1, rank_b}}, advantage);
  }

  // The history; valid while the builder lives and gets no more matches.
  const rk_wh_history& build() {
    batch_ends_ = ends_;
    batch_ends_.push_back(matches_.size());
    history_ = {sizeof(rk_wh_history), 0, players_, entries_.data(), entries_.size(), weights_.data(),
                matches_.data(), matches_.size(), advantage_.data(), batch_ends_.data(), times_.data(),
                times_.size()};
    return history_;
  }

 private:
  std::vector<rk_entry> entries_;
  std::vector<double> weights_;
  std::vector<rk_event> matches_;
  std::vector<double> advantage_;
  std::vector<uint64_t> ends_, batch_ends_;
  std::vector<double> times_;
  uint64_t players_ = 0;
  rk_wh_history history_{};
};

// Every entry's estimate from a whole-history model, in entry order.
struct whole_history_estimates {
  std::vector<double> mean, sd;
};
template <class Model>
whole_history_estimates estimates_of(const Model& model, const rk_wh_history& h) {
  whole_history_estimates out{std::vector<double>(h.entry_count), std::vector<double>(h.entry_count)};
  model.estimates(out.mean.data(), out.sd.data());
  return out;
}

}  // namespace ratekit::testing
