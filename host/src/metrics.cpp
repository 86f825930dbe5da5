#include <ratekit/host/metrics.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace ratekit {

namespace {

// Probabilities are kept this far from 0 and 1, so one certain miss cannot make log-loss infinite.
constexpr double probability_floor = 1e-15;

// A is predicted when its side is higher, B when lower; a prediction tie and a
// tied game (score 1/2, nobody to pick) are misses.
bool picked(double side_a, double side_b, double score_a) {
  return (side_a > side_b && score_a == 1.0) || (side_a < side_b && score_a == 0.0);
}

nlohmann::json tally(int64_t correct, int64_t games) {
  return {{"correct", correct},
          {"games", games},
          {"accuracy", games ? nlohmann::json(double(correct) / double(games)) : nlohmann::json()}};
}

template <class Advantage>
int64_t hindsight_correct(const std::vector<rk_game>& games, const double* final_ratings, Advantage&& adv) {
  int64_t correct = 0;
  for (size_t i = 0; i < games.size(); ++i)
    correct += picked(final_ratings[games[i].a] + adv(i), final_ratings[games[i].b], games[i].score_a);
  return correct;
}

}  // namespace

void accuracy_accumulator::add(const rk_game& g, double before_a, double before_b, double expected_a) {
  ++games_;
  correct_ += picked(before_a + g.adv_predict, before_b, g.score_a);
  const double p = std::clamp(expected_a, probability_floor, 1.0 - probability_floor);
  log_loss_ -= g.score_a * std::log(p) + (1.0 - g.score_a) * std::log(1.0 - p);
  const double miss = expected_a - g.score_a;
  brier_ += miss * miss;
}

nlohmann::json accuracy_accumulator::finish(const std::vector<rk_game>& games, const double* final_ratings,
                                            const std::vector<int8_t>& home, double hindsight_home) const {
  if (home.size() != games.size()) throw std::logic_error("accuracy_metrics: the home sides do not match the games");
  return with_hindsight(games, hindsight_correct(games, final_ratings,
                                                 [&](size_t i) { return double(home[i]) * hindsight_home; }));
}

nlohmann::json accuracy_accumulator::finish(const std::vector<rk_game>& games, const double* final_ratings) const {
  return with_hindsight(games,
                        hindsight_correct(games, final_ratings, [&](size_t i) { return games[i].adv_predict; }));
}

nlohmann::json accuracy_accumulator::with_hindsight(const std::vector<rk_game>& games, int64_t hindsight) const {
  if (size_t(games_) != games.size()) throw std::logic_error("accuracy_metrics: not every game was added");
  const nlohmann::json none;
  const double n = double(games_);
  return {{"hindsight", tally(hindsight, games_)},
          {"foresight", tally(correct_, games_)},
          {"log_loss", games_ ? nlohmann::json(log_loss_ / n) : none},
          {"brier", games_ ? nlohmann::json(brier_ / n) : none}};
}

namespace {

accuracy_accumulator foresight_of(const std::vector<rk_game>& games, const run_trace& trace) {
  const size_t n = games.size();
  if (trace.before_a.size() != n || trace.before_b.size() != n || trace.out.size() != n)
    throw std::logic_error("accuracy_metrics: the trace does not match the games");
  accuracy_accumulator a;
  for (size_t i = 0; i < n; ++i) a.add(games[i], trace.before_a[i], trace.before_b[i], trace.out[i].expected_a);
  return a;
}

}  // namespace

nlohmann::json accuracy_metrics(const std::vector<rk_game>& games, const run_trace& trace,
                                const double* final_ratings) {
  return foresight_of(games, trace).finish(games, final_ratings);
}

nlohmann::json accuracy_metrics(const std::vector<rk_game>& games, const run_trace& trace,
                                const double* final_ratings, const std::vector<int8_t>& home,
                                double hindsight_home) {
  return foresight_of(games, trace).finish(games, final_ratings, home, hindsight_home);
}

}  // namespace ratekit
