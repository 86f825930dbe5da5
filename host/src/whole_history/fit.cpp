// fit_whole_history(): the input read whole, placed in time, swept; the run_result the outputs read.
#include <ratekit/host/whole_history/whole_history.hpp>

#include "whole_history/batch_label.hpp"
#include "whole_history/dense_history.hpp"
#include "whole_history/drift.hpp"
#include "whole_history/in_sample.hpp"
#include "whole_history/priors.hpp"
#include "whole_history/read_input.hpp"
#include "whole_history/sweeps.hpp"
#include "whole_history/walk_forward.hpp"

#include "engine/period_clock.hpp"

#include <ratekit/host/text/diagnostics.hpp>

#include <algorithm>
#include <cmath>

namespace ratekit {

namespace {

// The last day of the batch holding `date`: the day itself, the month's or the year's last day.
int32_t batch_end_date(period_kind kind, int32_t date) {
  if (kind == period_kind::year) return date / 10000 * 10000 + 1231;
  return kind == period_kind::month ? month_end(date) : date;
}

// Each player's latest estimate, matches, highest mean and last batch, from the entries in time order.
void latest_states(whole_history_fit& fit) {
  run_result& r = fit.run;
  const dense_history& h = *fit.history;
  const size_t n = size_t(h.player_count);
  player_state& s = r.state;
  s.columns.assign(r.source->descriptor().state_count, {});
  for (size_t f = 0; f < s.columns.size(); ++f) s.columns[f].assign(n, r.rater->new_player()[f]);
  s.games.assign(n, 0);
  s.peak.assign(n, NAN);
  s.last_period.assign(n, RK_NEVER_RATED);
  s.last_date.assign(n, 0);
  uint64_t match = 0;
  for (size_t b = 0; b < h.batch_times.size(); ++b)
    for (; match < h.batch_ends[b]; ++match)
      for (uint64_t e = h.matches[match].begin; e < h.matches[match].end; ++e) {
        const auto p = size_t(h.entries[e].player);
        s.columns[0][p] = fit.mean[e];
        s.columns[1][p] = fit.sd[e];
        s.games[p] += 1;
        s.peak[p] = std::isnan(s.peak[p]) ? fit.mean[e] : std::max(s.peak[p], fit.mean[e]);
        s.last_period[p] = int64_t(h.batch_times[b]);
        s.last_date[p] = batch_end_date(r.period, h.batch_dates[b]);
      }
  for (size_t p = 0; p < n; ++p) r.players_rated += s.games[p] > 0;
}

nlohmann::ordered_json fit_summary(const sweep_outcome& o, double epsilon, uint64_t iterations,
                                   const nlohmann::ordered_json& drift) {
  const nlohmann::ordered_json none;
  return {{"sweeps", o.sweeps},
          {"last_change", std::isnan(o.last_change) ? none : nlohmann::ordered_json(o.last_change)},
          {"converged", o.converged},
          {"epsilon", epsilon},
          {"iterations", iterations},
          {"log_evidence", std::isnan(o.log_evidence) ? none : nlohmann::ordered_json(o.log_evidence)},
          {"estimates", "smoothed: each player's skill at each time he played, from all results before and after"},
          {"drift", drift}};
}

// The walk-forward metrics, by an instance of its own: the fit's keeps its history for drift().
nlohmann::json walk_forward_metrics_of(const whole_history_fit& fit, const competition_config& config, double epsilon,
                                       uint64_t iterations, const phase_fn& phase) {
  const dense_history& h = *fit.history;
  const whole_history_model walker(fit.run.source, config.params);
  std::atomic<uint64_t>* done =
      phase ? phase("walking forward " + config.competition, h.batch_times.size(), "batches") : nullptr;
  return walk_forward_metrics(*fit.run.rater, walker, h, epsilon, iterations, done);
}

// Each entry's estimate in the last fit (NaN for an entry it did not have: a new batch, a new player).
void warm_estimates_of(const whole_history_fit& fit, const fit_start& start, std::vector<double>& mean,
                       std::vector<double>& sd) {
  const dense_history& h = *fit.history;
  mean.assign(h.entries.size(), NAN);
  sd.assign(h.entries.size(), NAN);
  std::vector<std::string> labels(h.batch_dates.size());
  for (size_t b = 0; b < labels.size(); ++b) labels[b] = batch_label(fit.run.period, h.batch_dates[b]);
  uint64_t match = 0;
  for (size_t b = 0; b < h.batch_times.size(); ++b)
    for (; match < h.batch_ends[b]; ++match)
      for (uint64_t e = h.matches[match].begin; e < h.matches[match].end; ++e) {
        const auto found = start.estimates.find(labels[b] + '\n' + fit.run.data.players.name(h.entries[e].player));
        if (found != start.estimates.end()) mean[e] = found->second[0], sd[e] = found->second[1];
      }
}

// The model's warm state of each entry of a recorded match (NaN for the others), or empty when none was recorded.
std::vector<double> warm_state_of(const whole_history_fit& fit, const fit_start& start, uint32_t width) {
  const dense_history& h = *fit.history;
  if (width == 0 || start.warm_state.empty() || start.warm_state.size() % width != 0) return {};
  // Where each recorded match's rows begin in start.warm_state: its entries', in the dataset's order.
  // The recorded matches are the dataset's first, as many as the warm state covers.
  const dataset& d = fit.run.data;
  const size_t matches = d.ranked() ? d.events.size() : d.games.size();
  std::vector<size_t> offset{0};
  while (offset.back() < start.warm_state.size() && offset.size() <= matches) {
    const size_t m = offset.size() - 1;
    offset.push_back(offset.back() + (d.ranked() ? d.events[m].end - d.events[m].begin : 2) * width);
  }
  if (offset.back() != start.warm_state.size()) return {};
  const size_t recorded = offset.size() - 1;
  std::vector<double> state(h.entries.size() * width, NAN);
  for (size_t m = 0; m < h.matches.size(); ++m) {
    if (h.source[m] >= recorded) continue;
    const double* match = start.warm_state.data() + offset[h.source[m]];
    std::copy(match, start.warm_state.data() + offset[h.source[m] + 1], state.begin() + long(h.matches[m].begin * width));
  }
  return state;
}

}  // namespace

whole_history_fit fit_whole_history(const competition_config& config, const plugin_registry& plugins,
                                    const phase_fn& phase, const input_rows* rows, fit_start* start) {
  refuse_unavailable_for_whole_history(config);
  whole_history_fit fit;
  run_result& r = fit.run;
  r.period = config.period;
  r.source = plugins.get(config.model);
  if (!r.source->has(RK_CAP_WHOLE_HISTORY))
    throw config.error_at("model", "model '" + config.model + "' rates period by period, not the whole history");
  r.rater = std::make_unique<model>(r.source, config.params);  // for forecasts; the fitter is swept
  fit.fitter = std::make_unique<whole_history_model>(r.source, config.params);
  const prior_list priors = read_prior_list(config, *r.source);
  if (phase) phase("reading " + config.competition, 0, "");
  r.data = start ? std::move(start->data) : read_whole_input(config, rows);
  if (r.data.games.empty() && r.data.events.empty())
    throw user_error(r.data.source, 0, 0, "the input holds no games and no matches");
  dense_history built = build_dense_history(r.data, config, r.source->descriptor());
  give_priors(priors, r.data.players, built);
  fit.history = std::make_shared<const dense_history>(std::move(built));
  const dense_history& h = *fit.history;
  const bool walks_forward = config.walk_forward_metrics;
  if (walks_forward && !h.weights.empty())
    throw config.error_at("metrics", "metrics: walk-forward scores duels; the input holds team matches, which it "
                                     "does not score yet: remove 'metrics' (in-sample)");
  if (config.write_report && !h.weights.empty())
    throw config.error_at("output", "the report of a whole-history model lists duels; the input holds team matches, "
                                    "which it does not list yet: remove 'report' from output");
  r.game_count = r.data.ranked() ? 0 : h.matches.size();
  r.entry_count = r.data.ranked() ? h.entries.size() : 0;
  r.period_count = h.batch_times.size();
  r.skipped.assign(r.data.events.size(), false);
  // The dense history holds what the sweeps need: the readers' copies go, unless the database records the games.
  if (!start) {
    r.data.games = {};
    r.data.facts.clear();
    r.data.entries = {};
    r.data.weights = {};
  }

  const rk_descriptor& d = r.source->descriptor();
  const double epsilon = param_value(config, d, "epsilon");
  const auto iterations = uint64_t(param_value(config, d, "iterations"));
  std::atomic<uint64_t>* sweeps = phase ? phase("sweeping " + config.competition, iterations, "sweeps") : nullptr;
  std::vector<double> warm_mean, warm_sd, warm_state;
  if (start) warm_estimates_of(fit, *start, warm_mean, warm_sd);
  if (start) warm_state = warm_state_of(fit, *start, fit.fitter->warm_width());
  const bool warm = !warm_state.empty() || (start && !start->estimates.empty() && fit.fitter->calls().warm_start);
  sweep_outcome o = drive_sweeps(*fit.fitter, h.view(), epsilon, iterations, sweeps,
                                 warm ? warm_estimates{warm_mean.data(), warm_sd.data(), warm_state.empty() ? nullptr : warm_state.data()}
                                      : warm_estimates{},
                                 given_priors_of(h));
  fit.mean = std::move(o.mean);
  fit.sd = std::move(o.sd);
  const double per_time = drift_per_time(*fit.fitter, r.rater->new_player());
  fit.warm_state = std::move(o.warm_state);
  fit.summary = fit_summary(o, epsilon, iterations, {{"variance", per_time}, {"per", time_unit_name(config.period)}});
  if (start) fit.summary["warm_start"] = warm;  // a run recorded into the history database: from its last fit
  latest_states(fit);
  try {
    r.metrics = walks_forward ? walk_forward_metrics_of(fit, config, epsilon, iterations, phase)
                              : in_sample_metrics(*r.rater, h, fit.mean, fit.sd);
  } catch (const plugin_error& e) {
    throw r.source->failure(walks_forward ? "expect (the walk-forward metrics)" : "expect (the in-sample metrics)",
                            e.what());
  }
  return fit;
}

}  // namespace ratekit
