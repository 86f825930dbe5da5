#include "nfl_score_elo.hpp"

namespace ratekit::plugins {

namespace {
const rk_state_field state_fields[] = {
    {"rating", 0.0, "Elo rating; every team starts at 0 unless the config's initial says otherwise"},
};
const rk_param_spec param_specs[] = {
    {"xi", RK_PARAM_NUMBER, 0, 1000.0, 1.0, 1e6, nullptr,
     "logistic spread: a difference of xi points means odds of 10 to 1"},
    {"score", RK_PARAM_CHOICE, 0, 0.0, 0.0, 0.0, "winloss|points",
     "winloss: S = 1, 1/2, 0; points: S = (P + 1) / (P + P' + 2)"},
    {"season_regression", RK_PARAM_NUMBER, 0, 0.0, 0.0, 1.0, nullptr,
     "at the first game of each new season, move every team that has played this fraction toward the target"},
    {"season_regression_target", RK_PARAM_CHOICE, 0, 0.0, 0.0, 0.0, "mean|value",
     "mean: the mean rating of the teams that have played (keeps their sum); value: season_regression_value"},
    {"season_regression_value", RK_PARAM_NUMBER, 0, 0.0, -1e6, 1e6, nullptr,
     "the fixed rating seasons regress toward with season_regression_target: value"},
    {"margin", RK_PARAM_CHOICE, 0, 0.0, 0.0, 0.0, "none|log-margin|power-margin",
     "K multiplier M: none 1; log-margin ln(max(|m|,1)+1) F; power-margin (|m|+margin_offset)^margin_power F"},
    {"margin_scale", RK_PARAM_NUMBER, 0, 2.2, 0.001, 1e6, nullptr,
     "F = margin_scale / (margin_scale + margin_slope * w), w the winner's rating difference with home advantage"},
    {"margin_slope", RK_PARAM_NUMBER, 0, 0.001, 0.0, 1e6, nullptr, "see margin_scale"},
    {"margin_offset", RK_PARAM_NUMBER, 0, 0.0, 0.0, 1e6, nullptr, "power-margin: added to |m| before the power"},
    {"margin_power", RK_PARAM_NUMBER, 0, 1.0, 0.0, 10.0, nullptr, "power-margin: the exponent"},
    {"margin_tie", RK_PARAM_NUMBER, 0, 1.0, 0.0, 1e6, nullptr, "F for a tied game, which has no winner"},
};
}  // namespace

const rk_descriptor nfl_score_elo::descriptor = {
    sizeof(rk_descriptor), 0, "nfl-score-elo", "1.1.0",
    "Elo for team sports with scores: win/loss or points, home advantage, margin multiplier, season regression",
    RK_CAP_PAIRWISE | RK_CAP_USES_K | RK_CAP_HOME_ADVANTAGE | RK_CAP_DRAWS | RK_CAP_POINTS |
        RK_CAP_PERIODS,
    1, 11, state_fields, param_specs};

}  // namespace ratekit::plugins

RATEKIT_PLUGIN(ratekit::plugins::nfl_score_elo)
