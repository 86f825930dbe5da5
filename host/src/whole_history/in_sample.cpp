#include "whole_history/in_sample.hpp"

#include <ratekit/host/engine/metrics.hpp>

namespace ratekit {

nlohmann::json in_sample_metrics(const model& rater, const dense_history& h, const std::vector<double>& mean,
                                 const std::vector<double>& sd) {
  if (!h.weights.empty()) return {{"in_sample", true}};
  forecast_sums sums;
  std::vector<double> a = rater.new_player(), b = rater.new_player();
  for (size_t m = 0; m < h.matches.size(); ++m) {
    const uint64_t e = h.matches[m].begin;
    a[0] = mean[e], a[1] = sd[e];
    b[0] = mean[e + 1], b[1] = sd[e + 1];
    const double p = rater.expect(a.data(), b.data(), h.advantage[m]);
    sums.add(p, 1 - p, h.score_a(m));
  }
  nlohmann::json out = sums.json(-1, "games");
  nlohmann::json fit = std::move(out["foresight"]);  // seen, not foreseen: every game was in the fit
  out.erase("foresight");
  return {{"in_sample", true}, {"fit", fit}, {"log_loss", out["log_loss"]}, {"brier", out["brier"]}};
}

}  // namespace ratekit
