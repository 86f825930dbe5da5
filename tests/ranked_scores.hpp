// Pair scores of a window of ranked events recomputed from a run's history.csv (its rating_before and
// ranks, with Elo's logistic curve, which elo-multiplayer and codeforces forecast a pair by), and of a
// window of team matches from two runs' summary.json metrics; to check ratekit compare's and tune's own
// (tests/test_evaluate_ranked.cpp).
#pragma once

#include "history_scores.hpp"

#include <nlohmann/json.hpp>

#include <map>
#include <random>

namespace ratekit::testing {

// Every pair of entries of each event dated from `from` and before `until` (empty: to the end): a pair's
// forecast 1 / (1 + 10^((rb - ra) / 400)) that its first finishes ahead, against 1 ahead, 0 behind, 1/2 tied.
// `events` counts the events; event_log_loss[e] and event_pairs[e] are event e's sum of log-loss and its pairs.
struct recomputed_pairs : recomputed {
  size_t events = 0;
  std::vector<double> event_log_loss, event_pairs;
};

inline recomputed_pairs elo_pair_scores_from_history(const std::filesystem::path& history, const std::string& from,
                                                     const std::string& until = "") {
  std::istringstream in(read_text(history));
  std::string line;
  std::getline(in, line);
  std::map<std::string, size_t> column;
  {
    std::istringstream header(line);
    for (std::string name; std::getline(header, name, ',');) column[name] = column.size();
  }
  const size_t date = column.at("date"), rank = column.count("rank") ? column.at("rank") : column.at("score"),
               before = column.at("rating_before");
  struct entry {
    double rank, rating;
  };
  std::vector<std::vector<entry>> events;
  std::string last_event;
  while (std::getline(in, line)) {  // no field of these files is quoted
    std::vector<std::string> f;
    std::istringstream fields(line);
    for (std::string v; std::getline(fields, v, ',');) f.push_back(v);
    if (f[date] < from || (!until.empty() && f[date] >= until)) continue;
    if (events.empty() || f[0] != last_event) events.emplace_back(), last_event = f[0];
    events.back().push_back({std::stod(f[rank]), std::stod(f[before])});
  }
  recomputed_pairs r;
  r.events = events.size();
  for (const auto& e : events) {
    r.event_log_loss.push_back(0), r.event_pairs.push_back(0);
    for (size_t i = 0; i < e.size(); ++i)
      for (size_t j = i + 1; j < e.size(); ++j) {
        const double p = 1 / (1 + std::pow(10.0, (e[j].rating - e[i].rating) / 400));
        const double s = e[i].rank < e[j].rank ? 1 : e[i].rank > e[j].rank ? 0 : 0.5;
        const double log_loss = -(s * std::log(p) + (1 - s) * std::log(1 - p));
        ++r.games;
        r.log_loss += log_loss;
        r.event_log_loss.back() += log_loss, r.event_pairs.back() += 1;
        r.brier += (p - s) * (p - s);
        r.accuracy += (p > 0.5 && s == 1) || (p < 0.5 && s == 0);
        const double c = std::min(0.99, std::max(0.01, p));
        r.deviance -= (s * std::log(c) + (1 - s) * std::log(1 - c)) / std::log(2.0) * 100;
      }
  }
  const double n = double(r.games);
  r.log_loss /= n, r.brier /= n, r.accuracy /= n, r.deviance /= n;
  return r;
}

// The 95% interval of the mean log-loss difference of `worse` from `best` over the same events, the events
// resampled with replacement `replicates` times as compare documents it (docs/tuning.md): std::mt19937_64
// from `seed`, an event drawn as the high 32 bits of a draw times the events, over 2^32; each replicate's
// difference the drawn events' summed differences over their pairs; the 2.5th and 97.5th percentiles
// linear between neighbours.
inline std::pair<double, double> event_bootstrap_interval(const recomputed_pairs& worse, const recomputed_pairs& best,
                                                          uint64_t seed, size_t replicates) {
  const size_t events = best.event_pairs.size();
  std::mt19937_64 draw(seed);
  std::vector<double> means;
  for (size_t r = 0; r < replicates; ++r) {
    double sum = 0, pairs = 0;
    for (size_t k = 0; k < events; ++k) {
      const size_t e = size_t(((draw() >> 32) * uint64_t(events)) >> 32);
      sum += worse.event_log_loss[e] - best.event_log_loss[e], pairs += best.event_pairs[e];
    }
    means.push_back(sum / pairs);
  }
  std::sort(means.begin(), means.end());
  auto at = [&](double q) {
    const double x = q * double(replicates - 1);
    const size_t below = size_t(x);
    return means[below] + (x - double(below)) * (means[std::min(below + 1, replicates - 1)] - means[below]);
  };
  return {at(0.025), at(0.975)};
}

// The pair scores of the events a run rated past those of an earlier run of their beginning: each run's
// summary.json counts every pair's forecast (under ten million), so the window's sums are the difference.
inline recomputed metrics_difference(const std::filesystem::path& all, const std::filesystem::path& before,
                                     const char* unit) {
  auto sums = [&](const std::filesystem::path& summary) {
    const nlohmann::json m = nlohmann::json::parse(read_text(summary))["metrics"];
    const double n = m["foresight"][unit].get<double>();
    return std::array<double, 4>{n, m["foresight"]["correct"].get<double>(), n * m["log_loss"].get<double>(),
                                 n * m["brier"].get<double>()};
  };
  const auto a = sums(all), b = sums(before);
  recomputed r;
  r.games = size_t(a[0] - b[0]);
  const double n = a[0] - b[0];
  r.accuracy = (a[1] - b[1]) / n, r.log_loss = (a[2] - b[2]) / n, r.brier = (a[3] - b[3]) / n;
  return r;
}

}  // namespace ratekit::testing
