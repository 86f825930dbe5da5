#include <ratekit/host/engine/metrics.hpp>

#include <algorithm>
#include <cmath>
#include <future>
#include <stdexcept>

namespace ratekit {

namespace {

// Probabilities are kept this far from 0 and 1, so one certain miss cannot make log-loss infinite.
constexpr double probability_floor = 1e-15;

// +1 when A won, -1 when B won, 0 for a tied or partial score (nobody to pick).
int8_t result_of(double score_a) { return score_a == 1.0 ? 1 : score_a == 0.0 ? -1 : 0; }

// A is predicted when its side is higher, B when lower; a prediction tie and a
// game without a winner are misses.
bool picked(double side_a, double side_b, int8_t result) {
  return (side_a > side_b && result > 0) || (side_a < side_b && result < 0);
}

nlohmann::json tally(int64_t correct, int64_t games) {
  return {{"correct", correct},
          {"games", games},
          {"accuracy", games ? nlohmann::json(double(correct) / double(games)) : nlohmann::json()}};
}

}  // namespace

void accuracy_accumulator::add(const rk_game& g, int8_t home, double before_a, double before_b, double expected_a) {
  const int8_t result = result_of(g.score_a);
  const size_t k = games_++ % block::size;
  if (k == 0) blocks_.push_back(std::unique_ptr<block>(new block));  // left uninitialised: filled as games come
  block& to = *blocks_.back();
  to.a[k] = g.a;
  to.b[k] = g.b;
  to.home[k] = home;
  to.result[k] = result;
  correct_ += picked(before_a + g.adv_predict, before_b, result);
  const double p = std::clamp(expected_a, probability_floor, 1.0 - probability_floor);
  // A won or lost outright: the other term is 0 times a finite log.
  if (result > 0) log_loss_ -= std::log(p);
  else if (result < 0) log_loss_ -= std::log(1.0 - p);
  else log_loss_ -= g.score_a * std::log(p) + (1.0 - g.score_a) * std::log(1.0 - p);
  const double miss = expected_a - g.score_a;
  brier_ += miss * miss;
}

int64_t accuracy_accumulator::hindsight_correct(size_t begin, size_t end, const double* final_ratings,
                                                double hindsight_home) const {
  constexpr size_t ahead = 16;  // the ratings are read at random: fetch them early
  int64_t correct = 0;
  for (size_t i = begin; i < end; ++i) {
    if (i + ahead < end) {
      const block& next = *blocks_[(i + ahead) / block::size];
      __builtin_prefetch(final_ratings + next.a[(i + ahead) % block::size]);
      __builtin_prefetch(final_ratings + next.b[(i + ahead) % block::size]);
    }
    const block& from = *blocks_[i / block::size];
    const size_t k = i % block::size;
    correct += picked(final_ratings[from.a[k]] + from.home[k] * hindsight_home, final_ratings[from.b[k]], from.result[k]);
  }
  return correct;
}

nlohmann::json accuracy_accumulator::finish(const double* final_ratings, double hindsight_home) const {
  // A long stream is counted in two halves at once: the reader's core is free by now.
  const size_t half = games_ < (size_t(1) << 20) ? games_ : games_ / 2;
  auto second = std::async(half < games_ ? std::launch::async : std::launch::deferred,
                           [&] { return hindsight_correct(half, games_, final_ratings, hindsight_home); });
  const int64_t hindsight = hindsight_correct(0, half, final_ratings, hindsight_home) + second.get();
  const auto games = int64_t(games_);
  const nlohmann::json none;
  const double n = double(games);
  return {{"hindsight", tally(hindsight, games)},
          {"foresight", tally(correct_, games)},
          {"log_loss", games ? nlohmann::json(log_loss_ / n) : none},
          {"brier", games ? nlohmann::json(brier_ / n) : none}};
}

nlohmann::json accuracy_metrics(const std::vector<rk_game>& games, const run_trace& trace,
                                const double* final_ratings, const std::vector<int8_t>& home,
                                double hindsight_home) {
  const size_t n = games.size();
  if (trace.before_a.size() != n || trace.before_b.size() != n || trace.out.size() != n || home.size() != n)
    throw std::logic_error("accuracy_metrics: the trace does not match the games");
  accuracy_accumulator a;
  for (size_t i = 0; i < n; ++i) a.add(games[i], home[i], trace.before_a[i], trace.before_b[i], trace.out[i].expected_a);
  return a.finish(final_ratings, hindsight_home);
}

}  // namespace ratekit
