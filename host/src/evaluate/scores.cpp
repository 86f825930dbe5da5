#include <ratekit/host/engine/metrics.hpp>
#include <ratekit/host/evaluate/scores.hpp>

#include <algorithm>
#include <cmath>

namespace ratekit {

namespace {

forecast_sums one_game(const window_forecasts& f, const std::vector<double>& outcomes, size_t i) {
  forecast_sums one;
  one.add(f.expected_a[i], f.expected_b[i], outcomes[i]);
  return one;
}

}  // namespace

score_set score(const window_forecasts& f, const std::vector<double>& outcomes) {
  forecast_sums sums;
  for (size_t i = 0; i < outcomes.size(); ++i) sums.add(f.expected_a[i], f.expected_b[i], outcomes[i]);
  score_set s;
  s.games = outcomes.size();
  if (s.games == 0) return s;
  const double n = double(s.games);
  s.log_loss = sums.log_loss / n;
  s.brier = sums.brier / n;
  s.accuracy = double(sums.correct) / n;
  s.deviance = capped_deviance(f.expected_a, outcomes);
  return s;
}

std::vector<double> log_loss_terms(const window_forecasts& f, const std::vector<double>& outcomes) {
  std::vector<double> terms(outcomes.size());
  for (size_t i = 0; i < terms.size(); ++i) terms[i] = one_game(f, outcomes, i).log_loss;
  return terms;
}

std::vector<double> brier_terms(const window_forecasts& f, const std::vector<double>& outcomes) {
  std::vector<double> terms(outcomes.size());
  for (size_t i = 0; i < terms.size(); ++i) terms[i] = one_game(f, outcomes, i).brier;
  return terms;
}

double capped_deviance(const std::vector<double>& p, const std::vector<double>& s) {
  double sum = 0;
  for (size_t i = 0; i < p.size(); ++i) {
    const double c = std::clamp(p[i], 0.01, 0.99);
    sum -= s[i] * std::log(c) + (1 - s[i]) * std::log(1 - c);
  }
  return p.empty() ? 0 : 100 * sum / double(p.size()) / std::log(2.0);
}

window_forecasts always_half(size_t games) { return {std::vector<double>(games, 0.5), std::vector<double>(games, 0.5)}; }

home_rate home_rate_of(const std::vector<int8_t>& home, const std::vector<double>& score_a) {
  double sum = 0;
  size_t games = 0;
  for (size_t i = 0; i < home.size(); ++i) {
    if (home[i] == 0) continue;
    sum += home[i] > 0 ? score_a[i] : 1 - score_a[i];
    ++games;
  }
  return games ? home_rate{true, sum / double(games)} : home_rate{};
}

window_forecasts home_side(const home_rate& rate, const std::vector<int8_t>& test_home) {
  window_forecasts f;
  for (const int8_t h : test_home) {
    const double a = h > 0 ? rate.rate : h < 0 ? 1 - rate.rate : 0.5;
    f.expected_a.push_back(a);
    f.expected_b.push_back(1 - a);
  }
  return f;
}

}  // namespace ratekit
