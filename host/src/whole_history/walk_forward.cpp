#include "whole_history/walk_forward.hpp"

#include "whole_history/drift.hpp"
#include "whole_history/sweeps.hpp"

#include <ratekit/host/engine/metrics.hpp>
#include <ratekit/host/text/stop.hpp>

#include <cmath>
#include <vector>

namespace ratekit {

namespace {

// Each player's latest estimate in a fit of the first batches, and its batch's time (NaN: not seen yet).
struct latest_estimates {
  std::vector<double> mean, sd, time;

  void take(const dense_history& h, uint64_t batches, const std::vector<double>& fit_mean,
            const std::vector<double>& fit_sd) {
    for (uint64_t b = 0, e = 0; b < batches; ++b)
      for (; e < h.entries_end(b); ++e) {
        const auto p = size_t(h.entries[e].player);
        mean[p] = fit_mean[e], sd[p] = fit_sd[e], time[p] = h.batch_times[b];
      }
  }
  // Player p's state at `now`: his latest estimate widened by the drift since, or a new player's (his own
  // prior's mean and deviation where the config gives them).
  void state_at(const whole_history_model& walker, const model& rater, const dense_history& h, size_t p, double now,
                std::vector<double>& row, std::vector<double>& out) const {
    out = rater.new_player();
    if (std::isnan(time[p])) {
      if (!h.prior_mean.empty() && !std::isnan(h.prior_mean[p])) out[0] = h.prior_mean[p];
      if (!h.prior_sd.empty() && !std::isnan(h.prior_sd[p])) out[1] = h.prior_sd[p];
      return;
    }
    row = rater.new_player();
    row[0] = mean[p], row[1] = sd[p];
    drift_state(walker, row.data(), now - time[p], out.data());
  }
};

}  // namespace

walk_forward_tally walk_forward(const model& rater, const whole_history_model& walker, const dense_history& h,
                                double epsilon, uint64_t iterations,
                                const std::function<void(uint64_t match, double expected_a)>& forecast,
                                std::atomic<uint64_t>* done) {
  const size_t players = size_t(h.player_count);
  latest_estimates latest{std::vector<double>(players, NAN), std::vector<double>(players, NAN),
                          std::vector<double>(players, NAN)};
  std::vector<double> warm_mean, warm_sd, row, a, b;
  walk_forward_tally tally;
  const std::atomic<bool>* stop = stop_flag();
  for (uint64_t batch = 0; batch < h.batch_times.size(); ++batch) {
    throw_if_stopped(stop);
    if (batch > 0) {
      warm_estimates warm;  // the last fit's estimates of the entries it had; the previous batch's are new (NaN)
      if (batch > 1) {
        warm_mean.resize(size_t(h.entries_end(batch - 1)), NAN);
        warm_sd.resize(warm_mean.size(), NAN);
        warm = {warm_mean.data(), warm_sd.data()};
      }
      sweep_outcome fit = drive_sweeps(walker, h.first_batches(batch), epsilon, iterations, nullptr, warm,
                                       given_priors_of(h));
      ++tally.refits, tally.sweeps += fit.sweeps;
      latest.take(h, batch, fit.mean, fit.sd);
      warm_mean = std::move(fit.mean), warm_sd = std::move(fit.sd);
    }
    const double now = h.batch_times[batch];
    for (uint64_t m = batch == 0 ? 0 : h.batch_ends[batch - 1]; m < h.batch_ends[batch]; ++m) {
      const uint64_t e = h.matches[m].begin;
      latest.state_at(walker, rater, h, size_t(h.entries[e].player), now, row, a);
      latest.state_at(walker, rater, h, size_t(h.entries[e + 1].player), now, row, b);
      forecast(m, rater.expect(a.data(), b.data(), h.advantage[m]));
    }
    if (done) done->store(batch + 1, std::memory_order_relaxed);
  }
  return tally;
}

nlohmann::json walk_forward_metrics(const model& rater, const whole_history_model& walker, const dense_history& h,
                                    double epsilon, uint64_t iterations, std::atomic<uint64_t>* done) {
  forecast_sums sums;
  const walk_forward_tally tally =
      walk_forward(rater, walker, h, epsilon, iterations, [&](uint64_t m, double p) { sums.add(p, 1 - p, h.score_a(m)); },
                   done);
  nlohmann::json out = sums.json(-1, "games");
  return {{"in_sample", false},          {"walk_forward", true}, {"foresight", out["foresight"]},
          {"log_loss", out["log_loss"]}, {"brier", out["brier"]},  {"refits", tally.refits},
          {"sweeps", tally.sweeps}};
}

}  // namespace ratekit
