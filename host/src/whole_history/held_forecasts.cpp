// forecast_walk_forward(): the walk-forward forecasts of a config's duels with no fit kept and nothing
// written, for a comparison of models over one input.
#include <ratekit/host/whole_history/whole_history.hpp>

#include "whole_history/dense_history.hpp"
#include "whole_history/priors.hpp"
#include "whole_history/read_input.hpp"
#include "whole_history/walk_forward.hpp"

#include <ratekit/host/text/diagnostics.hpp>

namespace ratekit {

void forecast_walk_forward(const competition_config& config, const plugin_registry& plugins, const input_rows* rows,
                           const std::function<void(size_t game, double expected_a)>& forecast) {
  refuse_unavailable_for_whole_history(config);
  const std::shared_ptr<const plugin> source = plugins.get(config.model);
  const rk_descriptor& d = source->descriptor();
  const prior_list priors = read_prior_list(config, *source);
  const dataset data = read_whole_input(config, rows);
  if (data.ranked())
    throw user_error(data.source, 0, 0, "a walk forward of model '" + config.model +
                                            "' scores duels; the input holds ranked events or team matches");
  if (data.games.empty()) throw user_error(data.source, 0, 0, "the input holds no games");
  dense_history h = build_dense_history(data, config, d);
  give_priors(priors, data.players, h);
  const model rater(source, config.params);
  const whole_history_model walker(source, config.params);
  try {
    walk_forward(rater, walker, h, param_value(config, d, "epsilon"), uint64_t(param_value(config, d, "iterations")),
                 [&](uint64_t m, double p) { forecast(h.source[m], p); }, nullptr);
  } catch (const plugin_error& e) {
    throw source->failure("expect (the walk-forward forecasts)", e.what());
  }
}

}  // namespace ratekit
