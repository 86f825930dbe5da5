#include "whole_history/sweeps.hpp"

#include <ratekit/host/text/stop.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/format.hpp>

#include <cmath>
#include <string>

namespace ratekit {

namespace {

std::string shown(double v) { return std::isnan(v) ? "NaN" : format_number(v); }

// Calls one function of the extension; its failure is the user's error, naming `what`.
template <class Fn>
void call(const whole_history_model& rater, const std::string& what, Fn&& fn) {
  try {
    rater.call(fn);
  } catch (const plugin_error& e) {
    throw rater.source().failure(what, e.what());
  }
}

void check_estimates(const whole_history_model& rater, const sweep_outcome& out) {
  for (size_t e = 0; e < out.mean.size(); ++e) {
    if (!std::isfinite(out.mean[e]))
      throw rater.source().failure("estimates", "returned " + shown(out.mean[e]) + " as the mean of entry " +
                                                    std::to_string(e) + ", not a finite number");
    if (!(std::isfinite(out.sd[e]) && out.sd[e] > 0))
      throw rater.source().failure("estimates", "returned " + shown(out.sd[e]) + " as the deviation of entry " +
                                                    std::to_string(e) + ", not a positive finite number");
  }
}

}  // namespace

sweep_outcome drive_sweeps(const whole_history_model& rater, const rk_wh_history& history, double epsilon, uint64_t iterations,
                           std::atomic<uint64_t>* done, warm_estimates warm, given_priors priors) {
  const rk_ext_whole_history& x = rater.calls();
  if (priors.mean && takes_priors(x))  // the config's `initial` refused earlier for a model without
    call(rater, "set_priors", [&](rk_instance i, rk_error* e) {
      return x.set_priors(i, history.player_count, priors.mean, priors.sd, e);
    });
  call(rater, "load", [&](rk_instance i, rk_error* e) { return x.load(i, &history, e); });
  const uint32_t width = rater.warm_width();
  if (warm.state && width)
    call(rater, "warm_start_state", [&](rk_instance i, rk_error* e) { return x.warm_start_state(i, warm.state, e); });
  else if (warm.mean && x.warm_start)
    call(rater, "warm_start", [&](rk_instance i, rk_error* e) { return x.warm_start(i, warm.mean, warm.sd, e); });
  sweep_outcome out;
  const std::atomic<bool>* stop = stop_flag();
  while (out.sweeps < iterations && !out.converged) {
    throw_if_stopped(stop);
    const std::string what = "sweep " + std::to_string(out.sweeps + 1);
    double change = NAN;
    call(rater, what, [&](rk_instance i, rk_error* e) { return x.sweep(i, &change, e); });
    if (!(change >= 0 && std::isfinite(change)))
      throw rater.source().failure(what, "returned " + shown(change) +
                                             " as the largest change of a mean, not a finite number from 0");
    ++out.sweeps;
    out.last_change = change;
    out.converged = change <= epsilon;
    if (done) done->store(out.sweeps, std::memory_order_relaxed);
  }
  out.mean.assign(history.entry_count, NAN);
  out.sd.assign(history.entry_count, NAN);
  call(rater, "estimates", [&](rk_instance i, rk_error* e) { return x.estimates(i, out.mean.data(), out.sd.data(), e); });
  check_estimates(rater, out);
  if (width) {
    out.warm_state.assign(history.entry_count * width, NAN);
    call(rater, "warm_state", [&](rk_instance i, rk_error* e) { return x.warm_state(i, out.warm_state.data(), e); });
    for (size_t v = 0; v < out.warm_state.size(); ++v)
      if (!std::isfinite(out.warm_state[v]))
        throw rater.source().failure("warm_state", "returned " + shown(out.warm_state[v]) + " for entry " +
                                                       std::to_string(v / width) + ", not a finite number");
  }
  call(rater, "log_evidence", [&](rk_instance i, rk_error* e) { return x.log_evidence(i, &out.log_evidence, e); });
  if (std::isinf(out.log_evidence))
    throw rater.source().failure("log_evidence", "returned an infinite log evidence");
  return out;
}

}  // namespace ratekit
