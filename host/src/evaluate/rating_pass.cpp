#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/evaluate/rating_pass.hpp>
#include <ratekit/host/whole_history/whole_history.hpp>

namespace ratekit {

namespace {

// Takes the games as the engine rates them, in the place of history.csv's writer.
class forecast_sink final : public rated_games_sink {
 public:
  explicit forecast_sink(const forecast_hook& hook) : hook_(hook) {}
  void take(rated_games& rated) override {
    for (size_t i = 0; i < rated.count; ++i)
      hook_(game_forecast{rated.first + i, rated.dates ? rated.dates[i] : 0, rated.games[i], rated.out[i]});
  }
  unsigned streams() const override { return streams_history; }
  bool takes_names() const override { return false; }

 private:
  const forecast_hook& hook_;
};

// `config` as a pass rates it: of its outputs only a history that the sink takes (so the engine keeps no
// game and reads no state for it).
competition_config pass_config(const competition_config& config) {
  competition_config c = config;
  c.write_history = true;
  c.history_columns = {"expected"};
  c.write_charts = c.write_report = false;
  c.output_database.clear();
  if (c.creates_initial_database) c.initial_database.clear(), c.creates_initial_database = false;
  c.period_label.clear();
  return c;
}

// The held input's first games, as rows: a pass that needs no forecast past them rates no more.
class held_prefix final : public input_rows {
 public:
  held_prefix(const held_input& input, size_t games) : input_(input), games_(games) {}
  void fill(dataset& out) const override { input_.fill(out, games_); }

 private:
  const held_input& input_;
  const size_t games_;
};

}  // namespace

void rate_held(const competition_config& config, const held_input& input, const plugin_registry& plugins,
               const forecast_hook& hook, size_t games) {
  if (plugins.get(config.model)->has(RK_CAP_WHOLE_HISTORY)) {  // each game from a fit of the batches before its own
    const dataset& held = input.data();
    forecast_walk_forward(pass_config(config), plugins, &input, [&](size_t g, double p) {
      const rk_game_out out{p, 0, 0, 1 - p};
      hook(game_forecast{g, held.facts.date[g], held.games[g], out});
    });
    return;
  }
  forecast_sink sink(hook);
  const held_prefix rows(input, games);
  rate(pass_config(config), plugins, run_services{.sink = &sink, .rows = &rows, .metrics = false});
}

void rate_held_events(const competition_config& config, const held_input& input, const plugin_registry& plugins,
                      rated_games_sink& sink) {
  rate(pass_config(config), plugins, run_services{.sink = &sink, .rows = &input, .metrics = false});
}

}  // namespace ratekit
