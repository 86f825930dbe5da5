#include "nfl_score_elo.hpp"

namespace ratekit::plugins {

const rk_state_field state_fields[] = {
    sdk::rating_field(0.0, "Elo rating; every team starts at 0 unless the config's initial says otherwise"),
};
const rk_param_spec param_specs[] = {
    sdk::xi_param(1000.0),
    sdk::param{.key = "score", .type = RK_PARAM_CHOICE, .choices = "winloss|points",
               .help = "winloss: S = 1, 1/2, 0; points: S = (P + 1) / (P + P' + 2)"},
    sdk::seasonal(sdk::param{.key = "season_regression", .default_value = 0.0, .min = 0.0, .max = 1.0,
                             .help = "at the first game of each new season, move every team that has played this fraction toward the target"}),
    sdk::param{.key = "season_regression_target", .type = RK_PARAM_CHOICE, .choices = "mean|value",
               .help = "mean: the mean rating of the teams that have played (keeps their sum); value: season_regression_value"},
    sdk::param{.key = "season_regression_value", .default_value = 0.0, .min = -1e6, .max = 1e6,
               .help = "the fixed rating seasons regress toward with season_regression_target: value"},
    sdk::param{.key = "margin", .type = RK_PARAM_CHOICE, .choices = "none|log-margin|power-margin",
               .help = "K multiplier M: none 1; log-margin ln(max(|m|,1)+1) F; power-margin (|m|+margin_offset)^margin_power F"},
    sdk::param{.key = "margin_scale", .default_value = 2.2, .min = 0.001, .max = 1e6,
               .help = "F = margin_scale / (margin_scale + margin_slope * w), w the winner's rating difference with home advantage"},
    sdk::param{.key = "margin_slope", .default_value = 0.001, .min = 0.0, .max = 1e6,
               .help = "see margin_scale"},
    sdk::param{.key = "margin_offset", .default_value = 0.0, .min = 0.0, .max = 1e6,
               .help = "power-margin: added to |m| before the power"},
    sdk::param{.key = "margin_power", .default_value = 1.0, .min = 0.0, .max = 10.0,
               .help = "power-margin: the exponent"},
    sdk::param{.key = "margin_tie", .default_value = 1.0, .min = 0.0, .max = 1e6,
               .help = "F for a tied game, which has no winner"},
};

const rk_descriptor nfl_score_elo::descriptor = sdk::descriptor{.id = "nfl-score-elo", .version = "1.1.0",
    .summary = "Elo for team sports with scores: win/loss or points, home advantage, margin multiplier, season "
               "regression",
    .capabilities = RK_CAP_PAIRWISE | RK_CAP_USES_K | RK_CAP_HOME_ADVANTAGE | RK_CAP_DRAWS | RK_CAP_POINTS |
                    RK_CAP_PERIODS,
    .state = state_fields, .params = param_specs};

}  // namespace ratekit::plugins

RATEKIT_PLUGIN(ratekit::plugins::nfl_score_elo)
