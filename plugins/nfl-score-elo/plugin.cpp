#include "nfl_score_elo.hpp"

namespace ratekit::plugins {

namespace {
const rk_state_field state_fields[] = {
    {"rating", 0.0, "Elo rating; every team starts at 0, so ratings sum to 0"},
};
const rk_param_spec param_specs[] = {
    {"xi", RK_PARAM_NUMBER, 0, 1000.0, 1.0, 1e6, nullptr,
     "logistic spread: a difference of xi points means odds of 10 to 1"},
    {"score", RK_PARAM_CHOICE, 0, 0.0, 0.0, 0.0, "winloss|points",
     "winloss: S = 1, 1/2, 0; points: S = (P + 1) / (P + P' + 2)"},
    {"season_regression", RK_PARAM_NUMBER, 0, 0.0, 0.0, 1.0, nullptr,
     "at the first game of each new season, move every rating this fraction toward the mean"},
};
}  // namespace

const rk_descriptor nfl_score_elo::descriptor = {
    sizeof(rk_descriptor), 0, "nfl-score-elo", "1.0.0",
    "Elo for team sports with scores (Langville and Meyer): win/loss or points, home advantage",
    RK_CAP_PAIRWISE | RK_CAP_USES_K | RK_CAP_HOME_ADVANTAGE | RK_CAP_DRAWS | RK_CAP_POINTS |
        RK_CAP_PERIODS,
    1, 3, state_fields, param_specs};

}  // namespace ratekit::plugins

RATEKIT_PLUGIN(ratekit::plugins::nfl_score_elo)
