#include "nfl_score_elo.hpp"

namespace ratekit::plugins {

namespace {
const rk_state_field state_fields[] = {
    sdk::rating_field(0.0, "Elo rating; every team starts at 0 unless the config's initial says otherwise"),
};
const rk_param_spec param_specs[] = {
    sdk::xi_param(1000.0),
    sdk::choice_param("score", "winloss|points",
        "winloss: S = 1, 1/2, 0; points: S = (P + 1) / (P + P' + 2)"),
    sdk::seasonal(sdk::number_param("season_regression", 0.0, 0.0, 1.0,
        "at the first game of each new season, move every team that has played this fraction toward the target")),
    sdk::choice_param("season_regression_target", "mean|value",
        "mean: the mean rating of the teams that have played (keeps their sum); value: season_regression_value"),
    sdk::number_param("season_regression_value", 0.0, -1e6, 1e6,
        "the fixed rating seasons regress toward with season_regression_target: value"),
    sdk::choice_param("margin", "none|log-margin|power-margin",
        "K multiplier M: none 1; log-margin ln(max(|m|,1)+1) F; power-margin (|m|+margin_offset)^margin_power F"),
    sdk::number_param("margin_scale", 2.2, 0.001, 1e6,
        "F = margin_scale / (margin_scale + margin_slope * w), w the winner's rating difference with home advantage"),
    sdk::number_param("margin_slope", 0.001, 0.0, 1e6, "see margin_scale"),
    sdk::number_param("margin_offset", 0.0, 0.0, 1e6, "power-margin: added to |m| before the power"),
    sdk::number_param("margin_power", 1.0, 0.0, 10.0, "power-margin: the exponent"),
    sdk::number_param("margin_tie", 1.0, 0.0, 1e6, "F for a tied game, which has no winner"),
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
