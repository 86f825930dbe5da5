// States for forecasts after a whole-history fit: each player's last estimate, made as uncertain as the time
// since his last game makes it (the model's drift).
#include <ratekit/host/whole_history/whole_history.hpp>

#include "whole_history/dense_history.hpp"
#include "whole_history/drift.hpp"

#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/format.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace ratekit {

void drift_state(const whole_history_model& fitter, const double* state, double elapsed, double* out) {
  const rk_ext_whole_history& x = fitter.calls();
  try {
    fitter.call([&](rk_instance i, rk_error* e) { return x.drift(i, state, elapsed, out, e); });
  } catch (const plugin_error& e) {
    throw fitter.source().failure("drift", e.what());
  }
  if (!(std::isfinite(out[0]) && std::isfinite(out[1]) && out[1] > 0))
    throw fitter.source().failure("drift", "returned the state (" + format_number(out[0]) + ", " +
                                               format_number(out[1]) +
                                               "), not a finite mean and a positive finite deviation");
}

double drift_per_time(const whole_history_model& fitter, std::vector<double> state) {
  state[0] = 0, state[1] = 1;
  std::vector<double> out(state.size());
  drift_state(fitter, state.data(), 1, out.data());
  // To 12 digits: the square root and the square leave ttt's 0.0009 as 0.0008999999999999009.
  return std::stod(fmt::format("{:.12g}", out[1] * out[1] - 1));
}

std::string time_unit_name(period_kind kind) {
  return kind == period_kind::year ? "year" : kind == period_kind::month ? "month" : "day";
}

std::optional<period_kind> time_unit_of(std::string_view name) {
  for (const period_kind kind : {period_kind::day, period_kind::month, period_kind::year})
    if (name == time_unit_name(kind)) return kind;
  return std::nullopt;
}

std::vector<std::vector<double>> drifted_states(const whole_history_fit& fit, double time) {
  const run_result& r = fit.run;
  std::vector<std::vector<double>> columns = r.state.columns;
  const size_t fields = columns.size();
  std::vector<double> row(fields), out(fields);
  for (size_t p = 0; p < columns[0].size(); ++p) {
    if (r.state.last_period[p] == RK_NEVER_RATED) continue;
    const double elapsed = std::max(0.0, time - double(r.state.last_period[p]));
    for (size_t f = 0; f < fields; ++f) row[f] = columns[f][p];
    drift_state(*fit.fitter, row.data(), elapsed, out.data());
    for (size_t f = 0; f < fields; ++f) columns[f][p] = out[f];
  }
  return columns;
}

std::vector<std::vector<double>> forecast_states(const whole_history_fit& fit) {
  const std::vector<int64_t>& last = fit.run.state.last_period;
  return drifted_states(fit, double(*std::max_element(last.begin(), last.end())));
}

}  // namespace ratekit
