// rate(): a competition from its config: the input read on one thread while
// the games are rated on this one (engine/), or its ranked events after it.
#include "engine/events.hpp"
#include "engine/game_engine.hpp"
#include "engine/input_stream.hpp"
#include "engine/setup.hpp"

#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/input/ratings_list.hpp>
#include <ratekit/host/input/readers.hpp>
#include <ratekit/host/store/store.hpp>

#include <algorithm>
#include <cmath>

namespace ratekit {

namespace {

// A season parameter on an input without seasons would do nothing while
// summary.json reports it: refused before anything is written.
void refuse_seasonal_without_seasons(const run_result& r) {
  if (!r.data.season.empty() || r.data.ranked()) return;
  const rk_descriptor& d = r.source->descriptor();
  for (uint32_t i = 0; i < d.param_count; ++i)
    if ((d.params[i].flags & RK_PARAM_SEASONAL) && r.config.params[i] != 0)
      throw user_error(r.config.file.string(), 0, 0,
                       std::string("'") + d.params[i].key + "' acts at the start of each season, but the input knows no "
                       "seasons (games-csv: add a 'season' column); remove it or give the seasons");
}

// Games credited to ratings the input declares (TRF, EGD) would be credited to
// nobody on an input that declares none: refused rather than ignored.
void refuse_idle_initial_games(const run_result& r) {
  if (r.config.initial_games == 0) return;
  const auto& declared = r.data.players.declared_rating;
  if (std::any_of(declared.begin(), declared.end(), [](double v) { return !std::isnan(v); })) return;
  throw user_error(r.config.file.string(), 0, 0,
                   "initial.games credits games to the ratings an input declares (TRF, EGD), but '" +
                       std::filesystem::path(r.data.source).filename().string() + "' declares none; remove it (a ratings list or database carries games itself)");
}

// Ranked events are their own rating periods: another `period` would be ignored.
void refuse_period_for_events(const run_result& r) {
  if (!r.config.period_given || r.config.period == period_kind::event) return;
  throw user_error(r.config.file.string(), 0, 0,
                   "the input holds ranked events, and each event is a rating period of its own; remove 'period' "
                   "(or write 'period: event')");
}

}  // namespace

run_result rate(const competition_config& config, const plugin_registry& plugins, std::atomic<uint64_t>* rated,
                rated_games_sink* sink) {
  run_result r;
  r.config = config;
  r.source = plugins.get(config.model);
  r.shown_state = shown_state_fields(r.source->descriptor());
  r.rater = std::make_unique<model>(r.source, config.params);

  player_table players;
  ratings_list list;
  if (!config.initial_ratings.empty()) list = read_ratings_list(config.initial_ratings, players);
  if (!config.initial_database.empty())
    list = read_database_ratings(config.initial_database, config.competition, players, config.initial_before_run);
  const reader_entry* reader = find_reader(config.input_format);
  if (!reader) throw user_error(config.file.string(), 0, 0, "unknown input format '" + config.input_format + "'");

  // A streaming reader sets no player facts, so the state can start before it does;
  // any other input is read whole first.
  std::vector<double> birth_years = players.birth_year;
  if (reader->streams) r.state = engine_setup::initial_state(config, *r.source, players, list);
  input_stream input(config, *reader, std::move(players));
  bool settled = false;
  auto settle = [&]() -> const player_table& {
    if (!settled) {
      settled = true;
      input.abandon();
      r.data = input.finish();
    }
    return r.data.players;
  };
  if (!reader->streams) {
    settled = true;
    r.data = input.finish();
    r.state = engine_setup::initial_state(config, *r.source, r.data.players, list);
    birth_years = r.data.players.birth_year;
  }
  r.start_ratings = r.state.columns[0];
  r.first_period_number = engine_setup::first_period_number(config, list);

  game_engine games(r, config.input_paths.front().string(), std::move(birth_years), settle, sink);
  while (auto piece = input.next()) {
    games.take(*piece);
    if (rated) rated->fetch_add(piece->games.size(), std::memory_order_relaxed);
    input.give_back(std::move(piece));
  }
  games.finish();
  if (!settled) r.data = input.finish();
  refuse_seasonal_without_seasons(r);
  refuse_idle_initial_games(r);
  games.hand_kept(r.data);

  r.history_streamed = sink && config.write_history && r.game_count > 0;
  if (r.game_count > 0) return r;
  if (r.data.events.empty()) throw user_error(r.data.source, 0, 0, "the input holds no games and no events");
  if (!r.source->has(RK_CAP_RANKED))
    throw user_error(config.file.string(), 0, 0,
                     "model '" + config.model + "' rates pairwise games, but the input holds ranked events");
  refuse_period_for_events(r);
  for (const rk_event& e : r.data.events) r.period_ends.push_back(e.end);
  r.period_count = r.data.events.size();
  rate_events(r);
  if (rated) rated->store(r.data.entries.size(), std::memory_order_relaxed);
  return r;
}

}  // namespace ratekit
