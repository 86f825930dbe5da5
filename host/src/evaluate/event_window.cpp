#include "evaluate/event_window.hpp"

#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/format.hpp>

#include "plugin/team_chances.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>

namespace ratekit {

namespace {

// The ranks of what a pair of event e is made of: its entries, or a team match's teams (numbered from 0).
std::vector<double> event_side_ranks(const dataset& d, size_t e) {
  const rk_event& ev = d.events[e];
  std::vector<double> rank;
  for (uint64_t k = ev.begin; k < ev.end; ++k) {
    const size_t side = d.weights.empty() ? size_t(k - ev.begin) : d.entries[k].team;
    if (side >= rank.size()) rank.resize(side + 1, NAN);
    rank[side] = d.entries[k].rank;
  }
  return rank;
}

// Each pair (i, j), i < j < n, in row order, kept with chance `keep`: the gaps between those kept are
// geometric, so a sample of a large event costs its pairs kept, not all of them.
template <class Fn>
void each_kept_pair(size_t n, double keep, std::mt19937_64& draw, Fn&& fn) {
  if (keep >= 1) {
    for (size_t i = 0; i < n; ++i)
      for (size_t j = i + 1; j < n; ++j) fn(i, j);
    return;
  }
  const double log_skip = std::log1p(-keep);
  const double pairs = double(n) * double(n - 1) / 2;
  // (i, j) is where the last kept pair is; (0, 0) is before the first pair, (0, 1).
  for (size_t i = 0, j = 0;;) {
    const double u = double(draw() >> 11) * 0x1p-53;
    double step = std::min(pairs, 1 + std::floor(std::log1p(-u) / log_skip));
    while (i + 1 < n && double(j) + step >= double(n)) step -= double(n - j), ++i, j = i + 1;
    if (i + 1 >= n) return;
    j += size_t(step);
    fn(i, j);
  }
}

std::string events_kind(const dataset& d) { return d.weights.empty() ? "ranked events" : "team matches"; }

}  // namespace

game_window event_window_from(const held_input& input, int32_t from, int32_t until, std::string_view option,
                              const pair_sampling& sampling) {
  const dataset& d = input.data();
  for (const event_info& info : d.event_infos)
    if (info.date == 0)
      throw user_error(d.source, info.line, 0,
                       "compare and tune hold out the events from a date on, and event '" + info.name +
                           "' has no date");
  game_window w;
  w.unit = d.weights.empty() ? "pair" : "team pair";
  const auto [first, last] = std::minmax_element(d.event_infos.begin(), d.event_infos.end(),
                                                 [](const event_info& a, const event_info& b) { return a.date < b.date; });
  w.first_date = first->date, w.last_date = last->date;
  w.from = from ? from : fifths_from_end(input, 1);
  w.until = until;
  std::vector<size_t> held;
  double pairs = 0;
  for (size_t e = 0; e < d.events.size(); ++e) {
    const int32_t date = d.event_infos[e].date;
    if (date < w.from) ++w.training;
    else if (!until || date < until) held.push_back(e);
  }
  std::vector<std::vector<double>> ranks;
  for (const size_t e : held) {
    ranks.push_back(event_side_ranks(d, e));
    pairs += double(ranks.back().size()) * double(ranks.back().size() - 1) / 2;
  }
  w.events = held.size();
  w.pairs_in_events = size_t(pairs);
  std::mt19937_64 draw(sampling.seed);  // its sequence is fixed by the standard: the same sample everywhere
  const double keep = pairs > double(sampling.budget) ? double(sampling.budget) / pairs : 1.0;
  for (size_t k = 0; k < held.size(); ++k) {
    const std::vector<double>& rank = ranks[k];
    each_kept_pair(rank.size(), keep, draw, [&](size_t i, size_t j) {
      w.pairs.push_back({uint32_t(held[k]), uint32_t(i), uint32_t(j)});
      w.event_of_row.push_back(uint32_t(k));
      w.outcomes.push_back(rank[i] < rank[j] ? 1.0 : rank[i] > rank[j] ? 0.0 : 0.5);
      w.dates.push_back(d.event_infos[held[k]].date);
    });
  }
  w.home.assign(w.outcomes.size(), 0);
  const std::string events = "the input's " + events_kind(d) + " are dated " + iso_date(w.first_date) + " to " +
                             iso_date(w.last_date);
  const std::string at = std::string(option) + " " + iso_date(w.from);
  if (w.outcomes.empty())
    throw user_error(d.source, 0, 0,
                     "no pair of an event to score from " + at + " on" + (until ? " before " + iso_date(until) : "") +
                         ": " + events);
  if (w.training == 0)
    throw user_error(d.source, 0, 0, "no event before " + at + " to rate the players on: " + events + "; give a later date");
  return w;
}

void check_rates_events(const competition_config& config, const dataset& d, const plugin_registry& plugins) {
  const std::shared_ptr<const plugin> p = plugins.get(config.model);
  const bool teams = !d.weights.empty();
  if (d.events.empty()) {
    if (p->has(RK_CAP_PAIRWISE) || p->has(RK_CAP_WHOLE_HISTORY)) return;
    throw config.error_at("model", "model '" + config.model + "' rates ranked events, but the input (" + d.source +
                                       ") holds pairwise games: compare and tune score every config on the same "
                                       "games, so give configs of one kind");
  }
  if (p->has(RK_CAP_RANKED) && (!teams || p->has(RK_CAP_TEAMS))) return;
  throw config.error_at("model", "model '" + config.model + "' rates " +
                                     (p->has(RK_CAP_RANKED) ? "ranked events of single players" : "pairwise games") +
                                     ", but the input (" + d.source + ") holds " + events_kind(d) +
                                     ": compare and tune score every config on the same pairs, so give models "
                                     "that rate " + events_kind(d));
}

namespace {

// Takes the events as the engine rates them, in the place of history.csv's writer, and forecasts the
// window's pairs of each from its players' states before it.
class event_pair_sink final : public rated_games_sink {
 public:
  event_pair_sink(const model& m, const dataset& held, const game_window& w, window_forecasts& f)
      : model_(m), held_(held), window_(w), f_(f) {}
  void take(rated_games&) override {}
  unsigned streams() const override { return streams_history; }
  unsigned streams_events() const override { return streams_history; }
  bool takes_names() const override { return false; }
  void take(rated_event& e) override;
  size_t events_seen() const { return seen_; }

 private:
  const model& model_;
  const dataset& held_;
  const game_window& window_;
  window_forecasts& f_;
  size_t seen_ = 0, row_ = 0;  // the events rated so far, and the window's next row
  std::vector<double> states_;
  std::vector<uint32_t> teams_;
};

void event_pair_sink::take(rated_event& e) {
  const size_t event = seen_++;
  // The pass rates the held events in their order: the same event, or the window would pair wrong.
  if (event >= held_.events.size() || held_.events[event].begin != e.first)
    throw std::logic_error("a rating pass rated the held events out of their order");
  const std::vector<held_pair>& pairs = window_.pairs;
  if (row_ >= pairs.size() || pairs[row_].event != event) return;
  const size_t n = e.count, fields = e.fields + 1;  // the rating, then the rest
  states_.resize(n * fields);
  for (size_t i = 0; i < n; ++i) {
    states_[i * fields] = e.before[i];
    std::copy_n(e.state_before + i * e.fields, e.fields, states_.data() + i * fields + 1);
  }
  if (held_.weights.empty()) {
    for (; row_ < pairs.size() && pairs[row_].event == event; ++row_) {
      const double p = model_.expect(&states_[pairs[row_].i * fields], &states_[pairs[row_].j * fields], 0.0);
      f_.expected_a[row_] = p, f_.expected_b[row_] = 1 - p;
    }
    return;
  }
  teams_.resize(n);
  for (size_t i = 0; i < n; ++i) teams_[i] = e.entries[i].team;
  match_chances chances(model_, states_.data(), teams_.data(), held_.weights.data() + e.first, n);
  for (; row_ < pairs.size() && pairs[row_].event == event; ++row_) {
    const team_pair_chances c = chances.pair(pairs[row_].i, pairs[row_].j);
    f_.expected_a[row_] = c.ahead + 0.5 * c.tie, f_.expected_b[row_] = c.behind + 0.5 * c.tie;
  }
}

}  // namespace

void forecast_event_window(const competition_config& config, const held_input& input, const game_window& window,
                           const plugin_registry& plugins, window_forecasts& f) {
  const dataset& held = input.data();
  check_rates_events(config, held, plugins);
  f.expected_a.assign(window.outcomes.size(), NAN);
  f.expected_b.assign(window.outcomes.size(), NAN);
  const model m(plugins.get(config.model), config.params);
  event_pair_sink sink(m, held, window, f);
  rate_held_events(config, input, plugins, sink);
  if (sink.events_seen() != held.events.size()) throw std::logic_error("a rating pass rated fewer events than held");
}

}  // namespace ratekit
