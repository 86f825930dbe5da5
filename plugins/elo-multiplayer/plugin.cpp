#include "elo_multiplayer.hpp"

#include <iterator>

namespace ratekit::plugins {

namespace {
const rk_state_field state_fields[] = {
    sdk::rating_field(1500.0, "rating points (PlayerRatings' elom starts at 1500, as Tenhou)"),
    {"played", 0.0, "games rated so far: Tenhou's K falls with them"},
};

// The base values of places 1 to 8; a table of `seats` reads the first `seats`.
constexpr rk_param_spec base_param(const char* key, double value, const char* help) {
  return sdk::param{.key = key, .default_value = value, .min = -1e6, .max = 1e6, .help = help};
}

// Tenhou's riichi mahjong: 4 seats, base 30, 10, -10, -30, K 0.2 after 400 games (PlayerRatings' defaults).
const rk_param_spec param_specs[] = {
    sdk::param{.key = "seats", .type = RK_PARAM_INTEGER, .default_value = 4, .min = 2, .max = 8,
               .help = "players at a full table (elom's nn); a game of fewer has the base values reduced"},
    sdk::param{.key = "k", .default_value = 0.2, .min = 0.0, .max = 100.0,
               .help = "K once a player has k_games games (kriichi's kv)"},
    sdk::param{.key = "k_games", .default_value = 400, .min = 0.0, .max = 1e9,
               .help = "games until K is k: before, K = 1 - (1 - k) games / k_games (kriichi's gv); 0: K is always k"},
    base_param("base_1", 30, "base value of first place"),
    base_param("base_2", 10, "base value of second place"),
    base_param("base_3", -10, "base value of third place"),
    base_param("base_4", -30, "base value of fourth place"),
    base_param("base_5", 0, "base value of fifth place"),
    base_param("base_6", 0, "base value of sixth place"),
    base_param("base_7", 0, "base value of seventh place"),
    base_param("base_8", 0, "base value of eighth place"),
};
static_assert(std::size(param_specs) == elo_multiplayer::p_base_1 + elo_multiplayer::max_seats);
}  // namespace

const rk_descriptor elo_multiplayer::descriptor = sdk::descriptor{.id = "elo-multiplayer", .version = "1.0.0",
    .summary = "multiplayer Elo (PlayerRatings' elom): base values by place, (r - table mean) / 40 expected, Tenhou's "
               "K",
    .capabilities = RK_CAP_RANKED,
    .bookkeeping_state = 1u << elo_multiplayer::f_played,
    .state = state_fields, .params = param_specs};

}  // namespace ratekit::plugins

RATEKIT_PLUGIN(ratekit::plugins::elo_multiplayer)
