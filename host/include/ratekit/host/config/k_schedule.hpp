// K-factor schedules: first-match rules over player state and game facts,
// each giving a constant or a table over rating with linear interpolation,
// and an optional cap on K times games per period (FIDE's 700 rule).
#pragma once

#include <cmath>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ratekit {

// What a rule can look at, for one player in one game.
struct k_context {
  double games = 0;         // rated games before this period
  double rating = 0;        // rating at the start of the period
  double peak = 0;          // highest rating ever held
  double age = NAN;         // period year minus birth year; NaN when unknown
  int week = 0;             // game week, 0 when unknown
  bool playoff = false;
  const std::string* tag = nullptr;  // game tag (tournament, ...), never null when tags exist
  int period_games = 1;     // the player's games in this period, for the cap
};

// A bound on one fact: lo <= value < hi (either side optional).
struct k_range {
  double lo = -INFINITY;
  double hi = INFINITY;
  bool contains(double v) const { return v >= lo && v < hi; }
};

struct k_rule {
  std::optional<k_range> games, rating, peak, age, week;
  std::optional<bool> playoff;
  std::vector<std::string> tags;  // any of these; empty = any tag
  double constant = NAN;          // the K, unless `table` is set
  std::vector<std::pair<double, double>> table;  // (rating, K) points, ascending

  bool matches(const k_context& c) const;
  double value(const k_context& c) const;
  bool reads_player_state() const;
};

class k_schedule {
 public:
  k_schedule() = default;
  explicit k_schedule(std::vector<k_rule> rules, std::optional<double> max_k_times_games = {})
      : rules_(std::move(rules)), cap_(max_k_times_games) {}

  static k_schedule constant(double k) {
    k_rule r;
    r.constant = k;
    return k_schedule({r});
  }

  bool empty() const noexcept { return rules_.empty(); }
  // The K of the first matching rule, reduced by the cap; NaN when no rule matches.
  double k(const k_context& c) const;
  // True when K can change with player state, so it must be evaluated period by period.
  bool reads_player_state() const;
  const std::vector<k_rule>& rules() const noexcept { return rules_; }
  std::optional<double> cap() const noexcept { return cap_; }

 private:
  std::vector<k_rule> rules_;
  std::optional<double> cap_;
};

// Linear interpolation in (x, y) points sorted by x; clamped at both ends.
double interpolate(const std::vector<std::pair<double, double>>& points, double x);

}  // namespace ratekit
