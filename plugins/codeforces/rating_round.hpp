// One Codeforces rated round, as the official rating changes confirm it
// (contests 908, 911, 917): seeds from Elo win probabilities, the rating each
// participant needs for the geometric mean of his rank and seed, half the way
// there, and two corrections that keep the sum of ratings from inflating.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

namespace ratekit::plugins::cf {

// P(a player rated rb beats one rated ra) = 1 / (1 + 10^((ra - rb) / 400)), by ra - rb.
class win_table {
 public:
  win_table() : p_(2 * span + 1) {
    for (int d = -span; d <= span; ++d) p_[size_t(d + span)] = 1.0 / (1.0 + std::pow(10.0, d / 400.0));
  }
  double operator()(int64_t d) const {
    return d >= -span && d <= span ? p_[size_t(d + span)] : 1.0 / (1.0 + std::pow(10.0, double(d) / 400.0));
  }

 private:
  static constexpr int span = 16000;
  std::vector<double> p_;
};

// The rank each participant is rated from: tied participants all take the last
// position of their tie group (three tied for 4th take 6).
inline std::vector<int64_t> last_positions(const std::vector<double>& rank) {
  std::vector<size_t> order(rank.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return rank[x] < rank[y]; });
  std::vector<int64_t> out(rank.size());
  for (size_t k = 0; k < order.size();) {
    size_t end = k;
    while (end < order.size() && rank[order[end]] == rank[order[k]]) ++end;
    for (size_t m = k; m < end; ++m) out[order[m]] = int64_t(end);
    k = end;
  }
  return out;
}

// The round's rating changes, whole numbers, for participants with whole
// ratings `old` finishing at `rank` (ties share a rank), in standings order.
class rating_round {
 public:
  explicit rating_round(const win_table& p) : p_(p) {}

  std::vector<int64_t> deltas(const std::vector<int64_t>& old, const std::vector<double>& rank) {
    const size_t n = old.size();
    old_ = &old;
    lo_ = std::min<int64_t>(1, *std::min_element(old.begin(), old.end()));
    const int64_t hi = std::max<int64_t>(8000, *std::max_element(old.begin(), old.end()));
    sum_.assign(size_t(hi - lo_ + 1), NAN);
    const std::vector<int64_t> place = last_positions(rank);
    seed_.resize(n);
    need_.resize(n);
    std::vector<int64_t> delta(n);
    for (size_t i = 0; i < n; ++i) {
      seed_[i] = seed_without(i, old[i]);
      need_[i] = need(i, std::sqrt(double(place[i]) * seed_[i]));
      delta[i] = (need_[i] - old[i]) / 2;  // truncated toward zero
    }
    const int64_t first = sum_correction(delta);
    for (int64_t& d : delta) d += first;
    const int64_t second = top_correction(delta, old);
    for (int64_t& d : delta) d += second;
    return delta;
  }

  // Correction 1: added to every change so that their sum ends slightly below zero.
  static int64_t sum_correction(const std::vector<int64_t>& delta) {
    const int64_t total = std::accumulate(delta.begin(), delta.end(), int64_t(0));
    return -total / int64_t(delta.size()) - 1;  // truncated toward zero, then one less
  }

  // Correction 2: the s = min(n, 4 round(sqrt n)) highest-rated before the round
  // (standings order among equals) should not gain on average; they give back at
  // most 10 each.
  static int64_t top_correction(const std::vector<int64_t>& delta, const std::vector<int64_t>& old) {
    const size_t n = delta.size();
    std::vector<size_t> by_rating(n);
    std::iota(by_rating.begin(), by_rating.end(), 0);
    std::stable_sort(by_rating.begin(), by_rating.end(), [&](size_t x, size_t y) { return old[x] > old[y]; });
    const size_t s = std::min(n, size_t(4 * std::llround(std::sqrt(double(n)))));
    int64_t top = 0;
    for (size_t k = 0; k < s; ++k) top += delta[by_rating[k]];
    return std::min<int64_t>(std::max<int64_t>(-top / int64_t(s), -10), 0);
  }

  // Expected rank (seed) and needed rating of participant i in the last round.
  double seed(size_t i) const { return seed_[i]; }
  int64_t needed(size_t i) const { return need_[i]; }

 private:
  // 1 + the chances of everyone but i to beat a participant rated r.
  double seed_without(size_t i, int64_t r) { return 1.0 + (sum(r) - p_(r - (*old_)[i])); }

  // Sum over every participant j of P(j beats a participant rated r), kept per r.
  double sum(int64_t r) {
    double& s = sum_[size_t(r - lo_)];
    if (std::isnan(s)) {
      s = 0;
      for (const int64_t o : *old_) s += p_(r - o);
    }
    return s;
  }

  // The highest rating in [1, 8000) whose seed among the others is at least `mid_rank`.
  int64_t need(size_t i, double mid_rank) {
    int64_t left = 1, right = 8000;
    while (right - left > 1) {
      const int64_t mid = (left + right) / 2;
      if (seed_without(i, mid) < mid_rank) right = mid;
      else left = mid;
    }
    return left;
  }

  const win_table& p_;
  const std::vector<int64_t>* old_ = nullptr;
  int64_t lo_ = 1;
  std::vector<double> sum_;
  std::vector<double> seed_;
  std::vector<int64_t> need_;
};

}  // namespace ratekit::plugins::cf
