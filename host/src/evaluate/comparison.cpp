#include <ratekit/host/evaluate/comparison.hpp>
#include <ratekit/host/evaluate/parallel.hpp>

#include "evaluate/event_window.hpp"

#include <algorithm>
#include <optional>

namespace ratekit {

namespace {

// Each config's forecasts of the window, the configs shared out over `threads` threads.
// Each config connects with its own strings when it has them (compare_options.connections).
std::vector<window_forecasts> forecast_all(const std::vector<competition_config>& configs, const held_input& input,
                                           const game_window& window, const plugin_registry& plugins,
                                           const compare_options& options) {
  std::vector<window_forecasts> out(configs.size());
  for_each_parallel(configs.size(), options.threads, [&](size_t i) {
    std::optional<connection_scope> own;
    if (i < options.connections.size()) own.emplace(options.connections[i]);
    out[i] = forecast_window(configs[i], input, window, plugins);
  });
  return out;
}

std::string name_of(const competition_config& c, const compare_options& o, size_t i) {
  if (i < o.names.size()) return o.names[i];
  return c.file.stem().string();
}

// The differences from the best model of log-loss and Brier, with their intervals.
void add_differences(comparison& c) {
  std::vector<std::vector<double>> log_loss, brier;
  for (const compared_model& m : c.models) {
    log_loss.push_back(log_loss_terms(m.forecasts, c.window.outcomes));
    brier.push_back(brier_terms(m.forecasts, c.window.outcomes));
  }
  const auto& o = c.options;
  const auto& events = c.window.event_of_row;
  const std::vector<difference> ll = paired_differences(log_loss, c.best, o.seed, o.replicates, events);
  const std::vector<difference> br = paired_differences(brier, c.best, o.seed, o.replicates, events);
  for (size_t m = 0; m < c.models.size(); ++m) c.models[m].log_loss = ll[m], c.models[m].brier = br[m];
}

}  // namespace

comparison compare_configs(const std::vector<competition_config>& configs, const plugin_registry& plugins,
                           compare_options options, const input_rows* rows) {
  if (configs.empty()) throw user_error("compare: expected at least one config");
  for (size_t i = 0; i < configs.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (name_of(configs[i], options, i) == name_of(configs[j], options, j))
        throw user_error(configs[i].file.string(), 0, 0,
                         "compare names each config by its file's name, and '" + name_of(configs[i], options, i) +
                             "' is given twice");
  for (const competition_config& c : configs) check_same_input(configs.front(), c);
  const held_input input(configs.front(), rows);
  for (const competition_config& c : configs) check_rates_events(c, input.data(), plugins);
  comparison out;
  out.window = window_from(input, options.test_from, 0, "--test-from", {options.pair_budget, options.seed});
  out.options = std::move(options);
  const std::vector<window_forecasts> forecasts =
      forecast_all(configs, input, out.window, plugins, out.options);
  for (size_t i = 0; i < configs.size(); ++i)
    out.models.push_back({name_of(configs[i], out.options, i), configs[i].model,
                          score(forecasts[i], out.window.outcomes), {}, {}, forecasts[i]});
  out.best = size_t(std::min_element(out.models.begin(), out.models.end(),
                                     [](const compared_model& a, const compared_model& b) {
                                       return a.scores.log_loss < b.scores.log_loss;
                                     }) -
                    out.models.begin());
  const game_window& w = out.window;
  auto baseline = [&](std::string name, window_forecasts f) {
    const score_set s = score(f, w.outcomes);
    out.models.push_back({std::move(name), "baseline", s, {}, {}, std::move(f)});
  };
  baseline("always 0.5", always_half(w.outcomes.size()));
  if (const home_rate home = training_home_rate(input, w); home.has_home)
    baseline("home side's rate", home_side(home, w.home));
  add_differences(out);
  return out;
}

}  // namespace ratekit
