// rate(): a competition from its config: the input read on one thread while
// its games or ranked events are rated on this one (engine/).
#include "engine/events.hpp"
#include "engine/game_engine.hpp"
#include "engine/input_stream.hpp"
#include "engine/period_clock.hpp"
#include "engine/setup.hpp"

#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/text/stop.hpp>
#include <ratekit/host/input/ratings_list.hpp>
#include <ratekit/host/input/readers.hpp>
#include <ratekit/host/plugin/player_records.hpp>
#include <ratekit/host/store/store.hpp>

#include <algorithm>
#include <cmath>

namespace ratekit {

namespace {

// A season parameter on an input without seasons would do nothing while
// summary.json reports it: refused before anything is written.
void refuse_seasonal_without_seasons(const run_result& r, const competition_config& c) {
  if (!r.data.season.empty() || r.data.ranked()) return;
  const rk_descriptor& d = r.source->descriptor();
  for (uint32_t i = 0; i < d.param_count; ++i)
    if ((d.params[i].flags & RK_PARAM_SEASONAL) && c.params[i] != 0)
      throw c.error_at("params", std::string("'") + d.params[i].key +
                                     "' acts at the start of each season, but the input knows no seasons "
                                     "(games-csv: add a 'season' column); remove it or give the seasons");
}

// Games credited to ratings the input declares (TRF, EGD, games-csv's rating columns) would be credited to
// nobody on an input that declares none: refused rather than ignored.
void refuse_idle_initial_games(const run_result& r, const competition_config& c) {
  if (c.initial_games == 0) return;
  const auto& declared = r.data.players.declared_rating;
  if (std::any_of(declared.begin(), declared.end(), [](double v) { return !std::isnan(v); })) return;
  throw c.error_at("initial", "initial.games credits games to the ratings an input declares (TRF, EGD, rating_a and rating_b), but '" +
                                  std::filesystem::path(r.data.source).filename().string() +
                                  "' declares none; remove it (a ratings list or database carries games itself)");
}

// Ranked events need a model that rates them, and are their own rating periods:
// another `period` would be ignored. Refused once the input's own errors are known.
void refuse_events_unless_ranked(const run_result& r, const competition_config& c, const game_piece& piece,
                                 const settle_fn& settle) {
  const bool teams = !piece.weights.empty();
  if (r.source->has(RK_CAP_RANKED) && (!teams || r.source->has(RK_CAP_TEAMS)) &&
      (!c.period_given || c.period == period_kind::event))
    return;
  settle();
  if (!r.source->has(RK_CAP_RANKED))
    throw c.error_at("model", "model '" + c.model + "' rates pairwise games, but the input holds " +
                                  (teams ? "team matches" : "ranked events"));
  if (teams && !r.source->has(RK_CAP_TEAMS))
    throw c.error_at("model", "model '" + c.model + "' rates ranked events of single players, but the input holds "
                              "team matches: choose a model of team matches (trueskill, weng-lin)");
  throw c.error_at("period", "the input holds ranked events, and each event is a rating period of its own; remove "
                             "'period' (or write 'period: event')");
}

// --period-label names one rating period: with game periods each game is one, and ranked events and team
// matches are each one, named by the input.
void refuse_label_without_one_period(const competition_config& c, const game_piece& first, const settle_fn& settle) {
  const bool events = !first.events.empty();
  if (c.period_label.empty() || (!events && c.period != period_kind::game)) return;
  settle();
  if (events)
    throw user_error(c.file.string(), 0, 0,
                     "--period-label names one rating period, but the input holds " +
                         std::string(first.weights.empty() ? "ranked events" : "team matches") +
                         ", each a period of its own named by the input; leave --period-label out");
  throw c.error_at("period", "--period-label names one rating period, but with 'period: game' (the default) each game "
                             "is one; write 'period: event' to rate the whole input as one period so named, or "
                             "'period: day', 'month' or 'year' for a label every game must lie in");
}

// A ratings list drawn up after the input's first games: the model would see
// time run backwards (Glicko: "period numbers go backwards", blaming the games).
void refuse_list_after_games(const run_result& r, const competition_config& c, const game_piece& first,
                             const player_table& listed) {
  if (c.initial_ratings.empty() || !is_calendar(c.period)) return;
  const int32_t date = first.facts.date.empty() ? 0 : first.facts.date[0];  // ranked events are periods of their own
  int64_t number = 0;
  if (date <= 0 || !calendar_number(c.period, date, number)) return;
  for (size_t i = 0; i < size_t(listed.size()); ++i)
    if (r.state.last_period[i] != RK_NEVER_RATED && r.state.last_period[i] > number)
      throw user_error(c.initial_ratings.string(), 0, 0,
                       "last_played of " + listed.name(int32_t(i)) + " is " + iso_date(r.state.last_date[i]) +
                           ", a period after the input's first game (" + iso_date(date) +
                           "): the list was drawn up after these games; start from one drawn up before them");
}

// The facts the input gives for the listed players before its first games
// (the first piece names every player known by then) stand as if read first.
void learn_first_facts(player_table& listed, const game_piece& first) {
  for (size_t i = 0; i < size_t(listed.size()) && i < first.names.size(); ++i) {
    listed.declared_rating[i] = first.declared[i];
    listed.birth_year[i] = first.birth_years[i];
  }
}

// The numeric columns of a ratings list a run reads: the model's state and the host's player facts.
std::vector<std::string> list_columns(const rk_descriptor& model) {
  std::vector<std::string> known{"games", "peak", "birth_year", "last_played", "last_period"};
  for (uint32_t f = 0; f < model.state_count; ++f) known.emplace_back(model.state[f].name);
  return known;
}

// The players with a game or placing rated in this run (not those a list or database only carried).
void count_players_rated(run_result& r) {
  for (size_t p = 0; p < r.start_games.size(); ++p) r.players_rated += r.state.games[p] != r.start_games[p];
}

// The states the run starts from: the config's ratings list, then the store's
// (or the database `initial` names), which takes precedence.
ratings_list read_starting_list(const competition_config& config, const plugin& source, const run_services& services,
                                player_table& players) {
  ratings_list list;
  if (!config.initial_ratings.empty())
    list = read_ratings_list(config.initial_ratings, players, list_columns(source.descriptor()), config.model);
  if (services.starting_state)
    list = services.starting_state->read_starting_state(config.competition, players, config.initial_before_run);
  else if (!config.initial_database.empty())
    list = read_database_ratings(config.initial_database, config.competition, players, config.initial_before_run);
  return list;
}

}  // namespace

int deviation_field(const plugin& p) {
  const int rd = p.state_field("rd"), sigma = p.state_field("sigma");
  return rd > 0 ? rd : sigma > 0 ? sigma : -1;
}

run_result rate(const competition_config& config, const plugin_registry& plugins, const run_services& services) {
  run_result r;
  r.period = config.period;
  r.source = plugins.get(config.model);
  if (r.source->has(RK_CAP_WHOLE_HISTORY))  // it has no rate_games: fit_whole_history (whole_history/) drives it
    throw config.error_at("model", "model '" + config.model +
                                       "' rates the whole history at once, not period by period: this command "
                                       "does not run it yet");
  r.shown_state = shown_state_fields(r.source->descriptor());
  r.rater = std::make_unique<model>(r.source, config.params);

  player_table players;
  ratings_list list = read_starting_list(config, *r.source, services, players);
  const reader_entry* reader = find_reader(config.input_format);
  if (!reader) throw user_error(config.file.string(), 0, 0, "unknown input format '" + config.input_format + "'");

  input_stream input(config, *reader, services.rows, players);
  bool settled = false;
  auto settle = [&]() -> const player_table& {
    if (!settled) {
      settled = true;
      input.abandon();
      r.data = input.finish();
    }
    return r.data.players;
  };
  // The state starts from the list and the facts the input gives before its
  // first games; the players it names later join with theirs (game_engine, event_rater).
  std::unique_ptr<game_piece> piece = input.next();
  if (piece) learn_first_facts(players, *piece);
  r.state = engine_setup::initial_state(config, *r.rater, players, list);
  restore_player_records(*r.rater, r.state.view(), list.records, players);
  if (piece) refuse_list_after_games(r, config, *piece, players);
  if (piece) refuse_label_without_one_period(config, *piece, settle);
  players = {};
  r.start_ratings = r.state.columns[0];
  r.start_games = r.state.games;
  if (const int f = deviation_field(*r.source); f >= 0) r.start_spread = r.state.columns[size_t(f)];
  r.first_period_number = engine_setup::first_period_number(config, list);

  game_engine games(r, config, config.input_paths.front().string(), settle, services.sink, services.metrics);
  event_rater events(r, config, settle, services.sink, services.metrics);
  bool any_event = false;
  const std::atomic<bool>* stop = stop_flag();
  for (; piece; piece = input.next()) {
    throw_if_stopped(stop);
    if (!any_event && !piece->events.empty()) {
      any_event = true;
      refuse_events_unless_ranked(r, config, *piece, settle);
    }
    games.take(*piece);
    events.take(*piece);
    if (services.rated)
      services.rated->fetch_add(piece->games.size() + piece->entries.size(), std::memory_order_relaxed);
    input.give_back(std::move(piece));
  }
  games.finish();
  if (!settled) r.data = input.finish();
  events.hand_kept(r.data);
  refuse_seasonal_without_seasons(r, config);
  refuse_idle_initial_games(r, config);
  games.hand_kept(r.data);
  count_players_rated(r);

  const unsigned streamed = (r.game_count > 0 ? games.streamed() : 0u) | events.streamed();
  r.history_streamed = streamed & streams_history;
  r.database_streamed = streamed & streams_database;
  r.report_streamed = streamed & streams_report;
  if (r.game_count > 0) return r;
  if (r.data.events.empty()) throw user_error(r.data.source, 0, 0, "the input holds no games and no events");
  for (const rk_event& e : r.data.events) r.period_ends.push_back(e.end);
  r.period_count = r.data.events.size();
  events.finish();
  return r;
}

}  // namespace ratekit
