// `metrics: walk-forward` for a whole-history model: every game forecast as it would have been then, from a
// fit of the batches before its own only, rather than scored by a fit that has seen it.
#pragma once

#include "whole_history/dense_history.hpp"

#include <ratekit/host/plugin/plugin.hpp>
#include <ratekit/host/plugin/whole_history_model.hpp>

#include <nlohmann/json.hpp>

#include <atomic>
#include <cstdint>
#include <functional>

namespace ratekit {

// The refits a walk forward made and the sweeps they took together.
struct walk_forward_tally {
  uint64_t refits = 0, sweeps = 0;
};

// For each batch b from the second, `walker` fits batches [0, b) (epsilon and iterations as the full fit),
// starting from the fit of [0, b - 1)'s estimates when the model has a warm_start; each duel of batch b is then
// forecast by `rater` from both players' latest estimates in that fit, widened by the model's drift to b's
// time (a player not yet seen: the model's new player; batch 0: both). Calls `forecast(match, expected_a)`
// for every duel, in time order; `done` counts the batches forecast. Ctrl-C is honoured between refits.
walk_forward_tally walk_forward(const model& rater, const whole_history_model& walker, const dense_history& h,
                                double epsilon, uint64_t iterations,
                                const std::function<void(uint64_t match, double expected_a)>& forecast,
                                std::atomic<uint64_t>* done);

// summary.json's "metrics" of a walk forward over duels: {"in_sample": false, "walk_forward": true,
// "foresight": {correct, games, accuracy}, "log_loss", "brier", "refits", "sweeps"}.
nlohmann::json walk_forward_metrics(const model& rater, const whole_history_model& walker, const dense_history& h,
                                    double epsilon, uint64_t iterations, std::atomic<uint64_t>* done);

}  // namespace ratekit
