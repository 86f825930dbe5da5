#include "whole_history/dense_history.hpp"

#include "engine/period_clock.hpp"

#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/format.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ratekit {

namespace {

// The period number of a yyyymmdd date: days since 1970-01-01, or the month or year.
double time_of(period_kind kind, int32_t date) {
  int64_t number = 0;
  calendar_number(kind, date, number);  // the config allows calendar periods only
  return double(number);
}

// One match of the input before it is placed in time: a duel (index into the games) or a team match.
struct placed {
  double time;
  int32_t date;
  size_t index;
};

void refuse_duel(const dataset& data, size_t g, const rk_descriptor& model) {
  const rk_game& game = data.games[g];
  const int32_t line = data.facts.line[g];
  const std::string which = "game " + std::to_string(g + 1);
  if (data.facts.date[g] == 0)
    throw user_error(data.source, line, 0,
                     which + " has no date: a whole-history model places every game in time; give the input dates");
  const double s = game.score_a;
  if (s != 0 && s != 0.5 && s != 1)
    throw user_error(data.source, line, 0,
                     which + " has the score " + format_number(s) +
                         ": a whole-history model reads a win (1), a draw (0.5) or a loss (0), not a share of points");
  if (s == 0.5 && !(model.capabilities & RK_CAP_DRAWS))
    throw user_error(data.source, line, 0, which + " is a draw, and model '" + model.id + "' rates no draws");
  if (game.handicap != 0)
    throw user_error(data.source, line, 0, which + " has a handicap, which model '" + model.id + "' does not read");
}

// Duels are matches of two teams of one: the first-named player's team 0, rank 1 the winner, a draw both 1.
void add_duel(dense_history& h, const rk_game& g, double advantage) {
  const uint64_t begin = h.entries.size();
  h.entries.push_back({g.a, 0, g.score_a < 0.5 ? 2.0 : 1.0});
  h.entries.push_back({g.b, 1, g.score_a > 0.5 ? 2.0 : 1.0});
  h.matches.push_back({begin, begin + 2, NAN});
  h.advantage.push_back(advantage);
}

void add_team_match(dense_history& h, const dataset& data, const rk_event& e) {
  const uint64_t begin = h.entries.size();
  h.entries.insert(h.entries.end(), data.entries.begin() + long(e.begin), data.entries.begin() + long(e.end));
  h.weights.insert(h.weights.end(), data.weights.begin() + long(e.begin), data.weights.begin() + long(e.end));
  h.matches.push_back({begin, h.entries.size(), NAN});
  h.advantage.push_back(0.0);
}

std::vector<placed> place_duels(const dataset& data, const competition_config& config, const rk_descriptor& model) {
  std::vector<placed> order(data.games.size());
  for (size_t g = 0; g < data.games.size(); ++g) {
    refuse_duel(data, g, model);
    order[g] = {time_of(config.period, data.facts.date[g]), data.facts.date[g], g};
  }
  return order;
}

std::vector<placed> place_team_matches(const dataset& data, const competition_config& config) {
  std::vector<placed> order(data.events.size());
  for (size_t e = 0; e < data.events.size(); ++e) {
    const event_info& info = data.event_infos[e];
    if (info.date == 0)
      throw user_error(data.source, info.line, 0,
                       "match '" + info.name +
                           "' has no date: a whole-history model places every match in time; give the input dates");
    order[e] = {time_of(config.period, info.date), info.date, e};
  }
  return order;
}

}  // namespace

rk_wh_history dense_history::view() const {
  return {sizeof(rk_wh_history), 0, player_count, entries.data(), entries.size(),
          weights.empty() ? nullptr : weights.data(), matches.data(), matches.size(), advantage.data(),
          batch_ends.data(), batch_times.data(), batch_times.size()};
}

rk_wh_history dense_history::first_batches(uint64_t batches) const {
  rk_wh_history v = view();
  v.batch_count = batches;
  v.match_count = batch_ends[batches - 1];
  v.entry_count = entries_end(batches - 1);
  return v;
}

dense_history build_dense_history(const dataset& data, const competition_config& config, const rk_descriptor& model) {
  const bool teams = data.ranked();
  if (teams && data.weights.empty())
    throw user_error(data.source, 0, 0,
                     "the input holds ranked events of single players, which whole-history models do not read yet: "
                     "give them duels (games-csv) or team matches (team-csv)");
  if (teams && !(model.capabilities & RK_CAP_TEAMS))
    throw config.error_at("model", "model '" + config.model + "' rates duels, but the input holds team matches");
  std::vector<placed> order = teams ? place_team_matches(data, config) : place_duels(data, config, model);
  std::stable_sort(order.begin(), order.end(), [](const placed& a, const placed& b) { return a.time < b.time; });
  dense_history h;
  h.player_count = uint64_t(data.players.size());
  h.entries.reserve(teams ? data.entries.size() : 2 * order.size());
  h.matches.reserve(order.size());
  h.advantage.reserve(order.size());
  h.source.reserve(order.size());
  for (const placed& m : order) {
    if (h.batch_times.empty() || m.time != h.batch_times.back()) {
      if (!h.batch_times.empty()) h.batch_ends.push_back(h.matches.size());
      h.batch_times.push_back(m.time);
      h.batch_dates.push_back(m.date);
    }
    if (teams)
      add_team_match(h, data, data.events[m.index]);
    else
      add_duel(h, data.games[m.index], data.facts.home[m.index] * config.home_predict);
    h.source.push_back(m.index);
  }
  if (!h.matches.empty()) h.batch_ends.push_back(h.matches.size());
  return h;
}

}  // namespace ratekit
