#include <ratekit/host/text/stop.hpp>
#include <ratekit/host/evaluate/tuning.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/format.hpp>

#include "evaluate/event_window.hpp"
#include "evaluate/tune_search.hpp"

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>

namespace ratekit {

namespace {

// The validation window from --validate-from up to --test-from, and the test window from it on.
void set_windows(tuning& t, const held_input& input) {
  const int32_t test_from = t.options.test_from ? t.options.test_from : fifths_from_end(input, 1);
  const int32_t validate_from = t.options.validate_from ? t.options.validate_from : fifths_from_end(input, 2);
  if (validate_from >= test_from)
    throw user_error(input.data().source, 0, 0,
                     "--validate-from " + iso_date(validate_from) + " must come before --test-from " +
                         iso_date(test_from) + ": the search scores the games between them");
  const pair_sampling sampling{pair_sampling::default_budget, t.options.seed};
  t.validation = window_from(input, validate_from, test_from, "--validate-from", sampling);
  t.test = window_from(input, test_from, 0, "--test-from", sampling);
}

// The value `config` gives `name`, where the optimiser starts; NaN when it gives none.
double given_value(const competition_config& config, const rk_descriptor& d, const std::string& name) {
  for (uint32_t i = 0; i < d.param_count; ++i)
    if (name == d.params[i].key) return config.params[i];
  if (name == "home_advantage" || name == "home_advantage.predict") return config.home_predict;
  if (name == "home_advantage.update") return config.home_update;
  if (name == "initial.rating") return config.initial_rating;
  return config.k.rules()[std::stoul(name.substr(std::string_view("k_schedule.").size())) - 1].constant;
}

// The optimiser starts from the config's own values, or a range's middle where they lie outside it.
std::vector<double> start_of(const competition_config& config, const rk_descriptor& d,
                             const std::vector<tuned_param>& space) {
  std::vector<double> x;
  for (const tuned_param& p : space) {
    const double v = given_value(config, d, p.name);
    x.push_back(v >= p.lo && v <= p.hi ? v : (p.lo + p.hi) / 2);
  }
  return x;
}

// The names whose chosen value is an end of its range (within a millionth of it, for the optimiser's).
std::vector<std::string> names_on_edge(const tuning& t) {
  std::vector<std::string> out;
  const std::vector<double>& chosen = t.points[t.best].values;
  for (size_t i = 0; i < t.space.size(); ++i) {
    const tuned_param& p = t.space[i];
    const double near = 1e-6 * (p.hi - p.lo);
    if (chosen[i] <= p.lo + near || chosen[i] >= p.hi - near) out.push_back(p.name);
  }
  return out;
}

void refuse_mixed_ranges(const std::vector<tuned_param>& space) {
  for (const tuned_param& p : space)
    if ((p.step > 0) != (space.front().step > 0))
      throw user_error("--param " + p.given + ": give every --param a STEP (a grid search) or none (the optimiser), "
                       "but '" + space.front().given + "' " + (space.front().step > 0 ? "has one" : "has none"));
}

// The candidates' forecasts, a buffer per thread at a time: a candidate allocates nothing per game.
class forecast_buffers {
 public:
  score_set score_of(const competition_config& c, const held_input& input, const game_window& window,
                     const plugin_registry& plugins) {
    std::unique_ptr<window_forecasts> f = take();
    forecast_window(c, input, window, plugins, *f);
    const score_set s = score(*f, window.outcomes);
    const std::lock_guard lock(mutex_);
    free_.push_back(std::move(f));
    return s;
  }

 private:
  std::unique_ptr<window_forecasts> take() {
    const std::lock_guard lock(mutex_);
    if (free_.empty()) return std::make_unique<window_forecasts>();
    std::unique_ptr<window_forecasts> f = std::move(free_.back());
    free_.pop_back();
    return f;
  }
  std::mutex mutex_;
  std::vector<std::unique_ptr<window_forecasts>> free_;
};

}  // namespace

tuning tune_config(const competition_config& config, std::vector<tuned_param> space, const plugin_registry& plugins,
                   tune_options options, const input_rows* rows) {
  check_space(space, config, plugins);
  refuse_mixed_ranges(space);
  const bool grid = space.front().step > 0;
  const std::vector<std::vector<double>> points = grid ? grid_points(space, options.grid_limit) : std::vector<std::vector<double>>{};
  const held_input input(config, rows);
  check_rates_events(config, input.data(), plugins);
  tuning t;
  t.space = std::move(space);
  t.options = std::move(options);
  set_windows(t, input);
  forecast_buffers buffers;
  auto validation_of = [&](const competition_config& c) { return buffers.score_of(c, input, t.validation, plugins); };
  const candidate_rater rate = [&](const std::vector<double>& values) {
    return validation_of(config_with(config, t.space, values, plugins));
  };
  if (grid) {
    t.method = "grid";
    t.points = grid_search(points, rate, t.options);
  } else {
    t.points = optimiser_search(t.space, start_of(config, *plugins.find(config.model), t.space), rate, t.options,
                                t.method);
  }
  const std::atomic<bool>* stop = stop_flag();
  t.stopped = stop && stop->load();
  if (t.points.empty()) throw run_stopped();
  t.best = size_t(std::min_element(t.points.begin(), t.points.end(),
                                   [&](const tune_point& a, const tune_point& b) {
                                     return t.objective(a.validation) < t.objective(b.validation);
                                   }) -
                  t.points.begin());
  t.on_edge = names_on_edge(t);
  // The last passes run to their end after a Ctrl-C too: they score the best so far.
  const std::atomic<bool> never{false};
  const stop_scope finishing(never);
  const competition_config chosen = config_with(config, t.space, t.points[t.best].values, plugins);
  t.chosen_test = score(forecast_window(chosen, input, t.test, plugins), t.test.outcomes);
  t.given_validation = validation_of(config);
  t.given_test = score(forecast_window(config, input, t.test, plugins), t.test.outcomes);
  t.tuned_yaml = chosen.text;
  return t;
}

}  // namespace ratekit
