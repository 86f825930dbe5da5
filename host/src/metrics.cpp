#include <ratekit/host/metrics.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace ratekit {

namespace {

// Probabilities are kept this far from 0 and 1, so one certain miss cannot make log-loss infinite.
constexpr double probability_floor = 1e-15;

struct tally {
  int64_t correct = 0, games = 0;

  // A is predicted when its side is higher, B when lower; a prediction tie and a tied
  // game (score 1/2, nobody to pick) are misses.
  void add(double side_a, double side_b, double score_a) {
    ++games;
    if ((side_a > side_b && score_a == 1.0) || (side_a < side_b && score_a == 0.0)) ++correct;
  }
  nlohmann::json json() const {
    return {{"correct", correct},
            {"games", games},
            {"accuracy", games ? nlohmann::json(double(correct) / double(games)) : nlohmann::json()}};
  }
};

template <class HindsightAdvantage>
nlohmann::json metrics(const std::vector<rk_game>& games, const run_trace& trace,
                       const double* final_ratings, HindsightAdvantage&& hindsight_adv) {
  const size_t n = games.size();
  if (trace.before_a.size() != n || trace.before_b.size() != n || trace.out.size() != n)
    throw std::logic_error("accuracy_metrics: the trace does not match the games");
  tally hindsight, foresight;
  double log_loss = 0.0, brier = 0.0;
  for (size_t i = 0; i < n; ++i) {
    const rk_game& g = games[i];
    hindsight.add(final_ratings[g.a] + hindsight_adv(i), final_ratings[g.b], g.score_a);
    foresight.add(trace.before_a[i] + g.adv_predict, trace.before_b[i], g.score_a);
    const double p = std::clamp(trace.out[i].expected_a, probability_floor, 1.0 - probability_floor);
    log_loss -= g.score_a * std::log(p) + (1.0 - g.score_a) * std::log(1.0 - p);
    const double miss = trace.out[i].expected_a - g.score_a;
    brier += miss * miss;
  }
  const nlohmann::json none;
  return {{"hindsight", hindsight.json()},
          {"foresight", foresight.json()},
          {"log_loss", n ? nlohmann::json(log_loss / double(n)) : none},
          {"brier", n ? nlohmann::json(brier / double(n)) : none}};
}

}  // namespace

nlohmann::json accuracy_metrics(const std::vector<rk_game>& games, const run_trace& trace,
                                const double* final_ratings) {
  return metrics(games, trace, final_ratings, [&](size_t i) { return games[i].adv_predict; });
}

nlohmann::json accuracy_metrics(const std::vector<rk_game>& games, const run_trace& trace,
                                const double* final_ratings, const std::vector<int8_t>& home,
                                double hindsight_home) {
  if (home.size() != games.size())
    throw std::logic_error("accuracy_metrics: the home sides do not match the games");
  return metrics(games, trace, final_ratings,
                 [&](size_t i) { return double(home[i]) * hindsight_home; });
}

}  // namespace ratekit
