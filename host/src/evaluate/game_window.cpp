#include <ratekit/host/evaluate/game_window.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/format.hpp>

#include "engine/period_window.hpp"
#include "evaluate/event_window.hpp"
#include "input/dates.hpp"

#include <algorithm>
#include <stdexcept>

namespace ratekit {

namespace {

void refuse_unscorable(const dataset& d) {
  if (d.games.empty()) throw user_error(d.source, 0, 0, "the input holds no games");
  const auto& date = d.facts.date;
  if (const auto undated = std::find(date.begin(), date.end(), 0); undated != date.end())
    throw user_error(d.source, d.facts.line[size_t(undated - date.begin())], 0,
                     "compare holds out the games from a date on, and this game has no date");
}

}  // namespace

size_t games_to_rate(const dataset& d, const game_window& w, period_kind period) {
  const game_facts& f = d.facts;
  size_t cut = 0;
  for (size_t i = 0; i < w.slot.size(); ++i)
    if (w.slot[i] >= 0) cut = i + 1;
  while (cut > 0 && cut < f.date.size() && period_key(period, f, cut) == period_key(period, f, cut - 1)) ++cut;
  auto home = [&](size_t from, size_t to) {
    return std::any_of(f.home.begin() + long(from), f.home.begin() + long(to), [](int8_t h) { return h != 0; });
  };
  return home(cut, f.home.size()) && !home(0, cut) ? f.home.size() : cut;
}

int32_t fifths_from_end(const held_input& input, size_t fifths) {
  const dataset& d = input.data();
  std::vector<int32_t> dates = d.facts.date;
  for (const event_info& e : d.event_infos) dates.push_back(e.date);
  std::sort(dates.begin(), dates.end());
  dates.erase(std::unique(dates.begin(), dates.end()), dates.end());
  const size_t held_out = std::min(dates.size(), fifths * ((dates.size() + 4) / 5));
  return dates.empty() ? 0 : dates[dates.size() - held_out];
}

game_window window_from(const held_input& input, int32_t from, int32_t until, std::string_view option,
                        const pair_sampling& sampling) {
  const dataset& d = input.data();
  if (!d.events.empty()) return event_window_from(input, from, until, option, sampling);
  refuse_unscorable(d);
  const auto& date = d.facts.date;
  game_window w;
  w.first_date = *std::min_element(date.begin(), date.end());
  w.last_date = *std::max_element(date.begin(), date.end());
  w.from = from ? from : fifths_from_end(input, 1);
  w.until = until;
  w.slot.assign(d.games.size(), -1);
  for (size_t i = 0; i < d.games.size(); ++i) {
    if (date[i] < w.from) {
      ++w.training;
      continue;
    }
    if (until && date[i] >= until) continue;
    w.slot[i] = int32_t(w.outcomes.size());
    w.outcomes.push_back(d.games[i].score_a);
    w.home.push_back(d.facts.home[i]);
    w.dates.push_back(date[i]);
  }
  const std::string games = "the input's games are dated " + iso_date(w.first_date) + " to " + iso_date(w.last_date);
  const std::string at = std::string(option) + " " + iso_date(w.from);
  if (w.outcomes.empty())
    throw user_error(d.source, 0, 0,
                     "no game to score from " + at + " on" + (until ? " before " + iso_date(until) : "") + ": " + games);
  if (w.training == 0)
    throw user_error(d.source, 0, 0, "no game before " + at + " to rate the players on: " + games + "; give a later date");
  return w;
}

home_rate training_home_rate(const held_input& input, const game_window& window) {
  const dataset& d = input.data();
  std::vector<int8_t> home;
  std::vector<double> score;
  for (size_t i = 0; i < d.games.size(); ++i)
    if (window.slot[i] < 0) home.push_back(d.facts.home[i]), score.push_back(d.games[i].score_a);
  return home_rate_of(home, score);
}

window_forecasts forecast_window(const competition_config& config, const held_input& input,
                                 const game_window& window, const plugin_registry& plugins) {
  window_forecasts f;
  forecast_window(config, input, window, plugins, f);
  return f;
}

void forecast_window(const competition_config& config, const held_input& input, const game_window& window,
                     const plugin_registry& plugins, window_forecasts& f) {
  if (!window.pairs.empty()) return forecast_event_window(config, input, window, plugins, f);
  f.expected_a.assign(window.outcomes.size(), NAN);
  f.expected_b.assign(window.outcomes.size(), NAN);
  size_t seen = 0;
  const size_t needed = games_to_rate(input.data(), window, config.period);
  rate_held(config, input, plugins, [&](const game_forecast& g) {
    // The pass rates the held games in their order: the same game, or the window would pair wrong.
    if (g.index >= window.slot.size() || g.date != input.data().facts.date[g.index])
      throw std::logic_error("a rating pass rated the held games out of their order");
    ++seen;
    const int32_t at = window.slot[g.index];
    if (at < 0) return;
    f.expected_a[size_t(at)] = g.out.expected_a;
    f.expected_b[size_t(at)] = g.out.expected_b;
  }, needed);
  if (seen < needed) throw std::logic_error("a rating pass rated fewer games than the window needs");
}

std::string window_rows(const game_window& w) {
  const std::string rows = counted(double(w.outcomes.size()), w.unit);
  if (w.pairs.empty()) return rows;
  const std::string events = counted(double(w.events), w.unit == std::string_view("pair") ? "event" : "match",
                                     w.unit == std::string_view("pair") ? "events" : "matches");
  if (w.pairs_in_events == w.outcomes.size()) return rows + " of " + events;
  return rows + " of " + events + " (an even sample of their " + std::to_string(w.pairs_in_events) + ")";
}

int32_t parse_window_date(std::string_view text, std::string_view option) {
  int32_t date = 0;
  if (!text::parse_date_as(date_layout::iso, text, date))
    throw user_error(std::string(option) + ": expected a date as yyyy-mm-dd, got '" + std::string(text) + "'");
  return date;
}

}  // namespace ratekit
