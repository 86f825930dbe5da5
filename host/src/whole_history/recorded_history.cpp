// Whole-history runs recorded into the history database: what the run fits, read back, and its recording.
#include <ratekit/host/whole_history/whole_history.hpp>

#include "recording/run_rows.hpp"
#include "store/whole_history_rows.hpp"
#include "whole_history/batch_label.hpp"
#include "whole_history/dense_history.hpp"
#include "whole_history/read_input.hpp"
#include "whole_history/recorded_fit.hpp"

#include <ratekit/host/text/diagnostics.hpp>

#include <algorithm>
#include <set>

namespace ratekit {
namespace {

// Ratings of a model rated period by period and of a whole-history fit are not one history.
void refuse_mixed(store::database& db, const competition_config& config) {
  const store::competition_kinds kinds = store::kinds_of_runs(db, config.competition);
  if (kinds.by_period == 0) return;
  throw user_error(db.file(), 0, 0,
                   "competition '" + config.competition + "' holds " + std::to_string(kinds.by_period) +
                       " run(s) of a model rated period by period, and model '" + config.model +
                       "' fits the whole history: the two are not one history, so nothing was recorded. Record "
                       "the whole-history runs under a competition of their own (competition: in the config)");
}

// The runs that recorded one of the batches of `input`'s games.
std::vector<earlier_run> owners_of(store::database& db, const competition_config& config, const dataset& input) {
  std::set<std::string> labels;
  for (const int32_t date : input.facts.date)
    if (date > 0) labels.insert(batch_label(config.period, date));  // an undated game is refused by the fit
  for (const event_info& match : input.event_infos)
    if (match.date > 0) labels.insert(batch_label(config.period, match.date));
  const auto recorded = db_rows::recorded_periods(db, db_rows::competition_id(db, config.competition));
  std::vector<earlier_run> owners;
  for (const std::string& label : labels) {
    const auto found = recorded.find(label);
    if (found == recorded.end()) continue;
    if (std::none_of(owners.begin(), owners.end(), [&](const earlier_run& e) { return e.id == found->second.id; }))
      owners.push_back(found->second);
  }
  return owners;
}

// `input`'s players and games after `into`'s, the players by name.
void append_input(dataset& into, const dataset& input) {
  const player_table& from = input.players;
  std::vector<int32_t> id(size_t(from.size()));
  for (int32_t p = 0; p < from.size(); ++p) {
    const auto to = size_t(id[size_t(p)] = into.players.intern(from.name(p)));
    if (!from.external_id[size_t(p)].empty()) into.players.external_id.set(to, from.external_id[size_t(p)]);
    if (!from.federation[size_t(p)].empty()) into.players.federation.set(to, from.federation[size_t(p)]);
    if (!std::isnan(from.birth_year[size_t(p)])) into.players.birth_year[to] = from.birth_year[size_t(p)];
  }
  const uint64_t first = into.entries.size();
  for (rk_entry entry : input.entries) into.entries.push_back({id[size_t(entry.player)], entry.team, entry.rank});
  into.weights.insert(into.weights.end(), input.weights.begin(), input.weights.end());
  for (size_t m = 0; m < input.events.size(); ++m)
    into.add_event({first + input.events[m].begin, first + input.events[m].end, input.events[m].rounds},
                   input.event_infos[m]);
  for (size_t g = 0; g < input.games.size(); ++g) {
    rk_game game = input.games[g];
    game.a = id[size_t(game.a)], game.b = id[size_t(game.b)];
    into.add_game(game, game_fact{input.facts.date[g], input.facts.period[g], input.facts.week[g],
                                  input.facts.home[g], 0, input.facts.line[g]});
  }
  into.source = input.source;
}

// Duels and team matches are not one history: a whole-history model reads one kind.
void refuse_duels_beside_team_matches(const store::database& db, const competition_config& config, const dataset& recorded,
                       const dataset& input) {
  const bool recorded_matches = recorded.ranked(), input_matches = input.ranked();
  if (recorded.games.empty() && !recorded_matches) return;
  if (input.games.empty() && !input_matches) return;
  if (recorded_matches == input_matches) return;
  const auto kind = [](bool matches) { return std::string(matches ? "team matches" : "duels"); };
  throw user_error(db.file(), 0, 0,
                   "competition '" + config.competition + "' holds " + kind(recorded_matches) + ", and this run's input " +
                       kind(input_matches) + ": a whole-history model fits one kind, so nothing was recorded");
}

}  // namespace

void refuse_whole_history_competition(run_recording& recording, const competition_config& config) {
  store::database& db = recording.connection();
  const store::competition_kinds kinds = store::kinds_of_runs(db, config.competition);
  if (kinds.whole_history == 0) return;
  throw user_error(db.file(), 0, 0,
                   "competition '" + config.competition + "' holds " + std::to_string(kinds.whole_history) +
                       " run(s) of the whole-history model '" + kinds.whole_history_model + "', and model '" +
                       config.model + "' rates period by period: the two are not one history, so nothing was "
                       "recorded. Record this model's runs under a competition of their own (competition: in the config)");
}

recorded_history read_recorded_history(run_recording& recording, const competition_config& config,
                                       const rk_descriptor& model, bool replace, bool new_model,
                                       const input_rows* rows) {
  store::database& db = recording.connection();
  refuse_mixed(db, config);
  recorded_history out;
  out.fingerprint = input_fingerprint(config);
  out.same = recording.same_input(config.competition, out.fingerprint);
  dataset input;
  if (!out.same) {
    input = read_whole_input(config, rows);
    out.replaced = owners_of(db, config, input);
    if (!out.replaced.empty() && !replace) refuse_other_input(config, out.replaced.front());
    check_model(recording, config, model, out.replaced, new_model);
  }
  std::vector<int64_t> without;
  for (const earlier_run& e : out.replaced) without.push_back(e.id);
  store::recorded_games recorded = store::read_recorded_games(db, config.competition, without);
  out.run_of = std::move(recorded.run_of);
  out.start.data = std::move(recorded.data);
  out.start.warm_state = std::move(recorded.warm_state);
  if (!out.same) refuse_duels_beside_team_matches(db, config, out.start.data, input);
  if (!out.same) append_input(out.start.data, input);
  out.start.estimates = store::read_recorded_estimates(db, config.competition);
  return out;
}

std::optional<recorded_run> record_history(run_recording& recording, const whole_history_fit& fit,
                                           const competition_config& config, const recorded_history& history) {
  if (history.same) return recorded_run{history.same->id, 0, size_t(fit.run.data.players.size()), true, {}};
  return record_fit(recording.connection(), fit, config, history.fingerprint, history.run_of, history.replaced);
}

}  // namespace ratekit
