// What the JSON API's routes share: dates and numbers as JSON (null for none),
// a player's row of a list, and the routes of players (player_api.cpp).
#pragma once

#include "serve/site.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace ratekit::serve {

using json = nlohmann::ordered_json;

// "2024-03-31", null for 0.
json date_json(int32_t date);
// null for NaN.
json number_json(double v);
// {"rank", "player", "rating", <state fields>, "games", "peak"} of the list's row at `position`.
json player_json(const rating_list& list, size_t position);

// The list's row of `player`; a not_found when he has none.
size_t row_named(const rating_list& list, const std::string& player);

// /players/{p}, /history, /games and /events (segments after the base: "api", "competitions", c, "players", p, ...).
json player_routes(reading& r, const competition& c, const std::vector<std::string>& path, const query_params& params);
// /head-to-head?a=&b=: A's games against B, newest first, and their sums.
json head_to_head_json(reading& r, const competition& c, const query_params& params);

}  // namespace ratekit::serve
