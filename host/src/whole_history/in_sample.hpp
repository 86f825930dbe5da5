// How well a whole-history fit explains the games it was fitted on: in-sample, since it has seen every one.
#pragma once

#include "whole_history/dense_history.hpp"

#include <ratekit/host/plugin/plugin.hpp>

#include <nlohmann/json.hpp>

#include <vector>

namespace ratekit {

// summary.json's "metrics" of a fit: {"in_sample": true, "fit": {correct, games, accuracy}, "log_loss",
// "brier"}, each duel forecast by the model from both players' estimates at its time (with its advantage).
// Team matches get {"in_sample": true} alone.
nlohmann::json in_sample_metrics(const model& rater, const dense_history& h, const std::vector<double>& mean,
                                 const std::vector<double>& sd);

}  // namespace ratekit
