#include <ratekit/host/config/k_schedule.hpp>

#include <algorithm>

namespace ratekit {

double interpolate(const std::vector<std::pair<double, double>>& points, double x) {
  if (points.empty()) return NAN;
  if (x <= points.front().first) return points.front().second;
  if (x >= points.back().first) return points.back().second;
  const auto hi = std::upper_bound(points.begin(), points.end(), x,
                                   [](double v, const auto& p) { return v < p.first; });
  const auto lo = hi - 1;
  return lo->second + (hi->second - lo->second) * (x - lo->first) / (hi->first - lo->first);
}

bool k_rule::matches(const k_context& c) const {
  if (games && !games->contains(c.games)) return false;
  if (rating && !rating->contains(c.rating)) return false;
  if (peak && !peak->contains(c.peak)) return false;
  if (age && !age->contains(c.age)) return false;  // an unknown age (NaN) is in no range
  if (week && !week->contains(c.week)) return false;
  if (playoff && *playoff != c.playoff) return false;
  if (!tags.empty() && (!c.tag || std::find(tags.begin(), tags.end(), *c.tag) == tags.end()))
    return false;
  return true;
}

double k_rule::value(const k_context& c) const {
  return table.empty() ? constant : interpolate(table, c.rating);
}

bool k_rule::reads_player_state() const {
  return games || rating || peak || age || !table.empty();
}

double k_schedule::k(const k_context& c) const {
  for (const auto& r : rules_) {
    if (!r.matches(c)) continue;
    double k = r.value(c);
    // The cap keeps a busy period from moving a rating too far: the largest
    // whole K with K * games <= cap (FIDE's 700 rule).
    if (cap_ && c.period_games > 0 && k * c.period_games > *cap_)
      k = std::floor(*cap_ / c.period_games);
    return k;
  }
  return NAN;
}

bool k_schedule::reads_player_state() const {
  return std::any_of(rules_.begin(), rules_.end(),
                     [](const k_rule& r) { return r.reads_player_state(); });
}

}  // namespace ratekit
